"""Statements about rules: their text, Power, revision and whether they are rules at all.

    rule 2643's text contains "A stone is immune if and only if"     (also: rule N contains the text "..."
    the text "repeal both that rule and this one" exists in rule 2655    the text of rule N contains "...")
    rule 879 has power 3.0                                           (the Power statement's other wording)
    rule 2601 is a rule                                              (in force: R2141, the ruleset)
    rule 2595 is revision 2

    rule 2168 has ID 2168 / the rule titled "Seasons" has ID 2646        (R2141: by number or by title)
    proposal 8500 amended rule 2168 by replacing "14 days" with "10 days" (also: adding, appending or
        prepending a paragraph, deleting, appending, prepending or inserting "...", replacing its text;
        enacted, repealed, retitled, re-enacted rule N)

each with its negation ("does not contain", "does not exist in", "is not a rule", "is not revision",
"does not have ID", "did not amend").
The rule's text and revision are those of the case's ruleset on the case's day (a ruleset with
history is read as of that day); whether a phrase is in a text is a fact about that text, compared
as R2429 reads texts (amounts of whitespace do not matter), given to the solver as
`rule_text_has/2` and `rule_revision/2`; whether the rule is in force, and its Power, at the point
asked is the ruleset encoding's (`in_force/2`, `power/3`: R105, R2141, the same as `ruleset amend`).
How a proposal changed a rule is what the R105 engine applied where the case's `decisions:` adopt
it (rule_changes.py: `rule_change_made/3`); a ruleset's history records only that it did. A rule
the case's proposals change has the text of the point asked (the lifecycle's `nomic_holds/2`). A
rule the case's own `changes:` amend (by clauses, not text) has a text the ruleset does not give:
statements about its text or revision are refused.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from clingo import ast

from adjudicator.agora.case import parse_power, solver_int
from adjudicator.agora.rule_changes import agent_key
from adjudicator.errors import InputError
from adjudicator.names import nearest_names
from adjudicator.solving.terms import CLINGO_MAX, Name, Var, atom, fact, negated

RULE = r"(?:the entity (?:once|at one point) known as )?(?P<rule>(?:R|Rule ?)\d+)"
QUOTE = r"[\"'\u201c\u2018](?P<phrase>.+)[\"'\u201d\u2019]"
PT, RK = Var("PT"), Var("RK")


class RuleSentence(NamedTuple):
    """What a statement about a rule asks: its literals (the point as PT), the facts it needs, the
    rule it names, and whether it is negated (statements.py makes the node)."""

    literals: list[ast.AST]
    facts: list[ast.AST]
    rule: int | None
    negated: bool
    events: tuple[int, ...] = ()


def _number(text: str, where: str) -> int:
    match = re.fullmatch(r"(?:r|rule\s*)(\d+)", text.strip().lower())
    if not match:
        raise InputError(f"{where}: {text!r} is not a rule (write R869 or Rule 869)")
    return solver_int(match.group(1), where)


def _words(text: str) -> str:
    return " ".join(text.split())


def _node(literals: list[ast.AST], text: str, rule: int, negate: bool, facts: list[ast.AST] = ()) -> RuleSentence:
    return RuleSentence(literals, [atom("asked_rule", rule), *facts], rule, negate)


def _in_force_at(rule: int) -> list[ast.AST]:
    return [atom("point_state", PT, RK), atom("in_force", rule, RK)]


def _text_contains(m, lx, w):
    rule = _number(m["rule"], w)
    phrase = _words(m["phrase"])
    if rule in lx.rule_versions:  # the case's own proposals changed it: the text of the point asked
        return _versioned(lx, rule, fact("rule_text_has", rule, phrase),
                          lambda v: v.text is not None and phrase in _words(v.text), m)
    text = _rule_text(lx, rule, w)
    facts = [atom("rule_text_has", rule, phrase)] if phrase in _words(text) else []
    return _node([*_in_force_at(rule), atom("rule_text_has", rule, phrase)], m.string, rule,
                 bool(m["neg"]), facts)


def _is_revision(m, lx, w):
    rule = _number(m["rule"], w)
    asked = int(m["revision"])
    if rule in lx.rule_versions:
        return _versioned(lx, rule, fact("rule_revision", rule, asked), lambda v: v.revision == asked, m)
    _rule_text(lx, rule, w)  # the rule's text must be the ruleset's (not amended by the case)
    revision = lx.rule_revisions.get(rule)
    facts = [atom("rule_revision", rule, revision)] if revision is not None else []
    return _node([*_in_force_at(rule), atom("rule_revision", rule, asked)], m.string, rule,
                 bool(m["neg"]), facts)


def _versioned(lx, rule: int, literal, holds, m) -> RuleSentence:
    """A fact about a rule's text that the case's proposals changed, as the lifecycle's facts are:
    true over the times each text was the rule's (decision_results.lp), or at the end of a case
    without a time."""
    versions = lx.rule_versions[rule]
    facts = []
    if not lx.timed:
        if holds(versions[-1]):
            facts.append(atom("nomic_final", literal))
    else:
        starts = [-CLINGO_MAX if v.start is None else v.start for v in versions]
        for n, version in enumerate(versions):
            until = starts[n + 1] if n + 1 < len(versions) else CLINGO_MAX
            if holds(version) and starts[n] < until:
                facts.append(atom("nomic_interval", literal, starts[n], until))
    named = rule if rule in lx.rule_texts else None  # one the case's proposals enacted is not the ruleset's
    return RuleSentence([atom("nomic_holds", literal, PT)], facts, named, bool(m["neg"]))


def _has_id(m, lx, w):
    """R2141: a rule's ID number; by number, "rule N has ID K" (in force, as the ruleset encoding
    says), or by title, from the ruleset of the day and the rules the case's changes enact."""
    wanted = solver_int(m["id"], w)
    if m["rule"]:
        rule = _number(m["rule"], w)
        return _node([*_in_force_at(rule), atom("rule_id", rule, wanted)], m.string, rule, bool(m["neg"]))
    title = _words(m["phrase"]).lower()
    ids = lx.rule_titles.get(title)
    if not ids:
        raise InputError(f"{w}: no rule of the case is titled {m['phrase']!r} ({nearest_names(title, list(lx.rule_titles))})")
    facts = [atom("rule_titled", title, number) for number in sorted(ids)]
    return RuleSentence([atom("rule_titled", title, wanted)], facts, None, bool(m["neg"]))


