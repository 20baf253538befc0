"""A deck's three files out of one zip archive, read within bounds (no Django here).

An archive is untrusted: its listing may lie about sizes, it may hold thousands of entries,
archives inside it, or paths that climb out of it. Only the three deck files are read, each at
most MAX_FILE_BYTES however large it claims or turns out to be; nothing is unpacked to disk.
"""

from __future__ import annotations

import io
import lzma
import zipfile
import zlib
from pathlib import PurePosixPath

from .loader import FILES, MAX_FILE_BYTES

MAX_ENTRIES = 20
ARCHIVE_SUFFIXES = (".zip", ".jar", ".tar", ".gz", ".tgz", ".7z", ".rar", ".xz", ".bz2")


# What reading a member whose stream is damaged raises: zipfile's own errors (a bad CRC, an
# encrypted or unknown method), and each decompressor's (deflate: zlib.error, bzip2: OSError,
# lzma: LZMAError); none is worth more than a sentence.
_DAMAGED = (
    zipfile.BadZipFile,
    NotImplementedError,
    RuntimeError,
    ValueError,
    EOFError,
    OSError,
    zlib.error,
    lzma.LZMAError,
)


class ArchiveProblem(ValueError):
    """What is wrong with an archive: a code and its parameters (the page words it)."""

    def __init__(self, code: str, **params):
        super().__init__(code)
        self.code, self.params = code, params


def is_zip(data: bytes) -> bool:
    return data[:4] in (b"PK\x03\x04", b"PK\x05\x06")


def deck_files(data: bytes) -> tuple[dict[str, bytes], list[ArchiveProblem]]:
    """The deck files in a zip archive, by role, and every problem found with it."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        entries = archive.infolist()
    except (zipfile.BadZipFile, zipfile.LargeZipFile, ValueError, EOFError):
        return {}, [ArchiveProblem("not_an_archive")]
    if len(entries) > MAX_ENTRIES:
        return {}, [ArchiveProblem("too_many_entries", limit=MAX_ENTRIES)]
    roles = {name: role for role, name in FILES.items()}
    texts: dict[str, bytes] = {}
    problems: list[ArchiveProblem] = []
    for entry in entries:
        path = PurePosixPath(entry.filename)
        if entry.is_dir() or path.parts[:1] == ("__MACOSX",) or path.name.startswith("."):
            continue
        if path.suffix.lower() in ARCHIVE_SUFFIXES:
            problems.append(ArchiveProblem("archive_inside", name=path.name))
            continue
        role = roles.get(path.name)
        if role is None:
            problems.append(ArchiveProblem("unknown_file", name=path.name))
            continue
        if len(path.parts) > 2 or ".." in path.parts:
            problems.append(ArchiveProblem("too_deep", name=entry.filename[:200]))
            continue
        if role in texts:
            problems.append(ArchiveProblem("twice", name=path.name))
            continue
        if entry.file_size > MAX_FILE_BYTES:
            problems.append(ArchiveProblem("too_large", name=path.name, limit=MAX_FILE_BYTES))
            continue
        try:
            with archive.open(entry) as member:
                content = member.read(MAX_FILE_BYTES + 1)  # the listing's size may lie
        except _DAMAGED:
            problems.append(ArchiveProblem("unreadable", name=path.name))
            continue
        if len(content) > MAX_FILE_BYTES:
            problems.append(ArchiveProblem("too_large", name=path.name, limit=MAX_FILE_BYTES))
            continue
        texts[role] = content
    return texts, problems
