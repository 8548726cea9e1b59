"""Who can still win the Highest Number Game (BT31)? Bounded model checking with Z3.

The state at the log's ``as_of`` comes from the ASP adjudicator (`adjudicator.hng.adjudicate`). From
there every remaining week of the tournament is unrolled symbolically: per party and week, how
many tokens e transfers to the pot (bidding weeks), whether e declares and which number, whether e
reveals it (revealing weeks; only if it is not above the cap); the leader, the pot and the
balances follow BT31 exactly as encodings/hng/week.lp does. All choices are Z3 integers and
booleans, so one satisfiability check covers every continuation: the search is exhaustive over the
remaining weeks (parties: the current ones, the asking player if e must still join, and
``joiners`` further new players). Secrets already committed but not revealed are unknown: each is
a free number unless its plaintext is known (seen in the log or given with ``--secret``); a plan
that relies on one says which value it assumed.

Soundness against the ASP semantics is tested by replaying witness plans through the adjudicator
(tests/hng/test_reachability.py).
"""

from __future__ import annotations

from typing import Any, Optional

import z3
from pydantic import BaseModel, Field

from adjudicator.errors import InputError
from adjudicator.hng import adjudicate as hng
from adjudicator.hng.numbers import parse_natural

GRANT = 12  # BT31: "each party is granted 12 tokens"
NUMBER_BOUND = 10_000  # no cap can exceed the tokens in play; keeps the search finite


class PlannedAction(BaseModel):
    party: str
    action: str  # join / transfer / declare / reveal
    tokens: Optional[int] = None
    number: Optional[int] = None
    note: str = ""


class PlannedWeek(BaseModel):
    week: str
    kind: str
    actions: list[PlannedAction] = Field(default_factory=list)
    leader: Optional[str] = None
    pot: int = 0  # in the pot before the payout
    balances: dict[str, int] = Field(default_factory=dict)  # at the week's end


class Answer(BaseModel):
    party: str
    alone: bool
    readings: dict[str, str]
    as_of: Optional[str]
    reachable: Optional[bool]  # None: unknown within budget
    status: str  # "reachable" / "unreachable" / "decided" / "unknown within budget"
    reason: str
    plan: list[PlannedWeek] = Field(default_factory=list)
    plan_events: list[dict[str, Any]] = Field(default_factory=list)  # the plan in the log format
    assumed_secrets: dict[str, int] = Field(default_factory=dict)  # pending commitments the plan relies on
    final_balances: dict[str, int] = Field(default_factory=dict)
    other_readings: dict[str, Optional[bool]] = Field(default_factory=dict)  # "option=value" -> the answer
    best_margin: Optional[int] = None  # when unreachable: party's best lead over the strongest other
    best_balance: Optional[int] = None  # when unreachable: the most tokens the party can end with
    seconds: float = 0.0


def parse_secrets(pairs: tuple[str, ...] | list[str]) -> dict[str, str]:
    secrets: dict[str, str] = {}
    for pair in pairs:
        if "=" not in pair:
            raise InputError(f"expected PARTY=TEXT, got {pair!r}", source="--secret")
        name, text = pair.split("=", 1)
        if name.strip() in secrets:
            raise InputError(f"{name.strip()} is given twice", source="--secret")
        secrets[name.strip()] = text
    return secrets


