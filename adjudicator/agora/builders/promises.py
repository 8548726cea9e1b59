"""Promises (R2618): granting and cashing them, and what cashing causes. Cashing a promise makes
its creator "act as if e published the promise's text": `expand_promises` writes those actions as
events before anything is built; whether they happen is the encodings' (promises.lp)."""

from __future__ import annotations

import json

from pydantic import ValidationError

from adjudicator.agora.builders.events import EventAt
from adjudicator.agora.builders.state import CaseBuild, one_line
from adjudicator.agora.case import Event
from adjudicator.errors import InputError
from adjudicator.inputs import validation_problems
from adjudicator.solving.terms import Name, fact

MAX_CASHING_DEPTH = 4
# An unending chain (a promise whose text grants and cashes a copy of itself) is unrolled this many
# rounds; promises.lp lets it end after either of the last two (R2518: a value that alternates
# indefinitely differs between them, one that settles does not).
CHAIN_ROUNDS = 5


def _title(event: Event) -> str:
    return (event.promise or "").strip().lower()


def _name(grant: Event) -> str:
    """A grant as statements name events: its id, else its place in the file."""
    return str(grant.id) if grant.id is not None else str(grant._position)


class _Cashings:
    """The promises granted so far (by title: every grant's event, in order) and the actions a cashing causes."""

    def __init__(self, where: str):
        self.where = where
        self.granted: dict[str, list[Event]] = {}

    def grant(self, event: Event) -> None:
        self.granted.setdefault(_title(event), []).append(event)

    def caused(self, event: Event, label: str, depth: int, texts: dict[str, tuple[str | None, int]],
               chain: str | None, chain_round: int | None) -> list[Event]:
        """The actions of the text of each grant of the promise `event` cashes, made before it: which
        grant the casher holds (if any) is the encodings' (promises.lp), so each action names its
        grants. Grants with one creator and one text are expanded once. `texts`: the texts being
        cashed around this cashing (repr -> its chain and round)."""
        groups: dict[tuple[str, str], list[Event]] = {}
        for grant in self.granted.get(_title(event), []):
            groups.setdefault((str(grant.by), repr(grant.text)), []).append(grant)
        caused: list[Event] = []
        for n, grants in enumerate(groups.values(), 1):
            where = label if len(groups) == 1 else f"{label}.g{n}"
            caused += self._expand(event, grants, where, depth, texts, chain, chain_round)
        return caused

    def _expand(self, event: Event, grants: list[Event], label: str, depth: int,
                texts: dict[str, tuple[str | None, int]], chain: str | None, chain_round: int | None) -> list[Event]:
        """The actions of the text of `grants` (one creator, one text) as caused by cashing `event`."""
        grant = grants[0]
        key = repr(grant.text)
        if key in texts:  # the text being cashed again, inside its own cashing: an unending chain
            chain, outer_round = texts[key]
            chain = chain or str(event.id)
            chain_round, depth = outer_round + 1, 1
            if chain_round > CHAIN_ROUNDS:
                return []
        elif depth > MAX_CASHING_DEPTH:
            raise InputError(f"{self.where}: promise {event.promise!r}: cashing it cashes promises more than "
                             f"{MAX_CASHING_DEPTH} deep")
        inner_texts = dict(texts)
        caused: list[Event] = []
        for k, spec in enumerate(grant.text, 1):
            if not isinstance(spec, dict) or "do" not in spec:
                raise InputError(f"{self.where}: promise {grant.promise!r}: each action of its text is a mapping "
                                 "with do:")
            marks = {"chain": chain, "chain_round": chain_round} if chain is not None else {}
            try:
                inner = Event.model_validate({**spec, "id": f"{label}.{k}", "at": event.at, "by": grant.by,
                                              "caused_by": event.id, "grants": [_name(g) for g in grants], **marks})
            except ValidationError as exc:  # e.g. a nested promise whose text is not a list of actions
                raise InputError(f"{self.where}: promise {grant.promise!r}: action {k} of its text: "
                                 f"{validation_problems(exc)}") from None
            if inner.text == "same":
                inner = inner.model_copy(update={"text": grant.text})
            caused.append(inner)
            if inner.do.strip().lower().replace("_", "-") == "grant-promise":
                self.grant(inner)
            if inner.do.strip().lower() == "cash":
                # the chain, if this cashing repeats a text: the first round is the one this text began
                inner_texts[key] = (chain if chain is not None else str(event.id), chain_round or 0)
                caused.extend(self.caused(inner, f"{label}.{k}", depth + 1, inner_texts, chain, chain_round))
        return caused


def expand_promises(events: list[Event], where: str) -> list[Event]:
    """R2618: each `cash` event is followed (same time, R478 order) by the actions of the text of
    each grant of the promise made before it, by that grant's creator, marked `caused_by` the
    cashing and with their grants: they happen only if the cashing is EFFECTIVE and cashed such a
    grant (the encodings decide). A text that cashes promises again is expanded MAX_CASHING_DEPTH
    deep. A cashing that would cash a promise with the very text being cashed (a promise that
    grants and cashes a copy of itself) starts an unending chain: its rounds are unrolled
    CHAIN_ROUNDS times and marked (`chain`, `chain_round`), and the encodings say what the value
    after an unending chain is (R2518, promises.lp)."""
    cashings = _Cashings(where)
    out: list[Event] = []
    for n, event in enumerate(events, 1):
        kind = event.do.strip().lower().replace("_", "-")
        if kind == "cash" and event.id is None:  # the actions it causes name it
            event = event.model_copy(update={"id": f"cash-{n}"})
        if kind == "grant-promise" and event.id is None and event._position is None:
            event = event.model_copy(update={"id": f"grant-{n}"})  # else named by its place in the file
        out.append(event)
        if kind == "grant-promise":
            if event.text == "same":
                raise InputError(f"{where}: event {event.id}: 'text: same' is for a promise's own text")
            cashings.grant(event)
        elif kind == "cash":
            out.extend(cashings.caused(event, str(event.id), 1, {}, None, None))
    return out


def promise_text_words(text: object) -> str:
    """A promise's text (its actions) in one canonical spelling, for comparing a report's with it:
    keys and words in lower case, one space."""
    def canonical(value):
        if isinstance(value, dict):
            return {" ".join(str(k).lower().split()): canonical(v) for k, v in value.items()}
        if isinstance(value, list):
            return [canonical(v) for v in value]
        return " ".join(str(value).lower().split())
    return one_line(json.dumps(canonical(text), sort_keys=True))


def grant_promise(build: CaseBuild, at: EventAt) -> None:
    event = at.event
    if not event.promise or not event.to:
        raise InputError(f"{at.context}: a promise needs its title (promise:) and bearer (to:)")
    build.add("act", at.number, fact("grant_promise", one_line(event.promise.strip().lower()),
                                     Name(build.who(event.to, at.context))))
    if event.text != "same":  # R2608: the Notary's report gives the text
        build.add("promise_text", at.number, promise_text_words(event.text))


def cash(build: CaseBuild, at: EventAt) -> None:
    if not at.event.promise:
        raise InputError(f"{at.context}: cash which promise? (promise:)")
    build.add("act", at.number, fact("cash", one_line(at.event.promise.strip().lower())))


def unending_chains(build: CaseBuild) -> None:
    """R2518: each unending chain of cashings, with the rounds unrolled (promises.lp)."""
    for chain, rounds in build.chains.items():
        build.add("unending_chain", chain, rounds)


EVENTS = {"grant-promise": grant_promise, "cash": cash}
