"""Rules that change during a game: a game file's `changes` (rules, options, and named additions to
the order rules as raw ASP) and the end of a game by the rules (winners, eliminations).

An addition is raw ASP over the movement encoding's documented input predicates
(encodings/diplomacy/README.md), accepted as the judge's `asp:` is (`solving.raw`: rules, facts
and constraints, no directives, no @-terms), and further:

- every rule is a normal rule (one atom as head, or a fact): a constraint or a choice would
  remove or add resolutions for every turn;
- every rule is guarded by `rule_change(T,<addition>)`, so it holds only in the turns where the
  addition is in force (many turns are grounded in one program); a hook's first argument is the
  turn variable `T`, as in every movement predicate;
- its heads of the hooks of `encodings/diplomacy/rule_changes.lp` (`also_adjacent/3`,
  `disrupted/2`) get the addition's name as a last argument (`also_adjacent_by/4`), so the
  encoding cites the addition in the orders it changed; every other predicate it defines is
  renamed into the addition's own namespace (it can neither change the position nor another
  addition).
"""

from __future__ import annotations

import re
from datetime import date, datetime, time, timezone

from clingo import ast
from pydantic import BaseModel, ConfigDict, Field, field_validator

from adjudicator.diplomacy.models import RuleAddition, normalize_phase
from adjudicator.errors import InputError
from adjudicator.solving.raw import parse_rules

__all__ = ["RuleAddition", "RuleChange", "GameEnd", "settings_at", "check_changes", "check_end", "when",
           "calendar_times"]

HOOKS = {"also_adjacent": 3, "disrupted": 2}
RULE_CHANGE_NOTE = "by a rule change: "  # how a result's reason cites an addition  # rule_changes.lp: the hook and its arity as written


class RuleChange(BaseModel):
    """A change of the game's rules from a phase or a date on: rules variant, options (readings),
    additions."""

    model_config = ConfigDict(extra="forbid")

    at: str  # the first phase in which the change applies (S1905M), or when it was enacted (2020-07-26)
    name: str | None = None
    cite: str | None = None
    enacted: str | None = None
    rules: str | None = None
    options: dict[str, str] | None = None
    asp: str | None = None  # an addition to the order rules (needs a name)

    @field_validator("at", mode="before")
    @classmethod
    def _date_as_text(cls, value):  # YAML reads 2020-07-26 as a date
        return value.isoformat() if isinstance(value, (date, datetime)) else value


class GameEnd(BaseModel):
    """The end of the game by the rules (a proposal), after a phase."""

    model_config = ConfigDict(extra="forbid")

    after: str  # the last phase played (S1906M)
    winners: list[str] = Field(default_factory=list)
    eliminated: list[str] = Field(default_factory=list)
    cite: str | None = None


_SEASON_ORDER = {"S": 0, "F": 1, "W": 2}
_KIND_ORDER = {"M": 0, "R": 1, "A": 2}


def phase_key(phase: str) -> tuple[int, int, int]:
    return int(phase[1:5]), _SEASON_ORDER[phase[0]], _KIND_ORDER[phase[-1]]


def when(text: object) -> datetime | None:
    """The moment a date or a date and time names (UTC when no zone is given; a date alone is
    the start of that day), or None when `text` is not one (a phase)."""
    if isinstance(text, datetime):
        moment = text
    elif isinstance(text, date):
        moment = datetime.combine(text, time())
    else:
        value = str(text).strip()
        if not re.fullmatch(r"\d{4}-\d{2}-\d{2}([T ].*)?", value):
            return None
        try:
            moment = datetime.fromisoformat(value)
        except ValueError:
            raise InputError(f"{value!r} is not a date (2020-07-26) or a date and time "
                             "(2020-07-26T18:00Z)") from None
    return moment.replace(tzinfo=timezone.utc) if moment.tzinfo is None else moment.astimezone(timezone.utc)


def calendar_times(calendar: dict | None, source: str) -> dict[str, datetime]:
    """A game's `calendar` (phase -> when it was adjudicated) with phases and moments checked."""
    times = {}
    for phase, moment in (calendar or {}).items():
        where = f"{source}, calendar"
        try:
            name = normalize_phase(str(phase))
            found = when(moment)
        except InputError as exc:
            raise InputError(str(exc), source=where) from None
        if found is None:
            raise InputError(f"{phase}: {moment!r} is not a date (2020-07-26) or a date and time", source=where)
        times[name] = found
    return times


def _in_force(change: RuleChange, phase: str, times: dict[str, datetime]) -> bool:
    """Whether `change` applies in `phase`: from its phase on, or in every phase adjudicated at or
    after its moment. A phase whose time is not known takes its place from the phases around it;
    where those do not tell, the game is refused (a silent guess could apply a rule too early)."""
    moment = when(change.at)
    key = phase_key(phase)
    if moment is None:
        return phase_key(normalize_phase(change.at)) <= key
    if phase in times:
        return times[phase] >= moment
    before = [t for p, t in times.items() if phase_key(p) < key]
    after = [t for p, t in times.items() if phase_key(p) > key]
    if before and max(before) >= moment:
        return True
    if after and min(after) < moment:
        return False
    raise InputError(f"the change at {change.at} ({change.name or 'rules and options'}): when {phase} was "
                     "adjudicated is not known, and the phases around it do not tell whether it came before "
                     "the change: give its date in `calendar:`")


