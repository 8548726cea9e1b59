"""The parameters of Agora's rule-changing machinery, read from a ruleset as gamestate.

Nothing here is a second copy of the rules: every value is read from the ruleset being analysed
(whether the rule that gives it is in force, its Power, and the number its text states), so a
proposal that amends R107's "7 days" or repeals R106 changes the parameters the ossification model
(`adjudicator.analysis.ossification`) works with. A rule that is missing or whose sentence no longer
reads as expected gives the value the rules give without it (e.g. no R2034: resolution messages
are not self-ratifying), and says so in `why`.

Each `Param` carries the rule it comes from and that rule's Power: a proposal of at least that
Power can change it (R2140), which is how several-step plans (CFJ 3765) are found, and which rule
IDs an unsat core names.
"""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any, Callable

from pydantic import BaseModel, Field

from adjudicator.analysis.rule_precedence import prevailing
from adjudicator.rulesets.model import Rule, Ruleset

WORDS = {"zero": 0, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
         "nine": 9, "ten": 10, "eleven": 11, "twelve": 12, "thirteen": 13, "fourteen": 14, "fifteen": 15,
         "twenty": 20, "thirty": 30, "sixty": 60, "ninety": 90}
NUM = r"(\d+(?:\.\d+)?|" + "|".join(WORDS) + r")"


def number(text: str) -> Decimal:
    text = text.lower()
    return Decimal(WORDS[text]) if text in WORDS else Decimal(text)


class Edit(BaseModel):
    """How a proposal would change a parameter back to its favourable value (replayed through R105)."""

    rule: int
    repeal: bool = False
    old: str | None = None
    new: str | None = None

    def instruction(self) -> str:
        if self.repeal:
            return f"Repeal rule {self.rule}."
        return f'Amend rule {self.rule} by replacing "{self.old}" with "{self.new}".'


class Param(BaseModel):
    name: str
    value: Any
    rule: str  # "R107", or "" for a value no rule gives (a default of the model)
    power: Decimal | None = None  # the source rule's Power: a proposal this strong can change it
    why: str
    favourable: Any = None  # the value once a proposal has rewritten the source (None: not changeable)
    edit: Edit | None = None


class AgoraParameters(BaseModel):
    params: dict[str, Param] = Field(default_factory=dict)
    # Sentences of rules in force that state a parameter in words no reader understands: the
    # model's answer cannot be given without them (no silent answers).
    not_understood: list[str] = Field(default_factory=list)

    def __getitem__(self, name: str) -> Any:
        return self.params[name].value

    def add(self, **kwargs: Any) -> None:
        param = Param(**kwargs)
        self.params[param.name] = param


def _flat(text: str) -> str:
    return " ".join(text.split())


def _in_force(ruleset: Ruleset) -> dict[int, Rule]:
    return {r.id: r for r in ruleset.in_force() if r.id is not None and not r.prefix}


def _find(rule: Rule | None, pattern: str) -> re.Match | None:
    return re.search(pattern, _flat(rule.text), re.I) if rule is not None else None


def _quote(match: re.Match) -> str:
    return f'"{match.group(0)}"'


class _Source:
    """The rules in force of the ruleset being read, and the parameters read from it so far."""

    def __init__(self, ruleset: Ruleset, out: AgoraParameters) -> None:
        self.rules = _in_force(ruleset)
        self.out = out
        self._found: dict[tuple[int, str], re.Match | None] = {}
        self.sentences: dict[str, tuple[Rule, str]] = {}  # parameter -> the rule and sentence that give it

    def rule(self, rid: int) -> Rule | None:
        return self.rules.get(rid)

    def power(self, rid: int) -> Decimal | None:
        return self.rules[rid].power if rid in self.rules else None

    def find(self, rid: int, pattern: str) -> re.Match | None:
        """`pattern` in rule `rid`'s text (None when the rule is not in force or does not say it)."""
        key = (rid, pattern)
        if key not in self._found:
            self._found[key] = _find(self.rules.get(rid), pattern)
        return self._found[key]

    def not_understood(self, rid: int, what: str, sentence: str) -> None:
        self.out.not_understood.append(f"R{rid}: {what} is not understood: \"{sentence}\"")

    def any_rule_says(self, pattern: str) -> bool:
        return any(_find(rule, pattern) for rule in self.rules.values())

    def value(self, name: str) -> Any:
        """A parameter read before this one."""
        return self.out[name]