class _Game:
    """The remaining weeks as Z3 terms."""

    def __init__(self, log: hng.GameLog, party: str, readings: dict[str, str], secrets: dict[str, str],
                 joiners: int, standings: hng.Standings):
        self.log = log
        self.party = party
        self.readings = readings
        st = standings.state
        self.state = st
        self.kinds: dict[int, str] = st["kinds"]
        self.final: int = st["final_week"]
        self.now_week: int = st["week"]
        self.now_kind: str = st["kind"]
        self.game_night: Optional[int] = st["game_night"]
        self.calendar: hng.Weeks = st["weeks"]
        self.as_of = hng.seconds(log.as_of) if log.as_of else None
        self.min_number = 0 if readings["zero-natural"] == "yes" else 1
        known = {hng.digest(e.text): e.text for e in log.events if e.action == "reveal"}
        for name, text in secrets.items():
            known[hng.digest(text)] = text
        self.known_text = known
        self.secrets = secrets
        current = list(st["parties"])
        self.newcomers = ([party] if party not in current else []) + [f"newcomer{i + 1}" for i in range(joiners)]
        self.parties = current + self.newcomers
        # A context of its own: Z3's witness depends on what its context has seen before, and the
        # answer must not depend on what else this process asked.
        self.ctx = z3.Context()
        self.solver = z3.Solver(ctx=self.ctx)
        self.weeks: list[dict[str, Any]] = []
        self.assumed: dict[str, z3.ArithRef] = {}
        self.pending_text: dict[str, str] = {}

    def _secret_value(self, owner: str, digest: str, label: str) -> tuple[Optional[z3.ArithRef], bool]:
        """(value, revealable) of a pending commitment: known text, or a free number."""
        text = self.secrets.get(owner) if owner in self.secrets and hng.digest(self.secrets[owner]) == digest else None
        text = text if text is not None else self.known_text.get(digest)
        if text is not None:
            self.pending_text[owner] = text
            value = parse_natural(text)
            if value is None or value < self.min_number:
                return None, False
            return z3.IntVal(min(value, hng.NUMBER_CEILING), self.ctx), True
        var = z3.Int(f"secret_{label}", self.ctx)
        self.solver.add(var >= self.min_number, var <= NUMBER_BOUND)
        self.assumed[owner] = var
        return var, True

    def build(self, alone: bool) -> None:
        """Every remaining week as constraints, in the order Z3 first sees them (the order shapes the
        witness it finds); `self.win`: the party ends among the winners (`alone`: the only one)."""
        game_night_passed = self.game_night is None or (self.as_of is not None and self.game_night <= self.as_of)
        self._parties(game_night_passed)
        self._previous_week()
        grant_pending = not game_night_passed
        for week in range(self.now_week, self.final + 1):
            kind = self.kinds.get(week, "before_cycle")
            info: dict[str, Any] = {"week": week, "kind": kind, "actions": []}
            # Game Night within (or before) this week's end: grant to parties at that moment
            if grant_pending and self.game_night is not None and self.game_night < self.calendar.end(week):
                self._grant()
                grant_pending = False
            if kind == "bidding":
                self._bidding_week(week, info)
            elif kind == "revealing":
                self._revealing_week(week, info)
            else:
                info["pot"] = self.pot
                info["leader"] = None
            info["balances"] = dict(self.bal)
            self.weeks.append(info)
        self.final_bal = self.bal
        me = self.bal[self.party]
        rivals = [p for p in self.parties if p != self.party]
        self.win = z3.And(*[z3.Implies(self.is_party[q], (me > self.bal[q]) if alone else (me >= self.bal[q]))
                            for q in rivals]) if rivals else z3.BoolVal(True, self.ctx)

    def _parties(self, game_night_passed: bool) -> None:
        """Who is a party (newcomers join or not), the tokens at as_of, and whether each newcomer
        joins before Game Night (and so gets the grant)."""
        s, st = self.solver, self.state
        joined = {p: z3.Bool(f"joins_{p}", self.ctx) for p in self.newcomers}
        for p in self.newcomers:
            if p == self.party:
                s.add(joined[p])  # the asking player joins at once (never worse for em)
        self.joined = joined
        self.is_party = {p: (z3.BoolVal(True, self.ctx) if p not in joined else joined[p]) for p in self.parties}
        # tokens at as_of
        self.bal = {p: z3.IntVal(st["balances"].get(p, 0), self.ctx) for p in self.parties}
        self.pot: z3.ArithRef = z3.IntVal(st["pot"], self.ctx)
        self.newcomer_tokens = {}
        for p in self.newcomers:
            # joining before Game Night brings the grant; a newcomer may also join after it
            early = z3.Bool(f"early_{p}", self.ctx) if not game_night_passed else z3.BoolVal(False, self.ctx)
            if p == self.party and not game_night_passed:
                s.add(early)
            s.add(z3.Implies(early, joined[p]))
            self.newcomer_tokens[p] = early

    def _previous_week(self) -> None:
        """The reveals so far, and (when the current week is a revealing one) the previous week's
        declarations and transfers, from the ASP state."""
        st = self.state
        self.prev_decl: dict[str, tuple[z3.BoolRef, Optional[z3.ArithRef], bool]] = {}
        self.prev_transfer: dict[str, z3.ArithRef] = {}
        self.reveal_items: list[tuple[str, z3.BoolRef, z3.ArithRef]] = []
        for (p, w, v) in st["revealed"]:
            if w != self.now_week:
                self.reveal_items.append((p, z3.BoolVal(True, self.ctx), z3.IntVal(v, self.ctx)))
        if self.now_kind == "revealing":
            for p, d in st["prev_declared"].items():
                value, ok = self._secret_value(p, d, f"{p}_{self.now_week - 1}")
                self.prev_decl[p] = (z3.BoolVal(True, self.ctx), value, ok)
            for p, a in st["prev_transferred"].items():
                self.prev_transfer[p] = z3.IntVal(a, self.ctx)

    def _grant(self) -> None:
        """BT31: each party is granted 12 tokens at Game Night (a newcomer only if e joined before)."""
        for p in self.parties:
            if p in self.joined:
                self.bal[p] = self.bal[p] + z3.If(self.newcomer_tokens[p], GRANT, 0)
            else:
                self.bal[p] = self.bal[p] + GRANT

    def _bidding_week(self, week: int, info: dict[str, Any]) -> None:
        """BT31: parties transfer tokens they own to the pot and declare a secret number (once)."""
        s, st, current = self.solver, self.state, week == self.now_week
        decl: dict[str, tuple[z3.BoolRef, Optional[z3.ArithRef], bool]] = {}
        transfer: dict[str, z3.ArithRef] = {}
        for p in self.parties:
            t = z3.Int(f"transfer_{p}_{week}", self.ctx)
            s.add(t >= 0, t <= self.bal[p], z3.Implies(z3.Not(self.is_party[p]), t == 0))
            already = st["transferred"].get(p, 0) if current else 0
            transfer[p] = t + already
            self.bal[p] = self.bal[p] - t
            self.pot = self.pot + t
            info["actions"].append(("transfer", p, t))
            if current and p in st["declared"]:
                value, ok = self._secret_value(p, st["declared"][p], f"{p}_{week}")
                decl[p] = (z3.BoolVal(True, self.ctx), value, ok)
            else:
                declares = z3.Bool(f"declares_{p}_{week}", self.ctx)
                number = z3.Int(f"number_{p}_{week}", self.ctx)
                s.add(number >= self.min_number, number <= NUMBER_BOUND, z3.Implies(declares, self.is_party[p]))
                decl[p] = (declares, number, True)
                info["actions"].append(("declare", p, declares, number))
        info["pot"] = self.pot
        self.prev_decl, self.prev_transfer = decl, transfer
        info["leader"] = None

    def _reveals(self, week: int, info: dict[str, Any]) -> list[tuple[str, z3.BoolRef, z3.ArithRef]]:
        """This week's reveals: done already (the current week), or possible (a declaration of the
        previous week, not above the cap)."""
        st, current = self.state, week == self.now_week
        total = z3.Sum([*self.prev_transfer.values()]) if self.prev_transfer else z3.IntVal(0, self.ctx)
        items_now: list[tuple[str, z3.BoolRef, z3.ArithRef]] = []
        for p in self.parties:
            done = [(q, w, v) for (q, w, v) in st["revealed"] if current and q == p and w == week]
            if done:
                items_now.append((p, z3.BoolVal(True, self.ctx), z3.IntVal(done[0][2], self.ctx)))
                continue
            if p not in self.prev_decl:
                continue
            made, value, ok = self.prev_decl[p]
            if not ok or value is None:
                continue
            own = self.prev_transfer.get(p, z3.IntVal(0, self.ctx))
            cap = total if self.readings["reveal-cap"] == "all-transfers" else own
            if current and p in st["cap"]:
                cap = z3.IntVal(st["cap"][p], self.ctx)
            r = z3.Bool(f"reveals_{p}_{week}", self.ctx)
            self.solver.add(z3.Implies(r, z3.And(made, value <= cap, self.is_party[p])))
            items_now.append((p, r, value))
            info["actions"].append(("reveal", p, r, value))
        return items_now

    def _leaders(self, pool: list[tuple[str, z3.BoolRef, z3.ArithRef]]) -> dict[str, Any]:
        """BT31: the leader has revealed the highest secret number not equal to any other revealed one."""
        uniq = []
        for i, (p, r, v) in enumerate(pool):
            others = [z3.And(r2, v2 == v) for j, (_, r2, v2) in enumerate(pool) if j != i]
            uniq.append(z3.And(r, z3.Not(z3.Or(others))) if others else r)
        leader_of = {}
        for p in self.parties:
            mine = []
            for i, (q, r, v) in enumerate(pool):
                if q != p:
                    continue
                beats = [z3.Implies(uniq[j], v2 <= v) for j, (_, _, v2) in enumerate(pool) if j != i]
                mine.append(z3.And(uniq[i], *beats))
            leader_of[p] = z3.Or(mine) if mine else z3.BoolVal(False, self.ctx)
        return leader_of

    def _revealing_week(self, week: int, info: dict[str, Any]) -> None:
        """BT31: reveals, the leader (reading leader-scope: this week's reveals or all), the payout."""
        items_now = self._reveals(week, info)
        pool = items_now + (self.reveal_items if self.readings["leader-scope"] == "game" else [])
        leader_of = self._leaders(pool)
        info["pot"] = self.pot
        any_leader = z3.Or(list(leader_of.values())) if leader_of else z3.BoolVal(False, self.ctx)
        for p in self.parties:
            self.bal[p] = self.bal[p] + z3.If(leader_of[p], self.pot, 0)
        self.pot = z3.If(any_leader, 0, self.pot)
        info["leader"] = leader_of
        self.reveal_items = self.reveal_items + items_now
        self.prev_decl, self.prev_transfer = {}, {}

    # ------------------------------------------------------------------------------------------
    def plan(self, model: z3.ModelRef) -> tuple[list[PlannedWeek], list[dict[str, Any]], dict[str, int]]:
        ev = lambda t: model.eval(t, model_completion=True)  # noqa: E731
        weeks: list[PlannedWeek] = []
        events: list[dict[str, Any]] = []
        # nothing can happen before BT31 exists
        stamp = max(self.as_of if self.as_of is not None else 0, hng.seconds(self.log.promulgated)) + 1

        def at(week: int, after: Optional[int] = None) -> str:
            nonlocal stamp
            t = max(stamp, self.calendar.start(week) + 3600, (after or 0))
            stamp = t + 1
            if t >= self.calendar.end(week):
                raise InputError("too little time is left in this week to schedule the plan's actions", source="plan")
            return hng.moment(t).isoformat().replace("+00:00", "Z")

        relied_on: set[str] = set()
        joined_names = [p for p in self.newcomers if z3.is_true(ev(z3.Bool(f"joins_{p}", self.ctx)))]
        join_actions = []
        for p in joined_names:
            early = z3.is_true(ev(self.newcomer_tokens[p]))
            late = self.game_night + 1 if (not early and self.game_night is not None and stamp <= self.game_night) else None
            join_week = self.calendar.of(late or stamp)
            join_actions.append((join_week, PlannedAction(party=p, action="join",
                                                          note="before Game Night" if early else "")))
            events.append({"at": at(join_week, late), "party": p, "action": "join"})
        for info in self.weeks:
            week = info["week"]
            pw = PlannedWeek(week=self.calendar.start_date(week), kind=info["kind"], pot=ev(info["pot"]).as_long())
            pw.actions += [action for (w, action) in join_actions if w == week]
            after_game_night = (self.game_night + 1) if self.game_night is not None and \
                self.calendar.start(week) <= self.game_night < self.calendar.end(week) else None
            for action in info["actions"]:
                if action[0] == "transfer":
                    n = ev(action[2]).as_long()
                    if n > 0:
                        pw.actions.append(PlannedAction(party=action[1], action="transfer", tokens=n))
                        events.append({"at": at(week, after_game_night), "party": action[1], "action": "transfer", "tokens": n})
                elif action[0] == "declare":
                    if z3.is_true(ev(action[2])):
                        n = ev(action[3]).as_long()
                        pw.actions.append(PlannedAction(party=action[1], action="declare", number=n,
                                                        note=f"commitment sha256({n!s})"))
                        events.append({"at": at(week, after_game_night), "party": action[1], "action": "declare",
                                       "commitment": hng.digest(str(n))})
                elif action[0] == "reveal":
                    if z3.is_true(ev(action[2])):
                        n = ev(action[3]).as_long()
                        p = action[1]
                        text = str(n)
                        note = ""
                        pending_week = self.now_week + (1 if self.now_kind == "bidding" else 0)
                        if week == pending_week and p in self.assumed:
                            note = f"assumes {p}'s pending secret number is {n}"
                            relied_on.add(p)
                        elif week == pending_week and p in self.pending_text:
                            text = self.pending_text[p]
                        pw.actions.append(PlannedAction(party=p, action="reveal", number=n, note=note))
                        events.append({"at": at(week), "party": p, "action": "reveal", "text": text})
            leader = info["leader"]
            if isinstance(leader, dict):
                winners = [p for p, b in leader.items() if z3.is_true(ev(b))]
                pw.leader = winners[0] if winners else None
            pw.balances = {p: ev(b).as_long() for p, b in info["balances"].items()
                           if p not in self.newcomers or p in joined_names}
            if pw.kind != "before_cycle" or pw.actions:
                weeks.append(pw)
        assumed = {p: ev(v).as_long() for p, v in self.assumed.items() if p in relied_on}
        # texts of assumed secrets in the plan log are their assumed values (replay needs them true)
        return weeks, events, assumed