def settings_at(phase: str, rules: str, options: dict[str, str] | None,
                changes: list[RuleChange], times: dict[str, datetime] | None = None) -> dict:
    """The rules, options and additions in force in `phase`: the game's, then each change whose
    phase or moment has come, in the order listed; `times`: when each phase was adjudicated, as
    far as known (a game's calendar, a jDip record's time stamps)."""
    options = dict(options or {})
    additions: list[RuleAddition] = []
    for change in changes:
        if not _in_force(change, phase, times or {}):
            continue
        rules = change.rules or rules
        options.update(change.options or {})
        if change.asp is not None:
            enacted = change.enacted or (change.at if when(change.at) else normalize_phase(change.at))
            additions.append(RuleAddition(name=change.name or "", asp=change.asp, enacted=enacted, cite=change.cite))
    return {"rules": rules, "options": options or None, "rule_changes": additions or None}


def check_changes(changes: list[RuleChange], source: str) -> None:
    """Every change names a known phase; an addition is named and its ASP is accepted."""
    from adjudicator.diplomacy.models import normalize_phase
    from adjudicator.diplomacy.variants import resolve_options

    names: set[str] = set()
    for number, change in enumerate(changes, 1):
        where = f"{source}, change {number}"
        try:
            if when(change.at) is None:
                normalize_phase(change.at)
        except InputError as exc:
            raise InputError(f"at: {exc}", source=where) from None
        if change.rules or change.options:
            resolve_options(change.rules or "standard", change.options, where)
        if change.asp is not None:
            if not change.name:
                raise InputError("an addition to the order rules (asp:) needs a name, to cite it in the results",
                                 source=where)
            if change.name in names:
                raise InputError(f"two additions are named {change.name!r}", source=where)
            names.add(change.name)
            addition_program(change.asp, addition_id(change.name), f"{where} ({change.name})")


def check_end(end: GameEnd | None, source: str) -> None:
    """The end of a game names a known phase and known powers (each once)."""
    from adjudicator.diplomacy.maps import load_map
    if end is None:
        return
    where = f"{source}, end"
    try:
        end.after = normalize_phase(end.after)
    except InputError as exc:
        raise InputError(f"after: {exc}", source=where) from None
    board = load_map()
    for field in ("winners", "eliminated"):
        named = []
        for text in getattr(end, field):
            power = board.power(str(text))
            if power is None:
                raise InputError(f"{field}: unknown power {text!r} (powers: {', '.join(board.powers)})", source=where)
            named.append(power)
        setattr(end, field, named)
    both = set(end.winners) & set(end.eliminated)
    if both:
        raise InputError(f"{', '.join(sorted(both))} both wins and is eliminated", source=where)


def addition_id(name: str) -> str:
    """The addition's name as an ASP constant (rc_italys_teleport)."""
    slug = re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")
    return f"rc_{slug or 'addition'}"


_PROGRAMS: dict[tuple[str, str], str] = {}


def addition_program(text: str, ident: str, where: str) -> str:
    """The addition's rules as program text, guarded and renamed as the module says."""
    key = (text, ident)
    if key not in _PROGRAMS:
        _PROGRAMS[key] = _transform(text, ident, where)
    return _PROGRAMS[key]


def _transform(text: str, ident: str, where: str) -> str:
    program = parse_rules(text, where)
    renamed = {name: f"{ident}_{name}" for name in program.defined if name not in HOOKS}

    class Rename(ast.Transformer):
        def visit_SymbolicAtom(self, atom):  # noqa: N802 - clingo's visitor names
            symbol = atom.symbol
            if symbol.ast_type == ast.ASTType.Function and symbol.name in renamed:
                return atom.update(symbol=symbol.update(name=renamed[symbol.name]))
            if symbol.ast_type == ast.ASTType.SymbolicTerm and str(symbol) in renamed:
                return atom.update(symbol=ast.Function(symbol.location, renamed[str(symbol)], [], False))
            return atom

    class Hook(ast.Transformer):
        def visit_SymbolicAtom(self, atom):  # noqa: N802
            symbol = atom.symbol
            if symbol.ast_type == ast.ASTType.Function and symbol.name in HOOKS:
                if len(symbol.arguments) != HOOKS[symbol.name]:
                    raise InputError(f"{where}: {symbol.name} takes {HOOKS[symbol.name]} arguments, not "
                                     f"{len(symbol.arguments)}")
                first = symbol.arguments[0]
                if first.ast_type != ast.ASTType.Variable or first.name != "T":
                    raise InputError(f"{where}: the first argument of {symbol.name} is the turn variable T, "
                                     f"not {str(first)!r}")
                tag = ast.SymbolicTerm(symbol.location, _constant(ident))
                return atom.update(symbol=symbol.update(name=f"{symbol.name}_by",
                                                        arguments=[*symbol.arguments, tag]))
            return atom

    rename, hook = Rename(), Hook()
    lines = []
    for statement in program.statements:
        head = statement.head
        if not (head.ast_type == ast.ASTType.Literal and head.sign == ast.Sign.NoSign
                and head.atom.ast_type == ast.ASTType.SymbolicAtom):
            raise InputError(f"{where}: an addition has only rules with one atom as head (not "
                             f"{str(statement)[:60]!r}): a constraint or a choice would change every turn")
        new_head = hook(rename(head))
        body = [str(rename(literal)) for literal in statement.body]
        lines.append(f"{new_head} :- {', '.join(body + [f'rule_change(T,{ident})'])}.")
    return "\n".join(lines) + "\n"


def _constant(name: str):
    import clingo

    return clingo.Function(name)
