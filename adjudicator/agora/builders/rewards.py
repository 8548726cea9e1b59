"""Rewards (R2496): the officer's grant of a reward to a player (`grant-reward`, `to:` the player,
`cfj:` the CFJ e judged). Whether the condition holds and who CAN grant is encodings/agora/rewards.lp's."""

from __future__ import annotations

from adjudicator.agora.builders.events import EventAt
from adjudicator.agora.builders.state import CaseBuild
from adjudicator.errors import InputError
from adjudicator.solving.terms import Name, fact


def grant_reward(build: CaseBuild, at: EventAt) -> None:
    """R2496: grant the player (`to:`) the reward for judging a CFJ (`cfj:`)."""
    if not at.event.to:
        raise InputError(f"{at.context}: grant whose reward? (to: the player)")
    if at.event.cfj is None:
        raise InputError(f"{at.context}: a reward for which condition? (cfj: the number of the CFJ judged)")
    build.add("act", at.number, fact("grant_reward", Name(build.who(at.event.to, at.context)),
                                     fact("judging_cfj", int(at.event.cfj))))


EVENTS = {"grant-reward": grant_reward}