Reading = dict[str, Any]  # a Param's fields but its name


# R1698: the period within which a proposal must not ossify Agora.
_R1698_PERIOD = rf"within an? {NUM}-week period"


def _horizon_days(src: _Source) -> Reading:
    m = src.find(1698, _R1698_PERIOD)
    weeks = int(number(m.group(1))) if m else 4
    return dict(value=weeks * 7, rule="R1698" if m else "", power=src.power(1698),
                why=f"R1698: {_quote(m)}" if m else "R1698 is not in force or names no period: the issue's 28 days")


def _r1698_in_force(src: _Source) -> Reading:
    in_force = src.rule(1698) is not None
    return dict(value=in_force, rule="R1698", power=src.power(1698),
                why="R1698 is in force: a proposal whose net effect would ossify Agora cannot take effect"
                if in_force else "R1698 is not in force: nothing cancels an ossifying proposal")


# A rule that forbids every rule change ("no rule can be created, modified or repealed").
_CHANGED = r"(?:created|modified|amended|changed|repealed|destroyed)(?:,? (?:or |and )?(?:created|modified|amended|changed|repealed|destroyed))*"
_STASIS = (rf"\b(?:no rules? (?:can|may|shall) (?:ever )?be {_CHANGED}|"
           rf"rules? (?:cannot|can not|can't) (?:ever )?be {_CHANGED}|"
           r"no rule changes? (?:can|may|shall) (?:ever )?(?:be made|occur|take effect)|"
           r"rule changes? (?:cannot|can not|can't) (?:ever )?(?:be made|occur|take effect))")


def _rule_changes_forbidden(src: _Source) -> Reading:
    """R2140: an instrument is bound by the prohibitions of rules of lower Power unless it overrides
    them explicitly, and by those of rules of its own Power or higher in any case; so a rule that
    forbids every rule change stops every instrument of its Power or lower."""
    found = [(rule.power or Decimal(0), rid, m.group(0)) for rid, rule in src.rules.items()
             for m in [_find(rule, _STASIS)] if m]
    if not found:
        return dict(value=None, rule="", why="no rule in force forbids every rule change")
    power, rid, sentence = max(found, key=lambda f: (f[0], -f[1]))
    return dict(value=power, rule=f"R{rid}", power=power,
                why=f'R{rid} (Power {power}): "{sentence}": no instrument of Power {power} or lower can make a '
                    f"rule change (R2140: bound by the prohibitions of rules of its own Power or higher; the "
                    f"reading that an instrument of equal Power could override it would leave a way out)")


def _r105_in_force(src: _Source) -> Reading:
    in_force = src.rule(105) is not None
    return dict(value=in_force, rule="R105", power=src.power(105),
                why="R105 is in force: rule changes are made by the mechanism it gives" if in_force else
                "R105 is not in force: no rule gives the mechanism by which rules are created, modified or "
                "destroyed (the reading that an adopted proposal still changes the rules as an instrument under "
                "R106 alone would leave a way out)")


def _goal_power(src: _Source) -> Reading:
    """R2141: the highest Power a rule can have, which the goal instrument needs."""
    m = src.find(2141, rf"power between {NUM} and {NUM}")
    top = number(m.group(2)) if m else max((r.power or Decimal(0) for r in src.rules.values()), default=Decimal(0))
    return dict(value=top, rule="R2141" if m else "", power=src.power(2141),
                why=f"R2141: {_quote(m)}: an instrument of Power {top} can make any rule change" if m else
                "R2141 gives no range: the highest Power in the ruleset")


# R106: adopted proposals take effect with power min(cap, AI).
_R106_TAKES_EFFECT = rf"its power is set to the minimum of {NUM} and its adoption index, it takes effect"


def _proposals_take_effect(src: _Source) -> Reading:
    m = src.find(106, _R106_TAKES_EFFECT)
    return dict(value=m is not None, rule="R106", power=src.power(106),
                why=f"R106: {_quote(m)}" if m else
                ("R106 is not in force: no rule makes an adopted proposal take effect" if src.rule(106) is None else
                 "R106 no longer says that an adopted proposal takes effect with the minimum of a cap and its AI"),
                favourable=True, edit=None)


