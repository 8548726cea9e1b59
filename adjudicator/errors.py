"""Errors that carry a message for the person who gave the input.

Anything raised as `InputError` is reported by the CLI as `error: <message>` with exit code 2,
never as a traceback.
"""


class InputError(Exception):
    """The input (a file, an order, a statement) is malformed or names something unknown."""

    def __init__(self, message: str, *, source: str | None = None):
        self.source = source
        super().__init__(f"{source}: {message}" if source else message)


class BudgetExceeded(Exception):
    """A solver call ran past its time budget; the answer is unknown within that budget."""

    def __init__(self, what: str, seconds: float):
        self.what = what
        self.seconds = seconds
        super().__init__(f"{what}: budget of {seconds:g} s exceeded; the answer is unknown within budget")