FORMS = [
    (r"(?:adding|inserting) a (?:new )?paragraph", lambda q: fact("paragraph_added")),
    (r"appending a (?:new )?paragraph", lambda q: fact("paragraph_appended")),
    (r"prepending a (?:new )?paragraph", lambda q: fact("paragraph_prepended")),
    (rf"replacing (?:every (?:occurrence|instance) of )?{QUOTE.replace('phrase', 'old')} with "
     rf"{QUOTE.replace('phrase', 'new')}", lambda q: fact("replaced", _words(q["old"]), _words(q["new"]))),
    (rf"(?:deleting|removing|striking) (?:the text )?{QUOTE}", lambda q: fact("deleted", _words(q["phrase"]))),
    (rf"appending (?:the text )?{QUOTE}", lambda q: fact("appended", _words(q["phrase"]))),
    (rf"prepending (?:the text )?{QUOTE}", lambda q: fact("prepended", _words(q["phrase"]))),
    (rf"inserting (?:the text )?{QUOTE}", lambda q: fact("inserted", _words(q["phrase"]))),
    (r"replacing (?:its|the) (?:entire |whole )?text", lambda q: fact("text_replaced")),
]
VERB_KINDS = {**{verb: verb + ("d" if verb.endswith("e") else "ed") for verb in ("amend", "enact", "repeal", "retitle",
                                                                              "reenact")},
              **{kind: kind for kind in ("amended", "enacted", "repealed", "retitled", "reenacted")}}


def _how(text: str, w: str):
    for form, build in FORMS:
        match = re.fullmatch(form, text.strip().rstrip("."), re.I)
        if match:
            return build(match)
    raise InputError(f"{w}: {text!r} is not a way of amending a rule this judge reads (write: adding a paragraph, "
                     "appending/prepending a paragraph, replacing \"X\" with \"Y\", deleting \"X\", appending, "
                     "prepending or inserting \"X\", replacing its text)")