def _r106_cap(src: _Source) -> Reading:
    m = src.find(106, _R106_TAKES_EFFECT)
    cap = number(m.group(1)) if m else Decimal(0)
    return dict(value=cap, rule="R106", power=src.power(106),
                why=f"R106: power set to the minimum of {cap} and its adoption index" if m else "no R106")


def _r106_power_limit(src: _Source) -> Reading:
    """R2140 item 1: R106 cannot give an instrument power above its own if it is weaker than R2140."""
    r2140, r106 = src.power(2140), src.power(106)
    limit = r106 if (r2140 is not None and r106 is not None and r106 < r2140) else None
    return dict(value=limit, rule="R2140", power=r2140,
                why=(f"R2140(1): R106 (Power {r106}) is below R2140 (Power {r2140}) and cannot give a proposal "
                     f"power greater than {r106}") if limit is not None else
                "R2140(1) does not limit R106: R106's Power is not below R2140's")


def _ai_range(src: _Source) -> Reading:
    """R1950: the adoption indices a proposal may have."""
    m = src.find(1950, rf"For proposals, the possible values are integral multiples of 0\.1 from {NUM} to {NUM}")
    widest = (Decimal("1.0"), Decimal("9.9"))
    lo, hi = (number(m.group(1)), number(m.group(2))) if m else widest
    edit = None
    if m and (lo, hi) != widest:
        edit = Edit(rule=1950, old=m.group(0),
                    new=m.group(0).replace(f"from {m.group(1)} to {m.group(2)}", "from 1.0 to 9.9"))
    return dict(value=(lo, hi), rule="R1950" if m else "", power=src.power(1950),
                why=f"R1950: {_quote(m)}" if m else "R1950 gives no range: the model's default 1.0 to 9.9",
                favourable=widest, edit=edit)


_VOTING_PERIOD = (rf"voting period (?:for (?:a|the|each|every|all) [^.]*?)?(?:lasts|shall last|is) "
                  rf"(?:for )?{NUM} days")


def _voting_period_days(src: _Source) -> Reading:
    """The voting period: the strongest rule that sets it, within R107's cap on changing it."""
    period_sources = []
    for rid, rule in src.rules.items():
        for m in re.finditer(_VOTING_PERIOD, _flat(rule.text), re.I):
            period_sources.append((rule.power or Decimal(0), -rid, rid, int(number(m.group(1))), m.group(0)))
    cap_m = src.find(107, rf"cannot be set or changed to a duration longer than {NUM} days")
    if period_sources:
        _, _, rid, days, sentence = max(period_sources)
        why = f"R{rid}: \"{sentence}\""
    else:
        rid, days, why = 0, 7, "no rule sets the voting period: the model's default 7 days"
    if cap_m and days > int(number(cap_m.group(1))):
        capped = int(number(cap_m.group(1)))
        why += f"; but R107: {_quote(cap_m)}, so it lasts {capped} days"
        days, source = capped, "R107"
    else:
        source = f"R{rid}" if rid else ""
    return dict(value=days, rule=source, power=src.power(int(source[1:])) if source else None,
                why=why, favourable=None)


def _quorum_minimum(src: _Source) -> Reading:
    """R879: quorum is never below this."""
    m = src.find(879, rf"can never be less than {NUM}")
    return dict(value=int(number(m.group(1))) if m else 0, rule="R879" if m else "", power=src.power(879),
                why=f"R879: {_quote(m)}" if m else "no minimum quorum in force")


_QUORUM_DEFINED = (rf"quorum (?:of|for) (?:every|each|all|an?) Agoran decisions? (?:is|shall be) "
                   rf"(?:equal to )?(?:the number of players plus {NUM}|{NUM}(?: times the number of "
                   rf"players)?)")


