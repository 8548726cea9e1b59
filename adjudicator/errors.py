"""Errors that carry a message for the person who gave the input.

Anything raised as `InputError` is reported by the CLI as `error: <message>` with exit code 2,
never as a traceback. Messages quote at most a short excerpt of the input (`excerpt`), and are
cut at `MAX_MESSAGE` characters whatever the caller put in them: an error must not echo a
megabyte of input back.
"""

MAX_MESSAGE = 1000  # characters of one error line
MAX_EXCERPT = 60  # characters of the input quoted in a message


def excerpt(value: object, limit: int = MAX_EXCERPT) -> str:
    """`value` as a quoted, one-line excerpt of at most about `limit` characters."""
    text = value if isinstance(value, str) else repr(value)
    if len(text) > limit:
        text = f"{text[:limit]}... ({len(text)} characters)"
    return repr(text) if isinstance(value, str) else text


def one_line(message: str, limit: int = MAX_MESSAGE) -> str:
    """A message on one line and at most `limit` characters."""
    flat = " ".join(message.split())
    return flat if len(flat) <= limit else flat[: limit - 30].rstrip() + f" ... ({len(flat)} characters)"


class InputError(Exception):
    """The input (a file, an order, a statement) is malformed or names something unknown."""

    def __init__(self, message: str, *, source: str | None = None):
        self.source = one_line(source, 120) if source else source
        super().__init__(one_line(f"{self.source}: {message}" if self.source else message))


class UsageError(InputError):
    """The command line itself is wrong (an unknown option, a bad --timeout): exit 2 like bad input."""


class BudgetExceeded(Exception):
    """A solver call (or the whole command) ran past its time or memory budget; the answer is
    unknown within that budget."""

    def __init__(self, what: str, seconds: float, *, resource: str = "time"):
        self.what = what
        self.seconds = seconds
        self.resource = resource
        budget = f"budget of {seconds:g} s exceeded" if resource == "time" else f"{resource} budget exceeded"
        super().__init__(one_line(f"{what}: {budget}; the answer is unknown within budget"))


class Undecided(Exception):
    """A model cannot decide the question: the input has a part it does not understand, named in the
    message. Reported as `unknown: <message>` with exit 3, like an answer unknown within budget."""

    def __init__(self, message: str):
        super().__init__(one_line(message))
