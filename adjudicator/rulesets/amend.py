"""The amendment engine: a proposal's rule changes applied to a ruleset as Agora Rule 105 says.

Each change is applied in order (R105: "Rule changes always occur sequentially, never
simultaneously"; R2613: provisions apply "sequentially and independently") and reported as
APPLIED, VOID (R105: "Any ambiguity in the specification of a rule change causes that change to
be void and without effect") or IMPOSSIBLE (R2141's power range, R2140's power limits).

Finding what a change names (the rule, the quoted text) and rewriting the document is text
manipulation, so it is Python here. Whether a change occurs under the power rules (R1688, R2140,
R2141, R105(1) and (3)) and the Power it leaves are decided by the ruleset encoding
(`encodings/core/ruleset.lp`, through `adjudicator.rulesets.changes`), the same program the judge
solves. Not modelled here: R105's 4-to-60-day publication window and "where permitted by other
rules" (both need the gamestate's timeline, which the judge has).

Where R105 and its neighbours can be read more than one way, the readings are named options
(`R105Options`); `compare_readings` shows which changes come out differently under each.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Literal

from pydantic import BaseModel, Field, create_model

import clingo

from adjudicator.errors import InputError
from adjudicator.rulesets import textmatch
from adjudicator.rulesets.changes import READINGS as CHANGE_READINGS
from adjudicator.rulesets.changes import NEW_RULE, UNITS, Decision, RuleState, as_written, decide, power_units
from adjudicator.rulesets.model import Rule, Ruleset
from adjudicator.rulesets.secured import securings
from adjudicator.solving.readings import Reading, Readings
from adjudicator.solving.terms import fact, term
from adjudicator.rulesets.proposal import Change, Proposal, RuleRef, Unrecognised, parse_changes

Status = Literal["APPLIED", "VOID", "IMPOSSIBLE", "UNRECOGNISED"]

# How the encoding's answers are written back (it decides; these keep "4.0" and "1" as the documents write them).
MAX_POWER = Decimal("4.0")  # R2141
DEFAULT_POWER = Decimal(1)  # R105(1)


# The amendment engine's readings, declared once (the two rule-change readings are shared with the
# judge: adjudicator/rulesets/changes.py); `--readings` compares each single change from the defaults,
# in this order.
READINGS = Readings(
    Reading("quotation", ("lenient", "strict", "lenient-case"), "lenient",
            "R105 'inconsequential variation in the quotation': [lenient] whitespace amount and line wrapping "
            "(R2429), straight vs curly and mismatched quote marks do not matter; lenient-case: capitalisation "
            "does not matter either; strict: only the exact characters match.", cite="R105, R2429"),
    CHANGE_READINGS.reading("power_limit"),
    CHANGE_READINGS.reading("enact_power_out_of_range"),
    Reading("title_mismatch", ("void", "number-prevails"), "void",
            "A rule named by number with a title in parentheses that is not its title: [void] an ambiguity "
            "(R105); number-prevails: the number identifies the rule, the title is decoration.", cite="R105"),
    CHANGE_READINGS.reading("secured_threshold"),
)


# Named readings where the rules' text admits more than one (`READINGS`), and the rewrapping flag.
R105Options = create_model(
    "R105Options", **READINGS.fields(),
    rewrap=(bool, Field(True, description="Re-wrap an amended paragraph whose lines grew too long (R2429).")))


class ChangeResult(BaseModel):
    index: int
    instruction: str
    kind: str
    operation: str | None = None
    rule: str | None = None  # the rule's key ("R2141", "BT22", "R22" or a title) where known
    status: Status
    reason: str
    cites: list[str] = Field(default_factory=list)  # rules the reason rests on, e.g. ["R105"]
    revision: int | None = None  # the rule's revision after the change
    power: Decimal | None = None  # the rule's power after the change, where it has one
    notes: list[str] = Field(default_factory=list)


class AmendmentReport(BaseModel):
    ruleset: str
    proposal: str | None
    instrument_power: Decimal | None
    options: R105Options
    results: list[ChangeResult]

    def counts(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for result in self.results:
            out[result.status] = out.get(result.status, 0) + 1
        return out


class _Outcome(Exception):
    def __init__(self, status: Status, reason: str, cites: list[str]):
        super().__init__(reason)
        self.status, self.reason, self.cites = status, reason, cites


def _void(reason: str, cites: list[str] | None = None) -> _Outcome:
    return _Outcome("VOID", reason, cites or ["R105"])


def _impossible(reason: str, cites: list[str]) -> _Outcome:
    return _Outcome("IMPOSSIBLE", reason, cites)


def _uses_power(ruleset: Ruleset) -> bool:
    return any(rule.power is not None for rule in ruleset.rules)


def _term(rule: Rule) -> int | str:
    return rule.id if rule.id is not None and not rule.prefix else rule.key


class Engine:
    """Applies changes to a copy of a ruleset, one at a time."""

    def __init__(self, ruleset: Ruleset, instrument_power: Decimal | None, options: R105Options,
                 proposal_title: str | None = None):
        self.ruleset = ruleset.model_copy(deep=True)
        self.proposal_title = proposal_title
        self.power = instrument_power
        self.options = options
        self.width = self._text_width()

    # -- the power rules, asked of the ruleset encoding ---------------------------------
    def _ask(self, kind: str, args: list[clingo.Symbol], rule: Rule | None, change: Change,
             power_at_repeal: Decimal | None = None) -> Decision:
        """Whether R1688/R2140/R2141/R105 let the change occur (encodings/core/ruleset.lp): the
        encoding is given the target, R2140, and the instrument's power where the ruleset has Powers."""
        uses_power = _uses_power(self.ruleset)
        states = []
        if rule is not None and rule in self.ruleset.rules:
            states.append(RuleState(_term(rule), rule.power if uses_power else None))
        target = NEW_RULE if rule is None else term(rule.id if isinstance(_term(rule), int) else rule.key, "rule")
        # R1688: the rules in force whose text secures changes to this rule (as earlier changes left them)
        securing = [s for s in securings(self.ruleset, strict=False) if rule is not None and s.rule == rule.id
                    and not rule.prefix] if uses_power else []
        wanted = {2140} | {s.by for s in securing}
        for other in self.ruleset.rules:
            if (uses_power and other.id in wanted and not other.prefix and other is not rule
                    and other.kind == "rule"):
                states.append(RuleState(other.id, other.power))
        return decide(fact(kind, target, *args), rules=states, target=target,
                      instrument_power=self.power if uses_power else None, options=self.options,
                      power_at_repeal=power_at_repeal if uses_power else None, securing=securing,
                      what=f"change {change.index} ({kind})")

    def _refused(self, decision: Decision, rule: Rule | None, verb: str, power: Decimal | None = None) -> _Outcome:
        """The encoding's reason why a change does not occur, in words."""
        reason, key = decision.reason, rule.key if rule is not None else "the new rule"
        if reason == "r1688_statute":
            return _impossible(f"R1688: an instrument of power {self.power} is not a statute (a statute has positive "
                               "Power), so it cannot make rule changes (R105)", ["R1688", "R105"])
        if reason == "r1688":
            by, units = max(decision.unmet_thresholds, key=lambda pair: pair[1])  # the highest one, named
            threshold = Decimal(units) / UNITS
            return _impossible(f"R1688: changes to {key} are secured by R{by} with Power Threshold {threshold}, "
                               f"and an instrument of power {self.power} is below it", ["R1688"])
        if reason == "r2140_1":
            return _impossible(f"R2140 (1): an instrument of power {self.power} cannot cause {key} to have power "
                               f"{power}, greater than its own", ["R2140"])
        if reason in ("r2140_2", "r2140_3"):
            item = reason[-1]
            return _impossible(f"R2140 ({item}): an instrument of power {self.power} cannot {verb} {key}, whose power "
                               f"{rule.power} is greater than its own", ["R2140", "R2141"] if item == "3" else ["R2140"])
        if reason == "r105_3":
            return _void(f"R105(3): the reenacting instrument (power {self.power}) is incapable of setting the "
                         f"power to {power} (R2140), so the reenactment is null and void", ["R105", "R2140"])
        if reason == "r2141":
            return _impossible(f"R2141: {verb} with power {power}, outside 0.1-4.0", ["R2141"])
        return _impossible(f"R105: the ruleset encoding says the change does not occur ({reason})", ["R105"])

    # -- finding rules -----------------------------------------------------------------
    def _find(self, ref: RuleRef, pool: list[Rule] | None = None) -> Rule:
        rules = [r for r in (pool if pool is not None else self.ruleset.rules) if r.kind in ("rule", "regulation")]
        if ref.number is not None:
            hits = [r for r in rules if r.id == ref.number and (ref.prefix is None or (r.prefix or "") == ref.prefix)]
            if not hits:
                raise _void(f"R105: {ref.describe()} is not a rule of this ruleset, so the change is ambiguous")
            if len(hits) > 1:
                raise _void(f"R105: {ref.describe()} names {len(hits)} rules ({', '.join(r.key for r in hits)})")
            rule = hits[0]
            if ref.title and rule.title and not textmatch.same_text(ref.title, rule.title, "lenient-case"):
                if self.options.title_mismatch == "void":
                    raise _void(f"R105: {ref.describe()} names rule {rule.key} by number but its title is "
                                f"\"{rule.title}\": a variation that is not inconsequential")
            return rule
        hits = [r for r in rules if textmatch.same_text(ref.title or "", r.title, self.options.quotation)]
        if len(hits) != 1:
            raise _void(f"R105: {ref.describe()} matches {len(hits)} rules")
        return hits[0]

    def _text_width(self) -> int:
        lengths = sorted(len(line) for rule in self.ruleset.rules for line in rule.text.split("\n") if line)
        return max(40, lengths[int(len(lengths) * 0.98)]) if lengths else 72

    # -- the six classes of R105 -------------------------------------------------------
    def apply(self, change: Change) -> ChangeResult:
        base = dict(index=change.index, instruction=change.instruction, kind=change.kind, operation=change.operation)
        notes: list[str] = []
        if change.mismatched_quotes:
            if self.options.quotation == "strict":
                return ChangeResult(**base, rule=change.rule.describe() if change.rule else None, status="VOID",
                                    reason=f"R105: mismatched quote marks {', '.join(change.mismatched_quotes)} "
                                           "(a variation in quotation; strict reading)", cites=["R105"])
            notes.append(f"mismatched quote marks {', '.join(change.mismatched_quotes)}: an inconsequential "
                         "variation in quotation (R105)")
        try:
            handler = getattr(self, f"_{change.kind}")
            rule, reason, cites, more = handler(change)
        except _Outcome as outcome:
            return ChangeResult(**base, rule=change.rule.describe() if change.rule else None, status=outcome.status,
                                reason=outcome.reason, cites=outcome.cites, notes=notes)
        clause = {"enact": "1", "repeal": "2", "reenact": "3", "amend": "4", "retitle": "5", "power": "6"}[change.kind]
        self._record(rule, change)
        reason = f"R105({clause}): {reason}"
        return ChangeResult(**base, rule=rule.key, status="APPLIED", reason=reason, cites=cites,
                            revision=rule.revision, power=rule.power, notes=notes + more)

    def _record(self, rule: Rule, change: Change) -> None:
        """R1681: the type of change and the mechanism that specified it, as a history entry."""
        verb = {"enact": "Enacted", "repeal": "Repealed", "reenact": "Re-enacted", "amend": "Amended",
                "retitle": "Retitled", "power": "Power changed"}[change.kind]
        revision = f"({rule.revision})" if change.kind not in ("enact", "repeal") and rule.revision is not None else ""
        by = f'proposal "{self.proposal_title}"' if self.proposal_title else "proposal"
        entry = f"{verb}{revision} by {by}"
        rule.history.append(entry)
        if change.kind == "repeal" and self.ruleset.repealed:
            self.ruleset.repealed[-1].history.append(entry)

    def _bump(self, rule: Rule) -> None:
        if rule.revision is not None:
            rule.revision += 1

    def _enact(self, change: Change):
        notes = []
        cites = ["R105"]
        power = None
        uses_power = _uses_power(self.ruleset)
        specified = change.power if uses_power else None
        # R105(1): unspecified is given as 0, which the encoding, like the rule, takes as "below 0.1".
        units = power_units(specified, f"change {change.index}") if specified is not None else 0
        decision = self._ask("enact", [term(units, "power")], None, change)
        if not decision.applied:
            if (decision.reason == "r2141" and specified is not None and specified > MAX_POWER
                    and self.options.enact_power_out_of_range == "impossible"):
                raise _impossible(f"R2141: it is IMPOSSIBLE to enact a rule with power {specified}, outside "
                                  "0.1-4.0", ["R2141"])
            if decision.reason == "r2141":
                would = decision.result(specified, DEFAULT_POWER, self.power)
                raise _impossible(f"R2141: the new rule's power would be {would}, outside 0.1-4.0", ["R2141", "R2140"])
            raise self._refused(decision, None, "enact")
        if uses_power:
            start = decision.specified_units
            if specified is not None and start == 1000 and specified != DEFAULT_POWER:
                notes.append(f"power {specified} specified is below 0.1: defaults to 1 (R105(1))")
            if "r2141" in decision.capped_by:
                notes.append(f"power {specified} capped at 4.0, the maximum R2141 permits (R105(1))")
                cites.append("R2141")
            if "r2140_1" in decision.capped_by:
                begun = as_written(start, [specified, DEFAULT_POWER])
                notes.append(f"power {begun} capped at the instrument's own power {self.power} (R105(1), R2140(1))")
                cites.append("R2140")
            power = decision.power(specified, DEFAULT_POWER, MAX_POWER, self.power)
        if change.specified_id is not None:
            notes.append(f"the ID {change.specified_id} the proposal gives is null and void; the ID is assigned (R105(1))")
        used = [r.id for r in self.ruleset.rules + self.ruleset.repealed if r.id is not None and not r.prefix]
        prefixes = {r.prefix for r in self.ruleset.in_force()}
        prefix = next(iter(prefixes)) if len(prefixes) == 1 and None not in prefixes else None  # e.g. ACORN "BT"
        if self.ruleset.format == "blognomic":
            new_id = None
            if not change.title:
                raise _void("a BlogNomic rule is known by its title, and the proposal gives none")
        elif prefix:
            new_id = max(r.id for r in self.ruleset.rules + self.ruleset.repealed if r.prefix == prefix and r.id is not None) + 1
        else:
            new_id = max([self.ruleset.highest_id or 0, *used]) + 1
            self.ruleset.highest_id = new_id
            if change.specified_id is not None:
                cites.append("R2141")
        title = change.title or ""
        if not title and self.ruleset.format.startswith("agora"):
            notes.append("no title given: the Rulekeepor SHALL assign one (R2141)")
        section = self._section_for(change, notes)
        rule = Rule(id=new_id, prefix=prefix, kind="regulation" if prefix else "rule",
                    revision=0 if self.ruleset.format.startswith("agora") else None, power=power,
                    title=title, text=textmatch.block_text(change.new or ""), section=section)
        self.ruleset.rules.append(rule)
        return rule, f"enacted as {rule.key}" + (f" with power {power}" if power is not None else ""), cites, notes

    def _section_for(self, change: Change, notes: list[str]) -> str | None:
        titles = [s.title for s in self.ruleset.sections]
        if not titles:
            return None
        if change.section:
            for title in titles:
                if title.lower() == change.section.lower() or title.lower() == f"{change.section.lower()} rules":
                    return title
            raise _void(f"the proposal places the new rule in \"{change.section}\", which is not a section of this "
                        f"ruleset ({', '.join(titles)})")
        if self.ruleset.format == "blognomic" and "Dynastic Rules" in titles:
            notes.append("no location noted: placed at the end of the Dynastic Rules (BlogNomic Appendix, "
                         "\"Rules and Proposals\")")
            return "Dynastic Rules"
        notes.append(f"placed in the last category, \"{titles[-1]}\" (R1681: categories are the Rulekeepor's choice)")
        return titles[-1]

    def _repeal(self, change: Change):
        rule = self._find(change.rule)
        decision = self._ask("repeal", [], rule, change)
        if not decision.applied:
            raise self._refused(decision, rule, "repeal")
        self.ruleset.rules.remove(rule)
        self.ruleset.repealed = [r for r in self.ruleset.repealed if r.id != rule.id or r.prefix != rule.prefix]
        self.ruleset.repealed.append(rule.model_copy(deep=True))  # as it was, for a later reenactment
        return rule, f"repealed {rule.key}: it ceases to be a rule and its power is set to 0", ["R105"], []

    def _reenact(self, change: Change):
        if change.rule.number is None:
            raise _void("R105(3): a repealed rule is identified by its most recent rule number")
        ref = change.rule
        if any(r.id == ref.number and (ref.prefix is None or (r.prefix or "") == ref.prefix)
               for r in self.ruleset.rules if r.kind in ("rule", "regulation")):
            raise _void(f"R105(3): {ref.describe()} is a current rule, not a repealed one")
        notes = []
        try:
            old = self._find(change.rule, self.ruleset.repealed)
        except _Outcome:
            # No record of it (an SLR lists only current rules). With the text and power given, the
            # rule can still be reenacted under its former ID; without them, what to reenact is unknown.
            known_id = ref.number is not None and not ref.prefix and ref.number <= (self.ruleset.highest_id or 0)
            if change.new is None or change.power is None or not known_id:
                raise _void(f"R105(3): this ruleset has no record of a repealed {ref.describe()}, and the change "
                            "does not give both its text and its power") from None
            old = Rule(id=ref.number, revision=None, power=change.power, title=ref.title or "", text="",
                       section=self.ruleset.sections[-1].title if self.ruleset.sections else None)
            self.ruleset.repealed.append(old)
            notes.append("no record of the repealed rule: reenacted from the text and power given; its revision "
                         "number is unknown")
        rule = old.model_copy(deep=True)
        specified = change.power if _uses_power(self.ruleset) else None
        spec = (fact("specified", power_units(specified, f"change {change.index}"))
                if specified is not None else fact("unspecified"))
        decision = self._ask("reenact", [spec], rule, change, power_at_repeal=old.power)
        if not decision.applied:
            raise self._refused(decision, rule, "reenacting", decision.result(specified, old.power, DEFAULT_POWER))
        if _uses_power(self.ruleset):
            rule.power = decision.power(specified, old.power, DEFAULT_POWER)
        if change.new is not None:
            rule.text = textmatch.block_text(change.new)
            notes.append("new text given: it SHOULD have materially the same purpose (R105(3))")
        self._bump(rule)
        self.ruleset.repealed.remove(old)
        self.ruleset.rules.append(rule)
        return rule, f"reenacted {rule.key} with the same ID and the next revision", ["R105"], notes

    def _retitle(self, change: Change):
        rule = self._find(change.rule)
        decision = self._ask("retitle", [], rule, change)
        if not decision.applied:
            raise self._refused(decision, rule, "retitle")
        old = rule.title
        rule.title = textmatch.unwrap(change.new or "").strip()
        self._bump(rule)
        return rule, f"retitled {rule.key} from \"{old}\" to \"{rule.title}\"", ["R105"], []

    def _power(self, change: Change):
        rule = self._find(change.rule)
        target = change.power
        decision = self._ask("set_power", [term(power_units(target, f"change {change.index}"), "power")], rule, change)
        if not decision.applied:
            if decision.reason == "r2141":
                raise _impossible(f"R2141: it is IMPOSSIBLE to change a rule's power to {target}, a nonzero value "
                                  "outside 0.1-4.0", ["R2141"])
            raise self._refused(decision, rule, "adjust the power of", target)
        old = rule.power
        rule.power = decision.power(target)
        self._bump(rule)
        return rule, f"changed the power of {rule.key} from {old} to {target}", ["R105"], []

    def _amend(self, change: Change):
        rule = self._find(change.rule)
        decision = self._ask("amend", [], rule, change)
        if not decision.applied:
            raise self._refused(decision, rule, "amend the text of")
        text = rule.text
        operation = change.operation
        notes: list[str] = []
        touched = (0, 0)
        if operation == "replace-text":
            text = textmatch.block_text(change.new or "")
            touched = (0, len(text))
        elif operation in ("append", "prepend"):
            new = textmatch.block_text(change.new or "") if change.block else textmatch.unwrap(change.new or "")
            if change.paragraph:
                text = f"{text}\n\n{new}" if operation == "append" else f"{new}\n\n{text}"
            else:
                text = f"{text} {new}" if operation == "append" else f"{new} {text}"
            touched = (len(rule.text), len(text)) if operation == "append" else (0, len(new))
        elif operation == "replace-all":
            places = textmatch.find_all(text, change.old or "", self.options.quotation)
            quoted = " ".join((change.old or "").split())
            if not places:
                raise _void(f"R105: the quoted text \"{quoted}\" does not occur in {rule.key}")
            new = textmatch.unwrap(change.new or "")
            kept, last = [], 0
            for start, end in places:
                if start < last:
                    raise _void(f"R105: occurrences of \"{quoted}\" overlap in {rule.key}, so which to replace is ambiguous")
                kept += [text[last:start], new]
                last = end
            text = "".join(kept) + text[last:]
            touched = (0, len(text))
            notes.append(f"replaced {len(places)} occurrence(s)")
        else:
            places = textmatch.find_all(text, change.old or "", self.options.quotation)
            quoted = " ".join((change.old or "").split())
            if len(places) != 1:
                raise _void(f"R105: the quoted text \"{quoted}\" occurs {len(places)} times in {rule.key}, so the "
                            "change is ambiguous")
            start, end = places[0]
            exact = text[start:end] == (change.old or "")
            if not exact:
                notes.append("the quotation differs from the rule's text only inconsequentially (R105; R2429)")
            new = textmatch.unwrap(change.new or "") if not change.block else textmatch.block_text(change.new or "")
            if operation == "replace":
                text = text[:start] + new + text[end:]
                touched = (start, start + len(new))
            elif operation == "delete":
                text = text[:start] + text[end:]
                if text[start - 1:start] == " " and text[start:start + 1] in (" ", ".", ",", ";", ":"):
                    text = text[:start - 1] + text[start:]  # no doubled space where words were struck
                touched = (max(0, start - 1), start)
            elif operation == "insert-after":
                text = text[:end] + new + text[end:]
                touched = (end, end + len(new))
            elif operation == "insert-before":
                text = text[:start] + new + text[start:]
                touched = (start, start + len(new))
        # Re-wrapping rests on R2429 (whitespace amount insignificant), which the strict reading sets aside.
        if self.options.rewrap and self.options.quotation != "strict" and operation != "replace-text":
            text = textmatch.refill(text, touched[0], touched[1], self.width)
        rule.text = text
        self._bump(rule)
        return rule, f"amended the text of {rule.key} ({operation})", ["R105"], notes