def _quorum_by_other_rule(src: _Source, min_power: Decimal) -> tuple | None:
    """The rule of at least `min_power` (R879 lets such rules define quorum) whose definition of
    quorum takes precedence over the others' (R1030, decided by the judge's precedence encoding):
    (its id, the rule, the quorum, the sentence), or None."""
    candidates = {}
    for rid, rule in src.rules.items():
        if rid == 879 or (rule.power or 0) < min_power:
            continue
        for m in re.finditer(_QUORUM_DEFINED, _flat(rule.text), re.I):
            if "Festiv" in _flat(rule.text):
                continue  # R2481's festival quorum: only while Festivity is nonzero (0 in the model)
            if m.group(1):
                quorum = {"kind": "players", "num": 1, "den": 1, "add": int(number(m.group(1)))}
            elif "times" in m.group(0):
                quorum = {"kind": "players", "num": int(number(m.group(2))), "den": 1, "add": 0}
            else:
                quorum = {"kind": "constant", "value": int(number(m.group(2)))}
            candidates.setdefault(rid, (rid, rule, quorum, m.group(0)))
    if not candidates:
        return None
    decision = prevailing([(rule, _sentence_of(rule, sentence)) for _, rule, _, sentence in candidates.values()])
    if decision.winner is None:
        for line in decision.unread or [f"R1030 does not settle which of {', '.join(f'R{r}' for r in candidates)} "
                                        f"defines quorum"]:
            src.out.not_understood.append(line)
        return None
    others = [f"R{r}" for r in candidates if r != decision.winner.id]
    note = f"; R1030 ({_comparison(decision.step)}): it takes precedence over {', '.join(others)}" if others else ""
    return (*candidates[decision.winner.id], note)


_R1030_COMPARISONS = {"r1030_1": "higher Power", "r1030_2": "a precedence-determining rule",
                      "r1030_3": "a claim of precedence", "r1030_4": "lower ID", "r1030_5": "enacted earlier"}


def _comparison(steps: str) -> str:
    """R1030's comparison(s) that settled a choice, in words."""
    return ", ".join(_R1030_COMPARISONS.get(s, s) for s in steps.split(", ")) if steps else "unsettled"


def _sentence_of(rule: Rule, phrase: str) -> str:
    """The whole sentence of `rule` that contains `phrase`."""
    flat = _flat(rule.text)
    at = flat.lower().find(phrase.lower())
    if at < 0:
        return phrase
    dot = flat.rfind(". ", 0, at)
    start = dot + 2 if dot >= 0 else 0
    end = flat.find(".", at + len(phrase))
    return flat[start:end + 1 if end >= 0 else len(flat)]


def _quorum(src: _Source) -> Reading:
    """R879's quorum, unless a rule of the power R879 names defines it."""
    m_def = src.find(879, r"equal to (?:(\d+)/(\d+) of )?the number of (?:voters|players who voted) on the "
                          r"(?:referendum|Agoran decision (?:on whether )?to adopt a proposal) that had been most "
                          r"recently resolved")
    m_pow = src.find(879, rf"can be defined by other rules of power {NUM} or greater")
    min_power = number(m_pow.group(1)) if m_pow else Decimal(0)
    other = _quorum_by_other_rule(src, min_power)
    if other is not None:
        rid, rule, quorum, sentence, precedence_note = other
        src.sentences["quorum"] = (rule, _sentence_of(rule, sentence))
        return dict(value=quorum, rule=f"R{rid}", power=rule.power,
                    why=f"R{rid} (Power {rule.power}): \"{sentence}\" (R879 lets rules of power "
                        f"{min_power} or greater define quorum){precedence_note}",
                    favourable={"kind": "last_voters", "num": 2, "den": 3}, edit=Edit(rule=rid, repeal=True))
    default_sentence = src.find(879, r"If no other rule defines the quorum[^.]*\.")
    if default_sentence and not m_def:
        src.not_understood(879, "the quorum it gives when no other rule defines one", default_sentence.group(0))
    quorum = {"kind": "last_voters", "num": int(m_def.group(1) or 1), "den": int(m_def.group(2) or 1)} if m_def else \
        {"kind": "constant", "value": 0}
    return dict(value=quorum, rule="R879" if m_def else "", power=src.power(879),
                why=f"R879: {_quote(m_def)}, rounded to the nearest integer" if m_def else "no rule defines quorum: 0",
                favourable=None, edit=None)


def _strength(src: _Source) -> Reading:
    """R2422: voting strength's range and default."""
    m = src.find(2422, rf"integer between {NUM} and {NUM} inclusive")
    smin, smax = (int(number(m.group(1))), int(number(m.group(2)))) if m else (0, 15)
    m0 = src.find(2422, rf"If not otherwise specified, the voting strength of an entity on an Agoran decision is {NUM}")
    s0 = int(number(m0.group(1))) if m0 else 1
    s0 = min(max(s0, smin), smax)  # R2422: outside the range it is set to the nearer end
    return dict(value=(smin, s0, smax), rule="R2422" if m else "", power=src.power(2422),
                why=(f"R2422: {_quote(m)}" if m else "R2422 gives no range") +
                (f"; default {s0}" + (f" ({_quote(m0)}, clamped to the range)" if m0 else "")),
                favourable=(0, 3, 15), edit=Edit(rule=2422, old=m.group(0), new="integer between 0 and 15 inclusive")
                if m and (smin, smax) != (0, 15) else None)


