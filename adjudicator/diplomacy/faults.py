"""A fault of the adjudicator itself, not of the input: an encoding that should give exactly one
model for every input gave several or none, or left an order without a result. The CLI reports it
as an internal error naming the phase, exit 1 (bad input is `InputError`, exit 2)."""

from __future__ import annotations


class EncodingFault(RuntimeError):
    """An encoding answered what its contract rules out (several or no models, a missing result)."""

    def __init__(self, phase: str, problem: str):
        self.phase, self.problem = phase, problem
        super().__init__(f"internal error in the {phase}: {problem} (a fault of the adjudicator, "
                         "not of the input; please report it with the input)")