def apply_proposal(ruleset: Ruleset, proposal: Proposal, options: R105Options | None = None, *,
                   skip_unrecognised: bool = False) -> tuple[Ruleset, AmendmentReport]:
    """The ruleset after the proposal's changes, and the report of each change. An instruction
    the engine cannot read is an InputError, unless `skip_unrecognised` (then it is reported
    UNRECOGNISED and nothing is applied for it)."""
    options = options or R105Options()
    securings(ruleset)  # a secured rule the ruleset does not have, or a threshold out of range: InputError
    engine = Engine(ruleset, proposal.power, options, proposal.title)
    results = []
    changes = parse_changes(proposal)
    unreadable = [c for c in changes if isinstance(c, Unrecognised)]
    if unreadable and (len(unreadable) == len(changes) or not skip_unrecognised):
        first = " ".join(unreadable[0].instruction.split())
        raise InputError(
            f"{len(unreadable)} of {len(changes)} instructions are not rule changes this engine can read "
            f"(the forms it reads are listed in docs/rulesets.md); the first, #{unreadable[0].index}: "
            f"{first[:160]!r}" + ("" if len(unreadable) == len(changes) else
                                 "; pass --skip-unrecognised to apply the others and report these"),
            source=proposal.source or proposal.title)
    for change in changes:
        if isinstance(change, Unrecognised):
            results.append(ChangeResult(index=change.index, instruction=change.instruction, kind="unknown",
                                        status="UNRECOGNISED", reason="not a rule change this engine can read "
                                        "(see docs/rulesets.md for the forms it reads); nothing applied",
                                        cites=[]))
            continue
        results.append(engine.apply(change))
    _refresh_header(engine.ruleset)
    report = AmendmentReport(ruleset=ruleset.name, proposal=proposal.title, instrument_power=proposal.power,
                             options=options, results=results)
    return engine.ruleset, report