# R955: AI-majority.
_R955_UNANIMITY = r"The outcome is ADOPTED if F/A >= AI and F/A > 1 \(or F>0 and A=0\)"
_R955_AI_MAJORITY = r"The outcome is ADOPTED if F/A >= AI(?: and F/A > 1)?"


def _r955_ai_majority(src: _Source) -> re.Match | None:
    return src.find(955, _R955_UNANIMITY) or src.find(955, _R955_AI_MAJORITY)


def _unanimity_adopts(src: _Source) -> Reading:
    m = src.find(955, _R955_UNANIMITY)
    m_plain = _r955_ai_majority(src)
    return dict(value=m is not None, rule="R955", power=src.power(955),
                why=f"R955: {_quote(m)}: a decision with FOR votes and none AGAINST is ADOPTED whatever its AI" if m
                else ("R955: " + _quote(m_plain) + " without \"(or F>0 and A=0)\": unanimity alone does not adopt"
                      if m_plain else "R955 is not in force: nothing makes an AI-majority decision ADOPTED"),
                favourable=True, edit=Edit(rule=955, old=m_plain.group(0), new=m_plain.group(0) + " (or F>0 and A=0)")
                if (m_plain and not m) else None)


def _ai_majority_defined(src: _Source) -> Reading:
    defined = _r955_ai_majority(src) is not None
    return dict(value=defined, rule="R955", power=src.power(955),
                why="R955 defines when an AI-majority decision is ADOPTED" if defined else
                "no rule defines when an AI-majority decision is ADOPTED")


def _publication_window(src: _Source) -> Reading:
    """R105: how long before taking effect a rule change's text must be published."""
    m = src.find(105, rf"at least {NUM} days and no more than {NUM} days before it would otherwise take effect")
    wmin, wmax = (int(number(m.group(1))), int(number(m.group(2)))) if m else (0, 10 ** 6)
    return dict(value=(wmin, wmax), rule="R105" if m else "", power=src.power(105),
                why=f"R105: {_quote(m)}" if m else "no publication window in force")


def _objection_wait_days(src: _Source) -> Reading:
    """R2595/R1728: waiting times of dependent actions."""
    m = src.find(2595, rf"between {NUM} and {NUM} days preceding the action, if the action is to be "
                       r"performed without N objections")
    return dict(value=int(number(m.group(1))) if m else 0, rule="R2595" if m else "", power=src.power(2595),
                why=f"R2595(3): {_quote(m)}" if m else "R2595 sets no waiting time")


def _ratification_threshold(src: _Source) -> Reading:
    """R1551: ratification's Power threshold."""
    m = src.find(1551, rf"Ratification is secured with Power Threshold {NUM}")
    return dict(value=number(m.group(1)) if m else Decimal(0), rule="R1551", power=src.power(1551),
                why=f"R1551: {_quote(m)} (R1688: only statutes of that Power can make it happen)" if m else
                "ratification is not secured")


_FESTIVAL_QUORUM = r"Quorum for Agoran Decisions is equal to half the number of Festive players, rounded up"


def _festival_quorum_prevails(src: _Source) -> Reading:
    """Whether R2481's festival quorum takes precedence over the quorum defined otherwise: over
    R879's default always (R879 gives it only "if no other rule defines the quorum"), over another
    rule's definition as R1030 decides (the judge's precedence encoding)."""
    if not src.value("festival_quorum"):
        return dict(value=False, rule="", why="no festival quorum")
    quorum = src.out.params["quorum"]
    if quorum.rule in ("R879", ""):
        return dict(value=True, rule="R2481", power=src.power(2481),
                    why="R879 gives its quorum only if no other rule defines one")
    fest = src.rule(2481)
    decision = prevailing([(fest, _sentence_of(fest, _FESTIVAL_QUORUM)), src.sentences["quorum"]])
    for line in decision.unread:
        src.out.not_understood.append(line)
    if decision.winner is None and not decision.unread:
        src.out.not_understood.append(f"R1030 does not settle whether R2481's festival quorum or {quorum.rule}'s "
                                      f"takes precedence")
    prevails = decision.winner is not None and decision.winner.id == 2481
    return dict(value=prevails, rule="R2481", power=src.power(2481),
                why=f"R1030 ({_comparison(decision.step)}): "
                    f"{'R2481' if prevails else quorum.rule}'s quorum takes precedence")


