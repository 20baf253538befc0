"""Why a campaign step cannot be taken, or a backup cannot be imported: one message in the active
language, nothing changed."""

from __future__ import annotations


class FlowError(Exception):
    """A step that cannot be taken now; `message` says why, in the active language."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class WrongPhase(FlowError):
    """The campaign is not in the phase the step belongs to (it happened, or is still ahead)."""


class Overtaken(FlowError):
    """Another device took a step since this one was shown: the step changes nothing."""


class BackupError(ValueError):
    """The file cannot be imported; the message says why, in the active language."""