def reachable(log: hng.GameLog, party: str, *, alone: bool = False, readings: Optional[dict[str, str]] = None,
              secrets: Optional[dict[str, str]] = None, joiners: int = 0, timeout: float = 30.0,
              rlimit: Optional[int] = None, compare_readings: bool = False) -> Answer:
    """Like `_reachable`; with `compare_readings`, also answers under each single change of reading
    (`other_readings`), so a judge sees when the answer hangs on how BT31 is read."""
    import time

    started = time.monotonic()
    if not party.strip():
        raise InputError("give the name of a party or player", source="--party")
    answer = _reachable(log, party, alone=alone, readings=readings, secrets=secrets, joiners=joiners,
                        timeout=timeout, rlimit=rlimit)
    if compare_readings:
        for name, value, choice in hng.READINGS.variations(answer.readings):
            left = timeout - (time.monotonic() - started)
            other = _reachable(log, party, alone=alone, readings=choice,
                               secrets=secrets, joiners=joiners, timeout=max(0.5, left), rlimit=rlimit,
                               plan=False) if left > 0.5 else None
            answer.other_readings[f"{name}={value}"] = other.reachable if other else None
    return answer


def _reachable(log: hng.GameLog, party: str, *, alone: bool = False, readings: Optional[dict[str, str]] = None,
               secrets: Optional[dict[str, str]] = None, joiners: int = 0, timeout: float = 30.0,
               rlimit: Optional[int] = None, plan: bool = True) -> Answer:
    """Can `party` still end among the winners (alone: as the only winner) from the state at as_of?

    `timeout` bounds the whole call in seconds; `rlimit` (optional) also caps Z3's deterministic
    resource counter, so a budget overrun can be reproduced exactly."""
    import time

    started = time.monotonic()
    chosen = hng.parse_readings(readings)
    secrets = secrets or {}
    standings = hng.adjudicate(log, chosen, timeout=timeout)
    base = dict(party=party, alone=alone, readings=chosen,
                as_of=log.as_of.isoformat().replace("+00:00", "Z") if log.as_of else None)
    if standings.winners is not None:
        won = party in standings.winners and (not alone or standings.winners == [party])
        return Answer(**base, reachable=won, status="decided",
                      reason=f"the tournament is over; winners: {', '.join(standings.winners) or 'none'}",
                      final_balances=standings.balances, seconds=time.monotonic() - started)
    if log.as_of is None:
        raise InputError("the log has no as_of and the tournament has no winners yet: give as_of, the moment "
                         "from which to search", source="log")
    if standings.state.get("final_week") is None:
        raise InputError("the tournament's weeks cannot be determined from this log", source="log")
    pending = {**standings.state.get("prev_declared", {}), **standings.state.get("declared", {})}
    for name, text in secrets.items():
        if name not in standings.state.get("parties", []):
            raise InputError(f"{name} is not a party", source="--secret")
        # a text that matches no commitment would silently be ignored: the asker is mistaken.
        # Checked under the chosen readings (plan): under another calendar it may not be pending.
        if plan and hng.digest(text) not in (pending.get(name), standings.state.get("declared", {}).get(name)):
            raise InputError(f"{name}={text!r}: its SHA-256 digest matches no pending commitment of {name}",
                             source="--secret")
    game = _Game(log, party, chosen, secrets, joiners, standings)
    game.build(alone)
    remaining = max(0.1, timeout - (time.monotonic() - started))
    game.solver.set("timeout", int(remaining * 1000))
    if rlimit is not None:
        game.solver.set("rlimit", rlimit)
    game.solver.add(game.win)
    outcome = game.solver.check()
    if outcome == z3.unknown:
        return Answer(**base, reachable=None, status="unknown within budget",
                      reason=f"Z3 did not decide within {timeout:g} s ({game.solver.reason_unknown()})",
                      seconds=time.monotonic() - started)
    if outcome == z3.sat and not plan:
        return Answer(**base, reachable=True, status="reachable", reason="", seconds=time.monotonic() - started)
    if outcome == z3.unsat and not plan:
        return Answer(**base, reachable=False, status="unreachable", reason="", seconds=time.monotonic() - started)
    if outcome == z3.sat:
        weeks, events, assumed = game.plan(_simplest(game, game.solver.model(), started, timeout))
        final = weeks[-1].balances if weeks else {}
        who = "the only winner" if alone else "among the winners"
        reason = f"{party} can still end {who}: a witness plan follows"
        if assumed:
            reason += " (it assumes pending secrets: " + ", ".join(f"{p}={v}" for p, v in assumed.items()) + ")"
        return Answer(**base, reachable=True, status="reachable", reason=reason, plan=weeks, plan_events=events,
                      assumed_secrets=assumed, final_balances=final, seconds=time.monotonic() - started)
    # unreachable: find the bound that cannot be met
    best_margin, best_balance = _bounds(log, party, chosen, secrets, joiners, standings, alone,
                                        max(0.1, timeout - (time.monotonic() - started)))
    if best_margin is None:
        reason = f"no continuation makes {party} {'the only winner' if alone else 'a winner'}"
    else:
        need = "more than" if alone else "at least as many as"
        reason = (f"{party} can end with at most {best_balance} tokens, and in every continuation some other party "
                  f"ends with more than {party}'s tokens {'or as many' if alone else ''}".rstrip() +
                  f": the best {party} can do is {best_margin:+d} against the strongest other party "
                  f"(winning needs {need} every other party, i.e. {'> 0' if alone else '>= 0'})")
    return Answer(**base, reachable=False, status="unreachable", reason=reason, best_margin=best_margin,
                  best_balance=best_balance, seconds=time.monotonic() - started)