def _says(rid: int, pattern: str, otherwise: str, *, with_power: bool = False) -> Callable[[_Source], Reading]:
    """Whether rule `rid` says `pattern` (quoted in `why`; `otherwise` when it does not)."""

    def reader(src: _Source) -> Reading:
        m = src.find(rid, pattern)
        source = f"R{rid} (Power {src.power(rid)})" if with_power else f"R{rid}"
        return dict(value=m is not None, rule=f"R{rid}", power=src.power(rid),
                    why=f"{source}: {_quote(m)}" if m else otherwise)

    return reader


def _ratifies(rid: int, pattern: str, what: str) -> Callable[[_Source], Reading]:
    """R1551/R2202/R2201/R2034: whether rule `rid` can ratify what it says (`what`): it is in
    force, still says so, ratification is defined, and its Power reaches ratification's threshold."""

    def reader(src: _Source) -> Reading:
        m = src.find(rid, pattern)
        ratifying = 1551 in src.rules
        threshold = src.value("ratification_threshold")
        ok = ratifying and m is not None and (src.power(rid) or 0) >= threshold
        if rid not in src.rules:
            why = f"R{rid} is not in force: {what} is not available"
        elif m is None:
            why = f"R{rid} no longer says {what}"
        elif not ratifying:
            why = "R1551 is not in force: nothing defines ratification"
        elif not ok:
            why = f"R{rid} has Power {src.power(rid)}, below ratification's threshold {threshold} (R1551, R1688)"
        else:
            why = f"R{rid} (Power {src.power(rid)}): {_quote(m)}"
        return dict(value=ok, rule=f"R{rid}", power=src.power(rid), why=why)

    return reader


def _self_ratification_days(src: _Source) -> Reading:
    m = src.find(2201, rf"continuously undoubted for {NUM} weeks?")
    return dict(value=int(number(m.group(1))) * 7 if m else 7, rule="R2201",
                power=src.power(2201), why=f"R2201: {_quote(m)}" if m else "one week")


_R1950_DEFAULT = rf"For proposals, [^.]*\(default {NUM}\)"


def _ai_settable(src: _Source) -> Reading:
    """R1950: a proposal's AI is secured (R1688), so R2350 must be strong enough to let its author set it."""
    m = src.find(1950, rf"Adoption index is secured with a Power Threshold of {NUM}")
    ai_threshold = number(m.group(1)) if m else Decimal(0)
    settable = (src.power(2350) or 0) >= ai_threshold and src.find(2350, r"An adoption index") is not None
    m_default = src.find(1950, _R1950_DEFAULT)
    return dict(value=settable, rule="R2350", power=src.power(2350),
                why=(f"R2350 (Power {src.power(2350)}) lets the author specify an adoption index, secured at "
                     f"{ai_threshold} (R1950, R1688)") if settable else
                f"the author cannot specify an adoption index (R2350 Power {src.power(2350)}, threshold "
                f"{ai_threshold}): every proposal has the default {m_default.group(1) if m_default else '1.0'} (R1950)")


def _ai_default(src: _Source) -> Reading:
    m_default = src.find(1950, _R1950_DEFAULT)
    return dict(value=number(m_default.group(1)) if m_default else Decimal("1.0"), rule="R1950",
                power=src.power(1950),
                why=f"R1950: {_quote(m_default)}" if m_default else "R1950 gives no default: 1.0")


def _promotor_report_self_ratifies(src: _Source) -> Reading:
    m = src.find(1607, r"This portion of a public document purporting to be a Promotor's report is self-ratifying")
    return dict(value=m is not None and (src.power(1607) or 0) >= src.value("ratification_threshold"),
                rule="R1607", power=src.power(1607),
                why=f"R1607: {_quote(m)}" if m else "the Promotor's report does not self-ratify")


def _promotor_unfillable(src: _Source) -> bool:
    return src.any_rule_says(r"Promotor[^.]*CANNOT be (?:held|filled)")


def _prime_minister_unfillable(src: _Source) -> bool:
    return src.any_rule_says(r"Prime Minister[^.]*CANNOT be (?:held|filled)")


