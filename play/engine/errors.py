class IllegalAction(ValueError):
    """An action, setup or saved state the rules do not allow; the message is for people."""


class ContentError(ValueError):
    """A card, landmark or edition definition that does not hold together."""
