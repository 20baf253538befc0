"""dev.py serve: the checkout keeps one SECRET_KEY of its own (DEBUG=0 needs one), and serves
with uvicorn, reloading only with --dev."""

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def load_dev():
    spec = importlib.util.spec_from_file_location("dev_script", ROOT / "dev.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_secret_key_is_made_once_kept_private_and_reused(tmp_path, monkeypatch):
    dev = load_dev()
    monkeypatch.setattr(dev, "ROOT", tmp_path)

    first = dev._local_secret_key()
    again = dev._local_secret_key()

    assert first == again and len(first) >= 50
    assert (tmp_path / ".secret_key").stat().st_mode & 0o077 == 0


def test_the_addresses_to_open_name_the_network_and_this_computer():
    dev = load_dev()

    urls = dev._addresses_to_open("0.0.0.0:8123")

    assert urls[-1] == "http://127.0.0.1:8123/"
    assert all(url.startswith("http://") and url.endswith(":8123/") for url in urls)
    assert dev._addresses_to_open("127.0.0.1:9000") == ["http://127.0.0.1:9000/"]


def test_serve_runs_uvicorn_and_reloads_only_for_development():
    dev = load_dev()

    served = dev.uvicorn_arguments("0.0.0.0:8123", dev=False)
    developing = dev.uvicorn_arguments("127.0.0.1:9000", dev=True)

    assert served[:3] == ["-m", "uvicorn", "machikoro.asgi:application"]
    assert served[served.index("--host") + 1] == "0.0.0.0"
    assert served[served.index("--port") + 1] == "8123"
    assert "--reload" not in served and "runserver" not in served
    assert "--reload" in developing and "*.html" in developing
