"""Issue 36, item 11: `dev.py serve 127.0.0.1:PORT` does not tell people to open a loopback
address on their phones; the home network's addresses still go to the phones."""

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def dev_script():
    spec = importlib.util.spec_from_file_location("dev_script_words", ROOT / "dev.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_loopback_address_is_for_this_computer_alone():
    dev = dev_script()
    for address in ("127.0.0.1:9000", "localhost:9000", "[::1]:9000"):
        words = dev._where_to_open(address)
        assert "phone or computer on this network" not in words
        assert "phones cannot reach" in words and "serve 9000" in words


def test_the_home_networks_addresses_go_to_the_phones():
    dev = dev_script()
    for address in ("0.0.0.0:8000", "192.168.1.20:8000"):
        words = dev._where_to_open(address)
        assert "open the game on any phone or computer on this network" in words
    assert "http://192.168.1.20:8000/" in dev._where_to_open("192.168.1.20:8000")