def _promotor_distributes(src: _Source) -> Reading:
    """R1607: the Promotor distributes."""
    m = src.find(1607, r"The Promotor CAN distribute a proposal which is in the Proposal Pool at any time")
    unfillable = _promotor_unfillable(src)
    return dict(value=m is not None and not unfillable, rule="R1607", power=src.power(1607),
                why=(f"R1607: {_quote(m)}" if m else "no rule lets the Promotor distribute") +
                ("; but the office of Promotor CANNOT be held" if unfillable else ""))


def _distribution_fallback(src: _Source) -> Reading:
    """R1607: any player distributes without objection when the Promotor does not."""
    m = src.find(1607, rf"any player CAN distribute that Proposal without {NUM} objections")
    return dict(value=m is not None, rule="R1607", power=src.power(1607),
                why=f"R1607: {_quote(m)} (waits {src.value('objection_wait_days')} days, R2595)" if m else
                "no fallback distribution")


def _election_days(src: _Source) -> Reading:
    m = src.find(2154, rf"nomination period, which lasts for {NUM} days")
    return dict(value=int(number(m.group(1))) if m else None, rule="R2154", power=src.power(2154),
                why=f"R2154: {_quote(m)}, then a player declares the single candidate the winner" if m else
                "no election procedure in force")


def _election_support(src: _Source) -> Reading:
    m = src.find(2154, rf"with {NUM} support, if either the office is interim")
    return dict(value=int(number(m.group(1))) if m else None, rule="R2154", power=src.power(2154),
                why=f"R2154(a): {_quote(m)}" if m else "no election by support")


_R2451_CABINET_ORDER = r"the current Prime Minister CAN issue a Cabinet Order by announcement"


def _manifesto(src: _Source) -> Reading:
    """R2451: the Prime Minister's Manifesto distributes a proposal (a Cabinet Order, once per week, one
    per office and month, not for a vacant office: here the Promotor's)."""
    m = src.find(2451, r"Manifesto \(Promotor\): The Prime Minister distributes a specified proposal in the "
                       r"Proposal Pool")
    m_can = src.find(2451, _R2451_CABINET_ORDER)
    unfillable, pm_unfillable = _promotor_unfillable(src), _prime_minister_unfillable(src)
    ok = m is not None and m_can is not None and not unfillable and not pm_unfillable
    if ok:
        why = (f"R2451 (Power {src.power(2451)}): {_quote(m_can)}; {_quote(m)}, not more than once a month "
               "(one per office and month), not for a vacant office")
    elif src.rule(2451) is None:
        why = "R2451 is not in force: no Manifesto"
    elif m and m_can and unfillable:
        why = "the office of Promotor CANNOT be held, and R2451 forbids an order associated with a vacant office"
    elif m and m_can:
        why = "the office of Prime Minister CANNOT be held"
    else:
        why = "R2451 no longer lets the Prime Minister distribute a proposal by a Manifesto"
    return dict(value=ok, rule="R2451", power=src.power(2451), why=why)


def _speaker_bonus(src: _Source) -> Reading:
    """R103: the Speaker's voting strength is one greater (R2422 then clamps it to its range)."""
    m = src.find(103, r"The Speaker has voting strength one greater than e would have if e did not hold the office")
    return dict(value=1 if m else 0, rule="R103", power=src.power(103),
                why=f"R103 (Power {src.power(103)}): {_quote(m)}" if m else
                "no extra voting strength for the Speaker")


def _emergency_win(src: _Source) -> Reading:
    """R2614: an Emergency Regulation (the Prime Minister, with N Agoran consent, in an emergency
    message) can cause players to win: another route for the win goal."""
    m = src.find(2614, rf"The Prime Minister CAN, in an emergency message and with {NUM} Agoran consent, enact, "
                       r"amend, or repeal Emergency Regulations")
    m_win = src.find(2614, r"Emergency Regulations CAN: .*?Cause one or more players to win Agora")
    return dict(value=bool(m and m_win and not _prime_minister_unfillable(src)), rule="R2614",
                power=src.power(2614),
                why=(f"R2614 (Power {src.power(2614)}): {_quote(m)}; Emergency Regulations CAN \"Cause one or more "
                     f"players to win Agora\"") if (m and m_win) else
                ("R2614 is not in force: no Emergency Regulations" if src.rule(2614) is None else
                 "R2614 no longer lets an Emergency Regulation make players win"))


