"""The wheel carries the site's templates, static files and translations inside the `machikoro`
package (machikoro/site/...), since they live beside the packages in the checkout; settings.py
looks for them there first. Everything else about the build is in pyproject.toml.

A build writes nothing into the checkout: setuptools' `build/` and `machikoro.egg-info` go to a
folder of its own that is removed afterwards. So a service user builds from a checkout it may
only read, and no build reuses what an earlier one left in `build/` (a template deleted since
would otherwise ship again)."""

import atexit
import shutil
import tempfile
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

SITE_FOLDERS = ("templates", "static", "locale")


class BuildWithSiteFiles(build_py):
    def run(self):
        super().run()
        if self.editable_mode:
            return  # an editable install reads them from the checkout itself
        root = Path(__file__).resolve().parent
        target = Path(self.build_lib) / "machikoro" / "site"
        for folder in SITE_FOLDERS:
            shutil.copytree(
                root / folder,
                target / folder,
                dirs_exist_ok=True,
                ignore=shutil.ignore_patterns("__pycache__", "*.py[cod]"),
            )


def _remove(folder: str) -> None:
    # Folders copied from a read-only checkout are read-only too: make them writable first.
    for path in Path(folder).rglob("*"):
        if path.is_dir() and not path.is_symlink():
            path.chmod(0o700)
    shutil.rmtree(folder, ignore_errors=True)


BUILD_FOLDER = tempfile.mkdtemp(prefix="machikoro-build-")
atexit.register(_remove, BUILD_FOLDER)

setup(
    cmdclass={"build_py": BuildWithSiteFiles},
    options={"build": {"build_base": BUILD_FOLDER}, "egg_info": {"egg_base": BUILD_FOLDER}},
)