def _refresh_header(ruleset: Ruleset) -> None:
    """Keep an SLR header's own figures true after the changes."""
    rules = ruleset.in_force()
    ids = [r.id for r in rules if r.id is not None and not r.prefix]
    if "Number of rules currently enacted" in ruleset.header:
        ruleset.header["Number of rules currently enacted"] = str(len(rules))
    if "Highest ID'd rule in this ruleset" in ruleset.header and ids:
        ruleset.header["Highest ID'd rule in this ruleset"] = str(max(ids))
    if "Highest ID'd Rule Enacted" in ruleset.header and ruleset.highest_id:
        ruleset.header["Highest ID'd Rule Enacted"] = str(ruleset.highest_id)
    lines = ruleset.preamble.split("\n")
    for n, line in enumerate(lines):
        key = line.split(":", 1)[0].strip()
        if ":" in line and key in ruleset.header and ruleset.header[key] and not line.strip().endswith(":"):
            lines[n] = f"{key}: {ruleset.header[key]}"
    ruleset.preamble = "\n".join(lines)


def single_changes() -> list[tuple[str, dict[str, str]]]:
    """("name=value", the readings with that one changed) for each reading departing from the defaults."""
    return [(f"{name}={value}", choice) for name, value, choice in READINGS.variations(READINGS.defaults())]


class ReadingDifference(BaseModel):
    reading: str
    index: int
    default: str  # status under the default reading
    under_reading: str
    reason: str


def compare_readings(ruleset: Ruleset, proposal: Proposal, *, skip_unrecognised: bool = False) -> list[ReadingDifference]:
    """Where a named reading changes a change's outcome (status or resulting text) from the default."""
    base_rules, base = apply_proposal(ruleset, proposal, skip_unrecognised=skip_unrecognised)
    out = []
    for name, values in single_changes():
        rules, report = apply_proposal(ruleset, proposal, R105Options(**values), skip_unrecognised=skip_unrecognised)
        for a, b in zip(base.results, report.results):
            if a.status != b.status or a.power != b.power:
                out.append(ReadingDifference(reading=name, index=a.index, default=f"{a.status} {a.power or ''}".strip(),
                                             under_reading=f"{b.status} {b.power or ''}".strip(), reason=b.reason))
    return out
