"""Adding a deck a host wrote: its three TOML files (or one zip archive of them) checked as
`check_deck` checks them, stored only if nothing is wrong, and every problem told otherwise.

    row = add_deck(files, owner=request.user)   # DeckRefused(problems) and nothing stored
    delete_deck(row)                            # DeckRefused while campaigns are played with it

A deck is data: its text is stored as it came and only ever read by the loader, which bounds
every size before it builds anything; templates escape all of it.
"""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.template.defaultfilters import filesizeformat
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from play.player_colours import PLAYER_COLOURS

from .archive import ArchiveProblem, deck_files, is_zip
from .format import Deck
from .loader import FILES, MAX_FILE_BYTES, SHIPPED, read_deck_text
from .models import UploadedDeck
from .problem_words import problem_words
from .shipped import deck_folders
from .validate import validate

# Three files at their largest, or an archive of them; a request larger than this is refused
# before its content is read.
MAX_UPLOAD_BYTES = 3 * MAX_FILE_BYTES
MAX_UPLOADED_FILES = 3


class DeckRefused(ValueError):
    """The deck is not stored; `problems` says every reason, each in the page's language."""

    def __init__(self, problems: list[str]):
        super().__init__("\n".join(problems))
        self.problems = problems


def add_deck(files, *, owner, for_everyone: bool = False) -> UploadedDeck:
    """Check the uploaded files (Django UploadedFile objects) and store the deck they make."""
    texts = _texts(files)
    deck, problems = read_deck_text(texts)
    if deck is not None:
        problems += validate(deck)
    refused = [problem_words(problem) for problem in problems]
    if deck is not None:
        refused += _installation_problems(deck)
    if refused:
        raise DeckRefused(refused)
    try:
        with transaction.atomic():
            return UploadedDeck.objects.create(
                deck_id=deck.id,
                digest=deck.digest,
                title=deck.cover.title.get(deck.cover.languages[0], deck.id)[:200],
                owner=owner,
                for_everyone=for_everyone,
                box_back=deck.box_back(),
                **{role: _decoded(texts[role]) for role in FILES},
            )
    except IntegrityError:
        raise DeckRefused([_("You have added this deck in this version already.")]) from None


def delete_deck(row: UploadedDeck) -> None:
    """Remove an added deck, unless a campaign is bound to it.

    The row is locked first: a campaign begun on it at the same moment locks it too, so the two
    happen one after the other, and whichever comes second sees the first."""
    with transaction.atomic():
        locked = UploadedDeck.objects.select_for_update().filter(pk=row.pk).only("pk").first()
        if locked is None:
            return  # deleted by another request already
        count = locked.campaigns.count()
        if count:
            raise DeckRefused(
                [
                    ngettext(
                        "%(count)s campaign is played with this deck; it cannot be deleted "
                        "while it is.",
                        "%(count)s campaigns are played with this deck; it cannot be deleted "
                        "while they are.",
                        count,
                    )
                    % {"count": count}
                ]
            )
        locked.delete()


def _texts(files) -> dict[str, bytes]:
    """The deck files' bytes by role, from three files or one archive; DeckRefused otherwise."""
    files = list(files)
    if not files:
        raise DeckRefused([_("Choose the deck's three files, or one zip archive of them.")])
    if len(files) > MAX_UPLOADED_FILES:
        raise DeckRefused([_("A deck is three files: components.toml, deck.toml, boxes.toml.")])
    total = sum(upload.size or 0 for upload in files)
    if total > MAX_UPLOAD_BYTES:
        raise DeckRefused(
            [
                _("The upload is %(size)s; a deck is at most %(limit)s.")
                % {"size": filesizeformat(total), "limit": filesizeformat(MAX_UPLOAD_BYTES)}
            ]
        )
    contents = [(upload.name or "", upload.read(MAX_UPLOAD_BYTES + 1)) for upload in files]
    if len(contents) == 1 and is_zip(contents[0][1]):
        texts, problems = deck_files(contents[0][1])
        if problems:
            raise DeckRefused([archive_words(problem) for problem in problems])
        return texts
    roles = {name: role for role, name in FILES.items()}
    texts, refused = {}, []
    for name, content in contents:
        role = roles.get(name.rsplit("/", 1)[-1])
        if role is None:
            refused.append(
                _(
                    "%(name)s is not a deck file: a deck is components.toml, deck.toml and "
                    "boxes.toml, or one zip archive of them."
                )
                % {"name": name[:100]}
            )
        elif role in texts:
            refused.append(_("%(name)s was chosen twice.") % {"name": name})
        else:
            texts[role] = content
    if refused:
        raise DeckRefused(refused)
    return texts


def _decoded(raw: bytes | str) -> str:
    return raw if isinstance(raw, str) else raw.decode("utf-8")


def _installation_problems(deck: Deck) -> list[str]:
    """What this installation asks of an added deck beyond the format: an id of its own, and
    colours its screens can show."""
    problems = []
    if deck.id in {folder.name for folder in deck_folders(SHIPPED)}:
        problems.append(
            _("deck.toml, campaign.id: “%(id)s” is a deck this app ships; choose another id.")
            % {"id": deck.id}
        )
    unknown = [colour for colour in deck.shape.colours if colour not in PLAYER_COLOURS]
    if unknown:
        problems.append(
            _("deck.toml, campaign.colours: this app has no colour %(colours)s (only %(known)s).")
            % {"colours": ", ".join(unknown), "known": ", ".join(PLAYER_COLOURS)}
        )
    return problems


# -- every problem in the page's language ----------------------------------------------------


def archive_words(problem: ArchiveProblem) -> str:
    params = dict(problem.params)
    if problem.code == "too_large":  # the other limit, too_many_entries's, counts files
        params["limit"] = filesizeformat(params["limit"])
    return {
        "not_an_archive": _("The file is not a zip archive that can be read."),
        "too_many_entries": _("The archive holds more than %(limit)s files; a deck is three."),
        "archive_inside": _("%(name)s: an archive inside the archive is not read."),
        "unknown_file": _(
            "%(name)s is not a deck file: a deck is components.toml, deck.toml and boxes.toml."
        ),
        "too_deep": _("%(name)s lies too deep in the archive (at most one folder)."),
        "twice": _("%(name)s is in the archive twice."),
        "too_large": _("%(name)s is larger than %(limit)s."),
        "unreadable": _("%(name)s cannot be unpacked."),
    }[problem.code] % params