def _simplest(game: "_Game", model: z3.ModelRef, started: float, timeout: float) -> z3.ModelRef:
    """A witness with as few actions as Z3 finds within the remaining budget (else the first one)."""
    import time

    indicators = []
    for info in game.weeks:
        for action in info["actions"]:
            if action[0] == "transfer":
                indicators.append(z3.If(action[2] > 0, 1, 0))
            else:
                indicators.append(z3.If(action[2], 1, 0))
    indicators += [z3.If(z3.Bool(f"joins_{p}", game.ctx), 1, 0) for p in game.newcomers if p != game.party]
    if not indicators:
        return model
    left = timeout - (time.monotonic() - started)
    if left < 0.5:
        return model
    opt = z3.Optimize(ctx=game.ctx)
    opt.set("timeout", int(min(left / 2, 5.0) * 1000))
    opt.add(game.solver.assertions())
    opt.minimize(z3.Sum(indicators))
    return opt.model() if opt.check() == z3.sat else model


def _bounds(log, party, chosen, secrets, joiners, standings, alone, timeout) -> tuple[Optional[int], Optional[int]]:
    """The party's best margin over the strongest other party, and its best balance (Z3 Optimize)."""
    game = _Game(log, party, chosen, secrets, joiners, standings)
    game.build(alone)
    me = game.final_bal[party]
    rivals = [q for q in game.parties if q != party]
    margin_values = []
    for goal in ("margin", "balance"):
        opt = z3.Optimize(ctx=game.ctx)
        opt.set("timeout", int(max(0.1, timeout / 2) * 1000))
        opt.add(game.solver.assertions())
        if goal == "margin":
            if not rivals:
                return None, None
            top = z3.Int("strongest_other", game.ctx)
            for q in rivals:
                opt.add(z3.Implies(game.is_party[q], top >= game.final_bal[q]))
            opt.add(top >= 0)
            opt.maximize(me - top)
        else:
            opt.maximize(me)
        if opt.check() != z3.sat:
            return None, None
        margin_values.append(opt.model().eval(me - top if goal == "margin" else me, model_completion=True).as_long())
    return margin_values[0], margin_values[1]