def _changed_by(m, lx, w):
    """R105: how a proposal changed a rule, as the engine applied it (the case's `decisions:`), or
    that it changed it, as the ruleset's history records."""
    rule = _number(m["rule"], w)
    kind = VERB_KINDS[m["verb"].lower().replace("re-", "re").removeprefix("did not ")]
    proposal = agent_key("rule", _number(m["agent"], w)) if m.get("agent") else _proposal_key(m["proposal"], lx, w)
    how = _how(m["how"], w) if m["how"] else fact(kind)
    recorded = [(proposal, k) for p, k in lx.rule_records.get(rule, []) if p == proposal]
    applied = any(v.decision == proposal for v in lx.rule_versions.get(rule, []))
    if m["how"] and recorded and not applied:
        raise InputError(f"{w}: the ruleset's history records that {m.get('agent') or 'proposal ' + str(proposal)} "
                         f"{kind} R{rule}, not how; "
                         "give the proposal's text in the case's decisions: to have the R105 engine apply it")
    facts = [atom("rule_change_made", rule, p, fact(k)) for p, k in recorded]
    # a rule the case's proposals enacted is not the ruleset's: named, it is checked against those
    named = None if rule in lx.rule_versions else rule
    return RuleSentence([atom("rule_change_made", rule, proposal, how)], facts, named,
                        m["verb"].lower().startswith("did not"))


def _proposal_key(text: str, lx, w: str):
    key = text.strip().lstrip("#")
    known = lx.decisions.get(key.lower())
    if known and len(known) == 1:
        return next(iter(known))
    if key.isdecimal():
        return solver_int(key, w)
    raise InputError(f"{w}: {text!r} is not a proposal of the case (a number, or a proposal its decisions: name)")


def _is_rule(m, lx, w):
    rule = _number(m["rule"], w)
    return _node(_in_force_at(rule), m.string, rule, bool(m["neg"]))


def _has_power(m, lx, w):
    rule = _number(m["rule"], w)
    power = int((parse_power(m["power"], w) * 1000).to_integral_value())
    return _node([atom("point_state", PT, RK), atom("power", rule, power, RK)], m.string, rule, bool(m["neg"]))


def _clear(m, lx, w):
    """The finding R478 and R2595 items 1-2 ask for: the announcement was clear (findings.lp)."""
    event = lx.event(m["event"], w)
    return RuleSentence([atom("point", PT), negated(atom("unclear", event))], [], None, bool(m["neg"]), (event,))


def whitespace_change(old: str, new: str) -> str:
    """How two texts differ, as R2429 compares them: `text` (other words), `whitespace` (the same words
    and the same paragraphs by blank lines), `blank_lines` (blank lines added or removed only inside a
    sentence: after a word that ends none), `paragraphs` (also between sentences). Which of these is
    insignificant is cleaning.lp's (reading r2429_paragraphs)."""
    def layout(text: str) -> tuple[list[str], set[int]]:
        words, breaks = [], set()
        for paragraph in re.split(r"\n[ \t]*\n", text.strip()):
            if words:
                breaks.add(len(words))
            words += paragraph.split()
        return words, breaks
    (words, old_breaks), (new_words, new_breaks) = layout(old), layout(new)
    if words != new_words:
        return "text"
    changed = old_breaks ^ new_breaks
    if not changed:
        return "whitespace"
    sentence_ends = {n for n in changed if re.search(r"[.!?][\"')\]]*$", words[n - 1])}
    return "paragraphs" if sentence_ends else "blank_lines"


def _insignificant(m, lx, w):
    """R2429: replacing the case's text A with its text B is generally insignificant (cleaning.lp)."""
    texts = []
    for key in ("a", "b"):
        name = m[key].strip().lower()
        if name not in lx.texts:
            known = ", ".join(sorted(lx.texts)) or "none: give them under texts:"
            raise InputError(f"{w}: no text named {m[key]!r} in the case (its texts: {known})")
        texts.append(lx.texts[name])
    change = f"{m['a'].strip().lower()}>{m['b'].strip().lower()}"
    facts = [atom("text_change", change, Name(whitespace_change(*texts)))]
    return RuleSentence([atom("point", PT), atom("insignificant_change", change)], facts, None, bool(m["neg"]))