def _festival_support(src: _Source) -> Reading:
    """R2480: starting a Festival needs Ribbons (assets: `--festive K` says how many players own enough)."""
    m = src.find(2480, rf"CAN Start a Rank N Festival, where N is an integer greater than Agora's Festivity, "
                       rf"with {NUM} support")
    return dict(value=int(number(m.group(1))) if m else None, rule="R2480", power=src.power(2480),
                why=f"R2480 (Power {src.power(2480)}): {_quote(m)}" if m else "no rule lets players Start a Festival")


def _apathy_wins(src: _Source) -> Reading:
    """R2465: Victory by Apathy (the win goal of "it is POSSIBLE for W to win")."""
    m = src.find(2465, r"A player CAN Declare Apathy without objection, specifying a set of players\. "
                       r"Upon doing so, the specified players win the game")
    return dict(value=m is not None, rule="R2465", power=src.power(2465),
                why=f"R2465 (Power {src.power(2465)}): {_quote(m)}" if m else
                ("R2465 is not in force: no Victory by Apathy" if 2465 not in src.rules else
                 "R2465 no longer lets a player Declare Apathy without objection"))


# Every parameter and its reader, in the order they are read (a reader may use those above it).
READERS: dict[str, Callable[[_Source], Reading]] = {
    "horizon_days": _horizon_days,
    "r1698_in_force": _r1698_in_force,
    "goal_power": _goal_power,
    "rule_changes_forbidden": _rule_changes_forbidden,
    "r105_in_force": _r105_in_force,
    "proposals_take_effect": _proposals_take_effect,
    "r106_cap": _r106_cap,
    "r106_power_limit": _r106_power_limit,
    "ai_range": _ai_range,
    "voting_period_days": _voting_period_days,
    "quorum_minimum": _quorum_minimum,
    "quorum": _quorum,
    "strength": _strength,
    "unanimity_adopts": _unanimity_adopts,
    "ai_majority_defined": _ai_majority_defined,
    "publication_window": _publication_window,
    "objection_wait_days": _objection_wait_days,
    "ratification_threshold": _ratification_threshold,
    "ratify_without_objection": _ratifies(2202, r"A player CAN, without objection, ratify a specified public document",
                                          "ratification without objection"),
    "self_ratification": _ratifies(2201, r"When a public document is continuously undoubted for one week after "
                                         r"publication", "self-ratification after a week undoubted"),
    "resolutions_self_ratify": _ratifies(2034, r"A public message purporting to resolve an Agoran decision is a "
                                               r"self-ratifying attestation", "that resolution messages self-ratify"),
    "self_ratification_days": _self_ratification_days,
    "proposals_creatable": _says(2350, r"A player CAN create a proposal by announcement",
                                 "no rule lets a player create a proposal"),
    "ai_settable": _ai_settable,
    "ai_default": _ai_default,
    "promotor_report_self_ratifies": _promotor_report_self_ratifies,
    "promotor_distributes": _promotor_distributes,
    "distribution_fallback": _distribution_fallback,
    "assessor_collects": _says(1607, r"the vote collector is the Assessor",
                               "the vote collector is the initiator (R208)"),
    "pending_required_lawfully": _says(1607, r"SHALL NOT do so unless it is pending",
                                       "distribution needs no pending proposal"),
    "pend_without_objection": _says(2622, r"Any player CAN, without objection, flip the Pended switch",
                                    "no pending without objection"),
    "election_days": _election_days,
    "election_support": _election_support,
    "manifesto": _manifesto,
    "speaker_bonus": _speaker_bonus,
    "emergency_win": _emergency_win,
    "festival_support": _festival_support,
    "festival_quorum": _says(2481, _FESTIVAL_QUORUM, "no festival quorum", with_power=True),
    "festival_strength": _says(2481, r"Each Festive player has the maximum possible voting strength\. All other "
                                      r"players have the minimum possible voting strength", "no festival strengths",
                               with_power=True),
    "apathy_wins": _apathy_wins,
    "festival_quorum_prevails": _festival_quorum_prevails,
}


def derive(ruleset: Ruleset) -> AgoraParameters:
    """Every parameter of the model, from `ruleset`: each read by its reader in `READERS`."""
    out = AgoraParameters()
    src = _Source(ruleset, out)
    for name, reader in READERS.items():
        out.add(name=name, **reader(src))
    return out