def render_answer(answer: Answer) -> str:
    head = {True: "YES", False: "NO", None: "UNKNOWN WITHIN BUDGET"}[answer.reachable]
    out = [f"Can {answer.party} still {'win alone' if answer.alone else 'win'}? {head}", answer.reason]
    if answer.plan:
        out += ["", "Witness plan:"]
        for week in answer.plan:
            out.append(f"  {week.week} {week.kind}:")
            for a in week.actions:
                what = {"transfer": f"transfers {a.tokens} to the pot", "declare": f"declares {a.number}",
                        "reveal": f"reveals {a.number}", "join": "joins"}[a.action]
                out.append(f"    {a.party} {what}" + (f" ({a.note})" if a.note else ""))
            tail = f"    pot {week.pot}"
            if week.kind == "revealing":
                tail += f", leader {week.leader or 'none'}"
            tail += "; balances " + ", ".join(f"{p} {n}" for p, n in week.balances.items())
            out.append(tail)
    if answer.final_balances:
        out.append("Final balances: " + ", ".join(f"{p} {n}" for p, n in answer.final_balances.items()))
    differ = {k: v for k, v in answer.other_readings.items() if v != answer.reachable}
    if differ:
        words = {True: "yes", False: "no", None: "unknown within budget"}
        out += ["", "AMBIGUOUS: the answer depends on the reading of BT31:"]
        out += [f"  under {k}: {words[v]}" for k, v in differ.items()]
    elif answer.other_readings:
        out += ["", "The same answer under every single change of reading (" + ", ".join(answer.other_readings) + ")."]
    return "\n".join(out)