def _rule_text(lx, rule: int, where: str) -> str:
    if rule in lx.rules_amended:
        raise InputError(f"{where}: the case's changes amend R{rule}, and the judge knows its text only as the "
                         "ruleset gives it: a statement about its text or revision is not decided here")
    if rule not in lx.rule_texts:
        known = ", ".join(f"R{r}" for r in sorted(lx.rule_texts)[:12]) or "none"
        raise InputError(f"{where}: R{rule} is not a rule of the case's ruleset on the case's day "
                         f"(its rules: {known}{', ...' if len(lx.rule_texts) > 12 else ''})")
    return lx.rule_texts[rule]


PATTERNS = [
    (re.compile(rf"^(?:{RULE}'s text|the text of {RULE.replace('rule>', 'rule2>')}) (?P<neg>does not contain|contains) {QUOTE}$",
                re.I), None),
    (re.compile(rf"^{RULE} (?P<neg>does not contain|contains) the text {QUOTE}$", re.I), None),
    (re.compile(rf"^the text {QUOTE} (?P<neg>does not exist|exists) in {RULE}$", re.I), None),
    (re.compile(rf"^{RULE} (?P<neg>is not|isn't|is) (?:a )?revision (?P<revision>\d+)$", re.I), _is_revision),
    (re.compile(rf"^{RULE} (?P<neg>is not|isn't|is) a rule$", re.I), _is_rule),
    (re.compile(rf"^{RULE} (?P<neg>does not have|has) (?:a )?power (?:of )?(?P<power>[\d.]+)$", re.I), _has_power),
    (re.compile(rf"^{RULE} (?P<neg>does not have|has) (?:the )?ID(?: number)? (?P<id>\d+)$", re.I), _has_id),
    (re.compile(rf"^the rule (?:titled|entitled|named) {QUOTE} (?P<neg>does not have|has) (?:the )?ID(?: number)? "
                r"(?P<id>\d+)$", re.I), _has_id),
    (re.compile(rf"^proposal (?P<proposal>#?[\w.\-]+) (?P<verb>did not (?:amend|enact|repeal|retitle|re-?enact)|"
                rf"amended|enacted|repealed|retitled|re-?enacted) {RULE}(?: by (?P<how>.+))?$", re.I), _changed_by),
    (re.compile(rf"^(?:the entity (?:once|at one point) known as )?(?P<agent>(?:R|Rule ?)\d+) (?P<verb>did not "
                rf"(?:amend|enact|repeal|retitle|re-?enact)|amended|enacted|repealed|retitled|re-?enacted) {RULE}"
                r"(?: by (?P<how>.+))?$", re.I), _changed_by),
    (re.compile(r"^the announcement (?:of|in) event (?P<event>[\w.\-]+) (?P<neg>was not|wasn't|was) clear$", re.I), _clear),
    (re.compile(r"^(?:changing|replacing) (?:the )?text (?P<a>[\w.\-]+) (?:to|with) (?:the )?text (?P<b>[\w.\-]+)"
                r"(?:,? or vice versa,?)? (?P<neg>is not|isn't|is) [\"']?(?:generally )?insignificant[\"']?"
                r"(?: under (?:R|Rule ?)2429)?$", re.I), _insignificant),
]


class _Match(dict):
    """A match's groups, with `neg` as a flag and `rule` from whichever group named it."""

    def __init__(self, match: re.Match):
        groups = match.groupdict()
        super().__init__(groups)
        self.string = match.string
        self["rule"] = groups.get("rule") or groups.get("rule2")
        self["neg"] = (groups.get("neg") or "").lower() in ("does not contain", "does not exist", "is not", "isn't",
                                                             "does not have", "was not", "wasn't")


def _wrapped(pattern: re.Pattern, build):
    builder = build or _text_contains
    return pattern, lambda m, lx, w: builder(_Match(m), lx, w)


PATTERNS = [_wrapped(pattern, build) for pattern, build in PATTERNS]


def amended_rules(case) -> set[int]:
    """The rules the case's own changes amend (their texts after it are not the ruleset's)."""
    return {change.amend.rule for change in case.changes if change.amend is not None}
