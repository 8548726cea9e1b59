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
from typing import Any

from pydantic import BaseModel, Field

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


def derive(ruleset: Ruleset) -> AgoraParameters:
    """Every parameter of the model, from `ruleset`."""
    rules = _in_force(ruleset)
    out = AgoraParameters()

    def power(rid: int) -> Decimal | None:
        return rules[rid].power if rid in rules else None

    # R1698: the period.
    r1698 = rules.get(1698)
    m = _find(r1698, rf"within an? {NUM}-week period")
    weeks = int(number(m.group(1))) if m else 4
    out.add(name="horizon_days", value=weeks * 7, rule="R1698" if m else "", power=power(1698),
            why=f"R1698: {_quote(m)}" if m else "R1698 is not in force or names no period: the issue's 28 days")
    out.add(name="r1698_in_force", value=r1698 is not None, rule="R1698", power=power(1698),
            why="R1698 is in force: a proposal whose net effect would ossify Agora cannot take effect"
            if r1698 else "R1698 is not in force: nothing cancels an ossifying proposal")

    # R2141: the highest Power a rule can have, which the goal instrument needs.
    m = _find(rules.get(2141), rf"power between {NUM} and {NUM}")
    top = number(m.group(2)) if m else max((r.power or Decimal(0)) for r in rules.values())
    out.add(name="goal_power", value=top, rule="R2141" if m else "", power=power(2141),
            why=f"R2141: {_quote(m)}: an instrument of Power {top} can make any rule change" if m else
            "R2141 gives no range: the highest Power in the ruleset")

    # R106: adopted proposals take effect with power min(cap, AI).
    r106 = rules.get(106)
    m = _find(r106, rf"its power is set to the minimum of {NUM} and its adoption index, it takes effect")
    out.add(name="proposals_take_effect", value=m is not None, rule="R106", power=power(106),
            why=f"R106: {_quote(m)}" if m else
            ("R106 is not in force: no rule makes an adopted proposal take effect" if r106 is None else
             "R106 no longer says that an adopted proposal takes effect with the minimum of a cap and its AI"),
            favourable=True, edit=None)
    cap = number(m.group(1)) if m else Decimal(0)
    out.add(name="r106_cap", value=cap, rule="R106", power=power(106),
            why=f"R106: power set to the minimum of {cap} and its adoption index" if m else "no R106")
    # R2140 item 1: R106 cannot give an instrument power above its own if it is weaker than R2140.
    r2140 = power(2140)
    limit = power(106) if (r2140 is not None and power(106) is not None and power(106) < r2140) else None
    out.add(name="r106_power_limit", value=limit, rule="R2140", power=r2140,
            why=(f"R2140(1): R106 (Power {power(106)}) is below R2140 (Power {r2140}) and cannot give a proposal "
                 f"power greater than {power(106)}") if limit is not None else
            "R2140(1) does not limit R106: R106's Power is not below R2140's")

    # R1950: the adoption indices a proposal may have.
    r1950 = rules.get(1950)
    m = _find(r1950, rf"For proposals, the possible values are integral multiples of 0\.1 from {NUM} to {NUM}")
    lo, hi = (number(m.group(1)), number(m.group(2))) if m else (Decimal("1.0"), Decimal("9.9"))
    out.add(name="ai_range", value=(lo, hi), rule="R1950" if m else "", power=power(1950),
            why=f"R1950: {_quote(m)}" if m else "R1950 gives no range: the model's default 1.0 to 9.9",
            favourable=(Decimal("1.0"), Decimal("9.9")),
            edit=Edit(rule=1950, old=m.group(0), new=m.group(0).replace(f"from {m.group(1)} to {m.group(2)}",
                                                                      "from 1.0 to 9.9")) if m and
            (lo, hi) != (Decimal("1.0"), Decimal("9.9")) else None)

    # R107: the voting period, and the cap on changing it.
    period_sources = []
    for rid, rule in rules.items():
        for m in re.finditer(rf"voting period (?:for (?:a|the|each|every|all) [^.]*?)?(?:lasts|shall last|is) "
                             rf"(?:for )?{NUM} days", _flat(rule.text), re.I):
            period_sources.append((rule.power or Decimal(0), -rid, rid, int(number(m.group(1))), m.group(0)))
    cap_m = _find(rules.get(107), rf"cannot be set or changed to a duration longer than {NUM} days")
    if period_sources:
        p, _, rid, days, sentence = max(period_sources)
        why = f"R{rid}: \"{sentence}\""
    else:
        p, rid, days, sentence, why = None, 0, 7, "", "no rule sets the voting period: the model's default 7 days"
    if cap_m and days > int(number(cap_m.group(1))):
        capped = int(number(cap_m.group(1)))
        why += f"; but R107: {_quote(cap_m)}, so it lasts {capped} days"
        days, source = capped, "R107"
    else:
        source = f"R{rid}" if rid else ""
    out.add(name="voting_period_days", value=days, rule=source, power=power(int(source[1:])) if source else None,
            why=why, favourable=None)

    # R879: quorum, and rules of power >= 2 that define it.
    r879 = rules.get(879)
    m_min = _find(r879, rf"can never be less than {NUM}")
    qmin = int(number(m_min.group(1))) if m_min else 0
    out.add(name="quorum_minimum", value=qmin, rule="R879" if m_min else "", power=power(879),
            why=f"R879: {_quote(m_min)}" if m_min else "no minimum quorum in force")
    m_def = _find(r879, r"equal to (\d+)/(\d+) of the number of voters on the referendum that had been most "
                        r"recently resolved")
    m_pow = _find(r879, rf"can be defined by other rules of power {NUM} or greater")
    min_power = number(m_pow.group(1)) if m_pow else Decimal(0)
    quorum = {"kind": "last_voters", "num": int(m_def.group(1)), "den": int(m_def.group(2))} if m_def else \
        {"kind": "constant", "value": 0}
    qwhy = f"R879: {_quote(m_def)}, rounded to the nearest integer" if m_def else "no rule defines quorum: 0"
    qrule, qpower, qedit = ("R879" if m_def else ""), power(879), None
    best = None
    for rid, rule in rules.items():
        if rid == 879 or (rule.power or 0) < min_power:
            continue
        for m in re.finditer(rf"quorum (?:of|for) (?:every|each|all|an?) Agoran decisions? (?:is|shall be) "
                             rf"(?:equal to )?(?:the number of players plus {NUM}|{NUM}(?: times the number of "
                             rf"players)?)", _flat(rule.text), re.I):
            if "Festiv" in _flat(rule.text):
                continue  # R2481's festival quorum: only while Festivity is nonzero (0 in the model)
            if m.group(1):
                q = {"kind": "players", "num": 1, "den": 1, "add": int(number(m.group(1)))}
            elif "times" in m.group(0):
                q = {"kind": "players", "num": int(number(m.group(2))), "den": 1, "add": 0}
            else:
                q = {"kind": "constant", "value": int(number(m.group(2)))}
            key = (rule.power or 0, -rid)
            if best is None or key > best[0]:
                best = (key, rid, rule, q, m.group(0))
    if best is not None:
        _, rid, rule, q, sentence = best
        quorum, qwhy, qrule, qpower = q, f"R{rid} (Power {rule.power}): \"{sentence}\" (R879 lets rules of power " \
                                          f"{min_power} or greater define quorum)", f"R{rid}", rule.power
        qedit = Edit(rule=rid, repeal=True)
    out.add(name="quorum", value=quorum, rule=qrule, power=qpower, why=qwhy,
            favourable={"kind": "last_voters", "num": 2, "den": 3} if qedit else None, edit=qedit)

    # R2422: voting strength.
    r2422 = rules.get(2422)
    m = _find(r2422, rf"integer between {NUM} and {NUM} inclusive")
    smin, smax = (int(number(m.group(1))), int(number(m.group(2)))) if m else (0, 15)
    m0 = _find(r2422, rf"If not otherwise specified, the voting strength of an entity on an Agoran decision is {NUM}")
    s0 = int(number(m0.group(1))) if m0 else 1
    s0 = min(max(s0, smin), smax)  # R2422: outside the range it is set to the nearer end
    out.add(name="strength", value=(smin, s0, smax), rule="R2422" if m else "", power=power(2422),
            why=(f"R2422: {_quote(m)}" if m else "R2422 gives no range") +
            (f"; default {s0}" + (f" ({_quote(m0)}, clamped to the range)" if m0 else "")),
            favourable=(0, 3, 15), edit=Edit(rule=2422, old=m.group(0), new="integer between 0 and 15 inclusive")
            if m and (smin, smax) != (0, 15) else None)

    # R955: AI-majority.
    r955 = rules.get(955)
    m = _find(r955, r"The outcome is ADOPTED if F/A >= AI and F/A > 1 \(or F>0 and A=0\)")
    m_plain = m or _find(r955, r"The outcome is ADOPTED if F/A >= AI(?: and F/A > 1)?")
    out.add(name="unanimity_adopts", value=m is not None, rule="R955", power=power(955),
            why=f"R955: {_quote(m)}: a decision with FOR votes and none AGAINST is ADOPTED whatever its AI" if m else
            ("R955: " + _quote(m_plain) + " without \"(or F>0 and A=0)\": unanimity alone does not adopt" if m_plain
             else "R955 is not in force: nothing makes an AI-majority decision ADOPTED"),
            favourable=True, edit=Edit(rule=955, old=m_plain.group(0), new=m_plain.group(0) + " (or F>0 and A=0)")
            if (m_plain and not m) else None)
    out.add(name="ai_majority_defined", value=m_plain is not None, rule="R955", power=power(955),
            why="R955 defines when an AI-majority decision is ADOPTED" if m_plain else
            "no rule defines when an AI-majority decision is ADOPTED")

    # R105: publication window.
    m = _find(rules.get(105), rf"at least {NUM} days and no more than {NUM} days before it would otherwise take effect")
    wmin, wmax = (int(number(m.group(1))), int(number(m.group(2)))) if m else (0, 10 ** 6)
    out.add(name="publication_window", value=(wmin, wmax), rule="R105" if m else "", power=power(105),
            why=f"R105: {_quote(m)}" if m else "no publication window in force")

    # R2595/R1728: waiting times of dependent actions.
    m = _find(rules.get(2595), rf"between {NUM} and {NUM} days preceding the action, if the action is to be "
                               r"performed without N objections")
    wait = int(number(m.group(1))) if m else 0
    out.add(name="objection_wait_days", value=wait, rule="R2595" if m else "", power=power(2595),
            why=f"R2595(3): {_quote(m)}" if m else "R2595 sets no waiting time")

    # R1551/R2202/R2201/R2034: ratification.
    m = _find(rules.get(1551), rf"Ratification is secured with Power Threshold {NUM}")
    threshold = number(m.group(1)) if m else Decimal(0)
    out.add(name="ratification_threshold", value=threshold, rule="R1551", power=power(1551),
            why=f"R1551: {_quote(m)} (R1688: only statutes of that Power can make it happen)" if m else
            "ratification is not secured")
    ratifying = 1551 in rules

    def able(rid: int, pattern: str, what: str, name: str) -> None:
        m = _find(rules.get(rid), pattern)
        ok = ratifying and m is not None and (power(rid) or 0) >= threshold
        if rid not in rules:
            why = f"R{rid} is not in force: {what} is not available"
        elif m is None:
            why = f"R{rid} no longer says {what}"
        elif not ratifying:
            why = "R1551 is not in force: nothing defines ratification"
        elif not ok:
            why = f"R{rid} has Power {power(rid)}, below ratification's threshold {threshold} (R1551, R1688)"
        else:
            why = f"R{rid} (Power {power(rid)}): {_quote(m)}"
        out.add(name=name, value=ok, rule=f"R{rid}", power=power(rid), why=why)

    able(2202, r"A player CAN, without objection, ratify a specified public document",
         "ratification without objection", "ratify_without_objection")
    able(2201, r"When a public document is continuously undoubted for one week after publication",
         "self-ratification after a week undoubted", "self_ratification")
    able(2034, r"A public message purporting to resolve an Agoran decision is a self-ratifying attestation",
         "that resolution messages self-ratify", "resolutions_self_ratify")
    m = _find(rules.get(2201), rf"continuously undoubted for {NUM} weeks?")
    out.add(name="self_ratification_days", value=int(number(m.group(1))) * 7 if m else 7, rule="R2201",
            power=power(2201), why=f"R2201: {_quote(m)}" if m else "one week")

    # R2350: creating a proposal; R1950: its AI is secured (R1688), so R2350 must be strong enough.
    m = _find(rules.get(2350), r"A player CAN create a proposal by announcement")
    out.add(name="proposals_creatable", value=m is not None, rule="R2350", power=power(2350),
            why=f"R2350: {_quote(m)}" if m else "no rule lets a player create a proposal")
    m = _find(r1950, rf"Adoption index is secured with a Power Threshold of {NUM}")
    ai_threshold = number(m.group(1)) if m else Decimal(0)
    settable = (power(2350) or 0) >= ai_threshold and _find(rules.get(2350), r"An adoption index") is not None
    m_default = _find(r1950, rf"For proposals, [^.]*\(default {NUM}\)")
    out.add(name="ai_settable", value=settable, rule="R2350", power=power(2350),
            why=(f"R2350 (Power {power(2350)}) lets the author specify an adoption index, secured at "
                 f"{ai_threshold} (R1950, R1688)") if settable else
            f"the author cannot specify an adoption index (R2350 Power {power(2350)}, threshold {ai_threshold}): "
            f"every proposal has the default {m_default.group(1) if m_default else '1.0'} (R1950)")
    out.add(name="ai_default", value=number(m_default.group(1)) if m_default else Decimal("1.0"), rule="R1950",
            power=power(1950), why=f"R1950: {_quote(m_default)}" if m_default else "R1950 gives no default: 1.0")
    m = _find(rules.get(1607), r"This portion of a public document purporting to be a Promotor's report is "
                               r"self-ratifying")
    out.add(name="promotor_report_self_ratifies", value=m is not None and (power(1607) or 0) >= threshold,
            rule="R1607", power=power(1607), why=f"R1607: {_quote(m)}" if m else "the Promotor's report does "
            "not self-ratify")

    # R1607: the Promotor distributes; its fallback.
    r1607 = rules.get(1607)
    m = _find(r1607, r"The Promotor CAN distribute a proposal which is in the Proposal Pool at any time")
    unfillable = any(_find(rule, r"Promotor[^.]*CANNOT be (?:held|filled)") for rule in rules.values())
    out.add(name="promotor_distributes", value=m is not None and not unfillable, rule="R1607", power=power(1607),
            why=(f"R1607: {_quote(m)}" if m else "no rule lets the Promotor distribute") +
            ("; but the office of Promotor CANNOT be held" if unfillable else ""))
    m = _find(r1607, rf"any player CAN distribute that Proposal without {NUM} objections")
    out.add(name="distribution_fallback", value=m is not None, rule="R1607", power=power(1607),
            why=f"R1607: {_quote(m)} (waits {wait} days, R2595)" if m else "no fallback distribution")
    m = _find(r1607, r"the vote collector is the Assessor")
    out.add(name="assessor_collects", value=m is not None, rule="R1607", power=power(1607),
            why=f"R1607: {_quote(m)}" if m else "the vote collector is the initiator (R208)")
    m = _find(r1607, r"SHALL NOT do so unless it is pending")
    out.add(name="pending_required_lawfully", value=m is not None, rule="R1607", power=power(1607),
            why=f"R1607: {_quote(m)}" if m else "distribution needs no pending proposal")
    m = _find(rules.get(2622), r"Any player CAN, without objection, flip the Pended switch")
    out.add(name="pend_without_objection", value=m is not None, rule="R2622", power=power(2622),
            why=f"R2622: {_quote(m)}" if m else "no pending without objection")
    m = _find(rules.get(2154), rf"nomination period, which lasts for {NUM} days")
    out.add(name="election_days", value=int(number(m.group(1))) if m else None, rule="R2154", power=power(2154),
            why=f"R2154: {_quote(m)}, then a player declares the single candidate the winner" if m else
            "no election procedure in force")
    m = _find(rules.get(2154), rf"with {NUM} support, if either the office is interim")
    out.add(name="election_support", value=int(number(m.group(1))) if m else None, rule="R2154", power=power(2154),
            why=f"R2154(a): {_quote(m)}" if m else "no election by support")
    # R2451: the Prime Minister's Manifesto distributes a proposal (a Cabinet Order, once per week, one
    # per office and month, not for a vacant office: here the Promotor's).
    r2451 = rules.get(2451)
    m = _find(r2451, r"Manifesto \(Promotor\): The Prime Minister distributes a specified proposal in the Proposal Pool")
    m_can = _find(r2451, r"the current Prime Minister CAN issue a Cabinet Order by announcement")
    pm_unfillable = any(_find(rule, r"Prime Minister[^.]*CANNOT be (?:held|filled)") for rule in rules.values())
    ok = m is not None and m_can is not None and not unfillable and not pm_unfillable
    out.add(name="manifesto", value=ok, rule="R2451", power=power(2451),
            why=(f"R2451 (Power {power(2451)}): {_quote(m_can)}; {_quote(m)}, not more than once a month "
                 "(one per office and month), not for a vacant office") if ok else
            ("R2451 is not in force: no Manifesto" if r2451 is None else
             "the office of Promotor CANNOT be held, and R2451 forbids an order associated with a vacant office"
             if (m and m_can and unfillable) else "the office of Prime Minister CANNOT be held" if (m and m_can)
             else "R2451 no longer lets the Prime Minister distribute a proposal by a Manifesto"))

    # R103: the Speaker's voting strength is one greater (R2422 then clamps it to its range).
    m = _find(rules.get(103), r"The Speaker has voting strength one greater than e would have if e did not hold "
                              r"the office")
    out.add(name="speaker_bonus", value=1 if m else 0, rule="R103", power=power(103),
            why=f"R103 (Power {power(103)}): {_quote(m)}" if m else "no extra voting strength for the Speaker")

    # R2614: an Emergency Regulation (the Prime Minister, with N Agoran consent, in an emergency
    # message) can cause players to win: another route for the win goal.
    r2614 = rules.get(2614)
    m = _find(r2614, rf"The Prime Minister CAN, in an emergency message and with {NUM} Agoran consent, enact, amend, "
                     r"or repeal Emergency Regulations")
    m_win = _find(r2614, r"Emergency Regulations CAN: .*?Cause one or more players to win Agora")
    out.add(name="emergency_win", value=bool(m and m_win and not pm_unfillable), rule="R2614", power=power(2614),
            why=(f"R2614 (Power {power(2614)}): {_quote(m)}; Emergency Regulations CAN \"Cause one or more players "
                 f"to win Agora\"") if (m and m_win) else
            ("R2614 is not in force: no Emergency Regulations" if r2614 is None else
             "R2614 no longer lets an Emergency Regulation make players win"))

    # R2480/R2481: festivals. Starting one needs Ribbons (assets: `--festive K` says how many players own
    # enough); while one runs, quorum and strengths are R2481's, where R2481 prevails (its Power).
    m_start = _find(rules.get(2480), rf"CAN Start a Rank N Festival, where N is an integer greater than Agora's "
                                     rf"Festivity, with {NUM} support")
    r2481 = rules.get(2481)
    m_q = _find(r2481, r"Quorum for Agoran Decisions is equal to half the number of Festive players, rounded up")
    m_s = _find(r2481, r"Each Festive player has the maximum possible voting strength\. All other players have the "
                       r"minimum possible voting strength")
    out.add(name="festival_support", value=int(number(m_start.group(1))) if m_start else None, rule="R2480",
            power=power(2480), why=f"R2480 (Power {power(2480)}): {_quote(m_start)}" if m_start else
            "no rule lets players Start a Festival")
    out.add(name="festival_quorum", value=m_q is not None, rule="R2481", power=power(2481),
            why=f"R2481 (Power {power(2481)}): {_quote(m_q)}" if m_q else "no festival quorum")
    out.add(name="festival_strength", value=m_s is not None, rule="R2481", power=power(2481),
            why=f"R2481 (Power {power(2481)}): {_quote(m_s)}" if m_s else "no festival strengths")

    # R2465: Victory by Apathy (the win goal of "it is POSSIBLE for W to win").
    m = _find(rules.get(2465), r"A player CAN Declare Apathy without objection, specifying a set of players\. "
                               r"Upon doing so, the specified players win the game")
    out.add(name="apathy_wins", value=m is not None, rule="R2465", power=power(2465),
            why=f"R2465 (Power {power(2465)}): {_quote(m)}" if m else
            ("R2465 is not in force: no Victory by Apathy" if 2465 not in rules else
             "R2465 no longer lets a player Declare Apathy without objection"))
    return out
