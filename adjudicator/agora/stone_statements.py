"""Statements and action phrases about stones (R2640-R2645: encodings/agora/stones.lp): "bob wielded
the Power Stone", "the Soul Stone is immune", "bob owns the Wealth Stone", "bob wielded the
Gauntlet", each with its negation; the actions "wield the Power Stone specifying bob and decision
8500", "wield the Soul Stone specifying the Power Stone", "publish a collection notice". A stone
the rules do not define is refused naming the nearest (the stones are economy.lp's assets)."""

from __future__ import annotations

import re

import clingo

from adjudicator.agora.asset_statements import asset, asset_names, owns_asset
from adjudicator.agora.office_statements import PT, WHO, Body, _maybe_not
from adjudicator.errors import InputError, excerpt
from adjudicator.names import nearest_names
from adjudicator.solving.terms import Name, atom, fact, name_of

# R2645: what each stone's scroll needs specified
SHAPES = {"power_stone": ("player", "decision"), "wealth_stone": ("player",), "concentration_stone": ("player",),
          "sabotage_stone": ("decision",), "soul_stone": ("stone",), "protection_stone": ("stone",)}
STONE = r"(?:the |an? )?(?!no |one )(?P<stone>[A-Za-z][\w\- ]*? stone)"


def stone(text: str, where: str) -> Name:
    """A stone by its name (`Power Stone`, `the power stone`), or refused naming the nearest stones."""
    words = " ".join(str(text).split())
    words = re.sub(r"^the ", "", words, flags=re.I)
    stones = {k: v for k, v in asset_names().items() if v in SHAPES}
    term = stones.get(words.lower().replace("-", " "))
    if term is None:
        raise InputError(f"{where}: {excerpt(words)} is not a stone the rules define (R2645; "
                         f"{nearest_names(words, {k: v.replace('_', ' ').title() for k, v in stones.items()})})")
    return Name(term)


def decision_term(text: str) -> Name:
    return Name(name_of(str(text).strip().lstrip("#")))


def wield_spec(kind: Name, player: Name | None, decision: Name | None, other: Name | None) -> clingo.Symbol:
    """The values a wielding specifies, in the shape the stone's scroll needs (`none` when one is missing)."""
    given = {"player": player, "decision": decision, "stone": other}
    shape = SHAPES[str(kind)]
    if any(given[part] is None for part in shape):
        return Name("none")
    if shape == ("player", "decision"):
        return fact("player_decision", player, decision)
    return fact(shape[0], given[shape[0]])


def stone_action(low: str, lexicon, where: str, action_term) -> tuple[clingo.Symbol, list, list] | None:
    """The term of a stone action phrase (lower case, one space), or None."""
    m = re.fullmatch(r"wield (?:the )?(?P<stone>.+? stone)(?: (?:specifying|on|for|targeting) (?P<spec>.+))?", low)
    if m:
        kind = stone(m["stone"], where)
        player = decision = other = None
        for part in re.split(r",? and |, ", m["spec"] or ""):
            part = part.strip()
            if not part:
                continue
            d = re.fullmatch(r"(?:the )?(?:agoran )?(?:decision|proposal) (?:on )?#?(\S+)", part)
            if d:
                decision = decision_term(d[1])
            elif part.endswith(" stone"):
                other = stone(part, where)
            else:
                player = lexicon.person(part, where)
        persons = [player] if player is not None else []
        return fact("wield", kind, wield_spec(kind, player, decision, other)), persons, []
    if low in ("publish a collection notice", "publish the collection notice"):
        return Name("collection_notice"), [], []
    return None


def _wielded(m, lx, w) -> Body:
    who, kind = lx.person(m["who"], w), stone(m["stone"], w)
    return Body(_maybe_not(atom("wielded_by", who, kind, PT), m), [atom("wield_query", who, kind, PT)], persons=[who])


def _immune(m, lx, w) -> Body:
    kind = stone(m["stone"], w)
    return Body(_maybe_not(atom("immune_at", kind, PT), m), [atom("immune_query", kind, PT)])


def _owns(m, lx, w) -> Body:
    who, kind = lx.person(m["who"], w), stone(m["stone"], w)
    negative = "not" in m["neg"].lower()
    made = owns_asset(who, kind, 1, "fewer than" if negative else "at least")
    return Body(made["literals"], made["facts"], persons=[who])


def _gauntlet(m, lx, w) -> Body:
    who = lx.person(m["who"], w)
    return Body(_maybe_not(atom("gauntlet_by", who, PT), m), [atom("gauntlet_query", who, PT)], persons=[who])


PATTERNS = [
    (re.compile(rf"^{WHO} (?P<neg>wielded|has wielded|did not wield|has not wielded) (?:the )?Gauntlet$", re.I), _gauntlet),
    (re.compile(rf"^{WHO} (?P<neg>wielded|has wielded|did not wield|has not wielded) {STONE}$", re.I), _wielded),
    (re.compile(rf"^{STONE} (?P<neg>is|was|is not|was not) immune$", re.I), _immune),
    (re.compile(rf"^{WHO} (?P<neg>owns|owned|has|had|does not own|did not own|does not have|did not have) {STONE}$", re.I),
     _owns),
]

