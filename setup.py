"""The wheel carries the site's templates, static files and translations inside the `config`
package (config/site/...), since they live beside the packages in the checkout; settings.py
looks for them there first. Everything else about the build is in pyproject.toml."""

import shutil
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
        target = Path(self.build_lib) / "config" / "site"
        for folder in SITE_FOLDERS:
            shutil.copytree(
                root / folder,
                target / folder,
                dirs_exist_ok=True,
                ignore=shutil.ignore_patterns("__pycache__", "*.py[cod]"),
            )


setup(cmdclass={"build_py": BuildWithSiteFiles})
