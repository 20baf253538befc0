"""A zip archive whose member's compressed stream is damaged is a sentence on the page, never a
500 (issue 35: deflate, bzip2 and lzma each raised an error of its own)."""

import io
import zipfile

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from legacy_deck.archive import MAX_ENTRIES
from legacy_deck.models import UploadedDeck

pytestmark = pytest.mark.django_db

TEXT = "# a deck file\n" + "story = 'the quick brown fox jumps over the lazy dog'\n" * 400


def _damaged(method: int) -> bytes:
    """An archive of deck.toml whose compressed bytes, past their first few, are garbage."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", method) as archive:
        archive.writestr("deck.toml", TEXT)
    data = bytearray(buffer.getvalue())
    info = zipfile.ZipFile(io.BytesIO(bytes(data))).infolist()[0]
    name_length = int.from_bytes(data[info.header_offset + 26 : info.header_offset + 28], "little")
    extra_length = int.from_bytes(data[info.header_offset + 28 : info.header_offset + 30], "little")
    start = info.header_offset + 30 + name_length + extra_length
    for index in range(start + 4, start + info.compress_size - 4):
        data[index] = 0xFF
    return bytes(data)


@pytest.fixture
def host(client):
    user = User.objects.create_user("host", password="a long pass phrase 7")
    client.force_login(user)
    return user


@pytest.mark.parametrize(
    "method", [zipfile.ZIP_DEFLATED, zipfile.ZIP_BZIP2, zipfile.ZIP_LZMA], ids=str
)
def test_a_damaged_member_is_said_to_be_unreadable(client, host, method):
    upload = SimpleUploadedFile("my_deck.zip", _damaged(method))

    response = client.post(reverse("campaign:add_deck"), {"files": [upload]})

    assert response.status_code == 400
    assert "deck.toml cannot be unpacked." in response.content.decode()
    assert not UploadedDeck.objects.exists()


def test_too_many_entries_are_counted_as_files_not_bytes(client, host):
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for number in range(MAX_ENTRIES + 1):
            archive.writestr(f"file{number}.txt", "x")
    upload = SimpleUploadedFile("many.zip", buffer.getvalue())

    page = client.post(reverse("campaign:add_deck"), {"files": [upload]}).content.decode()

    assert f"The archive holds more than {MAX_ENTRIES} files; a deck is three." in page
