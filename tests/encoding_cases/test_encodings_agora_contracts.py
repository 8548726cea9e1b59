"""Named cases for contracts, consent and acting on behalf (encodings/agora/consent.lp,
contracts.lp, behalf.lp): facts -> the stable models expected, on the judge's core with the Agora
files they stand on."""

from __future__ import annotations

import pytest

from .clintest import Case, Table, check, params
from .test_encodings_agora import ACTS, BASE, DAY, PLAYERS, events

CONTRACTS = (*ACTS, "agora/dependent.lp", "agora/contracts.lp", "agora/behalf.lp")
# the rules these files read (SLR of 31 Dec 2020, Power x 1000)
RULES = "".join(f"base_rule({r}). rule_id({r}, {r}). rule_power({r}, {p}).\n" for r, p in
                {1006: 2000, 1742: 2500, 2466: 3000, 2519: 3000, 2631: 1000, 2577: 3000}.items())
# a game action anyone CAN take by announcement (R2577's place): what a principal CAN do
FLY = ("clause(t_fly, 2577). clause_order(t_fly, 1). modality(t_fly, can). "
       "applies(t_fly, P, fly, Pt) :- need(P, fly, Pt), person(P).\n")
PACT = "party_initially(pact, alice). party_initially(pact, bob).\n"


CONTRACT_TABLES: dict[str, Table] = {
    "agora/consent.lp": Table(CONTRACTS, [
        Case("R2519 item 1 a public statement of agreement is consent until withdrawn",
             PLAYERS + "consent_asked(bob, fly, ev(2)). consent_asked(bob, fly, ev(4)).\n"
             + events((10, "bob", "consent(fly)"), (20, "alice", "fly"), (30, "bob", "withdraw_consent(fly)"),
                      (40, "alice", "fly")),
             holds={"consented_to(bob, fly, ev(2))", "consent_ground(bob, fly, ev(2), statement)"},
             never={"consented_to(bob, fly, ev(4))"}),
        Case("R2519 item 4 the person taking the action consents to it; others do not without a ground",
             PLAYERS + "consent_asked(alice, fly, ev(1)). consent_asked(bob, fly, ev(1)).\n" + events((10, "alice", "fly")),
             holds={"consent_ground(alice, fly, ev(1), context)"}, never={"consented_to(bob, fly, ev(1))"}),
        Case("R2519 item 4 assent the case finds from context",
             PLAYERS + "consent_asked(bob, fly, ev(1)). context_consent(1, bob).\n" + events((10, "alice", "fly")),
             holds={"consent_ground(bob, fly, ev(1), context)"}),
        Case("R2519 item 2 a contract's body indicating a party's consent",
             PLAYERS + PACT + "provision_initially(pact, consents(any, leave)).\n"
             + events((10, "alice", "leave_contract(pact)")),
             holds={"consent_ground(bob, leave_contract(pact), ev(1), contract)", "effective(1)"}),
        Case("R2519 item 3 an action taken as part of a promise its creator made",
             PLAYERS + "consent_asked(bob, fly, ev(2)). caused_by(2, 1). caused_happens(2).\n"
             + events((10, "alice", "cash(p)"), (10, "bob", "fly")),
             holds={"consent_ground(bob, fly, ev(2), promise)"}),
    ], base=BASE + RULES + FLY),
    "agora/contracts.lp": Table(CONTRACTS, [
        Case("R1742 a contract is made among the named persons who consent; the others are no parties",
             PLAYERS + "named_party(1, alice). named_party(1, bob). named_party(1, carol). context_consent(1, bob).\n"
             + events((10, "alice", "make_contract(pact)")),
             holds={"effective(1)", "party(pact, alice, 1)", "party(pact, bob, 1)"}, never={"party(pact, carol, 1)"}),
        Case("R1742 IMPOSSIBLE to become a party without one's consent",
             PLAYERS + PACT + events((10, "alice", "add_party(pact, carol)")),
             holds={"ineffective(1)", "applies(r1742_consent, alice, add_party(pact, carol), ev(1))"},
             never={"party(pact, carol, 1)"}),
        Case("R1742 a change of the parties needs the consent of all existing parties",
             PLAYERS + PACT + events((10, "carol", "join_contract(pact)")),
             holds={"ineffective(1)", "why_not(r1742_modify, carol, join_contract(pact), ev(1), no_consent_of(alice))"}),
        Case("R1742 joining with every party's consent",
             PLAYERS + PACT + events((10, "alice", "consent(join_contract(pact))"), (11, "bob", "consent(join_contract(pact))"),
                                     (20, "carol", "join_contract(pact)")),
             holds={"effective(3)", "party(pact, carol, 3)"}),
        Case("R1742 a contract terminates when its parties fall below one",
             "registered_initially(alice). party_initially(pact, alice).\n" + events((10, "alice", "leave_contract(pact)")),
             holds={"effective(1)", "contract_exists(pact, 0)"}, never={"contract_exists(pact, 1)"}),
        Case("R1742 an amendment with all parties' consent replaces the provisions",
             PLAYERS + PACT + "provision_initially(pact, consents(any, amend)). made_provision(1, transfer_out(any, coin)).\n"
             + events((10, "alice", "amend_contract(pact)")),
             holds={"provision(pact, transfer_out(any, coin), 1)"}, never={"provision(pact, consents(any, amend), 1)"}),
        Case("R1742 parties SHALL act in accordance with the contract (a duty from joining)",
             PLAYERS + "party_initially(pact, alice). provision_initially(pact, duty(any, fly, 2)). "
             "provision_initially(pact, consents(any, join)).\n"
             + events((10, "bob", "join_contract(pact)"), now=10 + 3 * DAY),
             holds={"violation(bob, 1742, contract_duty(pact, bob, fly))"}),
        Case("R1742 a change that would make the full provisions publicly unavailable is canceled",
             PLAYERS + PACT + "provision_initially(pact, consents(any, amend)). made_provision(1, transfer_out(any, coin)). "
             "publicly_unavailable(1).\n" + events((10, "alice", "amend_contract(pact)")),
             holds={"ineffective(1)", "prevented_by(alice, amend_contract(pact), ev(1), r1742_public)",
                    "provision(pact, consents(any, amend), 1)"},
             never={"provision(pact, transfer_out(any, coin), 1)"}),
        Case("R1742 the annex permits nothing (acting on behalf is the body's) but binds the parties",
             PLAYERS + "party_initially(pact, alice). provision_initially(pact, annex(behalf(alice, bob, any))). "
             "provision_initially(pact, annex(duty(any, fly, 2))). provision_initially(pact, consents(any, join)). "
             "agent(1, alice).\n" + events((10, "bob", "fly"), (20, "bob", "join_contract(pact)"), now=20 + 3 * DAY),
             holds={"ineffective(1)", "violation(bob, 1742, contract_duty(pact, bob, fly))"}),
        Case("R1742 a body saying its maker CANNOT become a party binds em at the making: no party, no contract",
             PLAYERS + "named_party(1, alice). made_provision(1, cannot_join(alice)).\n"
             + events((10, "alice", "make_contract(pact)")),
             holds={"effective(1)", "bound_out(pact, alice, 1)", "reading_relevant(r1742_binding)"},
             never={"party(pact, alice, 1)", "contract_exists(pact, 1)"}),
        Case("R1742 option r1742_binds_parties_only: the body binds only once made, so its maker is a party",
             PLAYERS + "named_party(1, alice). made_provision(1, cannot_join(alice)). option(r1742_binds_parties_only).\n"
             + events((10, "alice", "make_contract(pact)")),
             holds={"party(pact, alice, 1)"}, never={"bound_out(pact, alice, 1)"}),
        Case("R1742 a body saying a person CANNOT become a party keeps em from joining, all consenting",
             PLAYERS + PACT + "provision_initially(pact, consents(any, join)). provision_initially(pact, cannot_join(carol)).\n"
             + events((10, "carol", "join_contract(pact)")),
             holds={"ineffective(1)", "applies(r1742_binding, carol, join_contract(pact), ev(1))"},
             never={"party(pact, carol, 1)"}),
        Case("R2608 the Notary's weekly report (every contract, reports.lp) is a weekly duty",
             "", holds={"report_defined(notary, weekly, 2608)", "weekly_report(notary)"}, files=("agora/reports.lp",)),
        Case("R2631 any player CAN flip a donation level to 0 only with Agoran consent",
             PLAYERS + PACT + events((10, "carol", "flip(donation_level, pact, 0)")),
             holds={"ineffective(1)", "switch_value(officeholder, notary, vacant, 1)"}),
    ], base=BASE + RULES + FLY),
    "agora/behalf.lp": Table(CONTRACTS, [
        Case("R2466 R1742 an agent the body permits CAN act on behalf of another party; the act is the principal's",
             PLAYERS + PACT + "provision_initially(pact, behalf(alice, bob, any)). agent(1, alice).\n"
             + events((10, "bob", "fly")),
             holds={"effective(1)", "attempt(1, alice, behalf(bob, fly))"}, never={"attempt(1, bob, fly)"}),
        Case("R2466 without a permission the agent CANNOT act on another's behalf",
             PLAYERS + PACT + "agent(1, carol).\n" + events((10, "bob", "fly")),
             holds={"ineffective(1)", "why_not(r2466_behalf, carol, behalf(bob, fly), ev(1), not_allowed)"}),
        Case("R2466 only what is POSSIBLE for the principal",
             PLAYERS + PACT + "provision_initially(pact, behalf(alice, bob, any)). agent(1, alice).\n"
             + events((10, "bob", "swim")),
             holds={"ineffective(1)"}),
        Case("R2466 a person CANNOT act on behalf of another to send a message",
             PLAYERS + PACT + "provision_initially(pact, behalf(alice, bob, any)). agent(1, alice). publishing(post).\n"
             + events((10, "bob", "post")),
             holds={"ineffective(1)", "applies(r2466_message, alice, behalf(bob, post), ev(1))"}),
        Case("R2466 allowing acting on behalf is secured at power 2.0: R1742 amended to Power 1.5 allows nothing",
             PLAYERS + PACT + "provision_initially(pact, behalf(alice, bob, any)). agent(1, alice). "
             "applied(0, p1, set_power(1742, 1500)).\n" + events((10, "bob", "fly")),
             holds={"ineffective(1)", "why_not(r2466_behalf, alice, behalf(bob, fly), ev(1), allowed_below_power_2)"}),
        Case("R2466 defers to a rule of equal Power limiting actions on behalf of another (not R1030's lower ID)",
             PLAYERS + PACT + "provision_initially(pact, behalf(alice, bob, any)). agent(1, alice).\n"
             "base_rule(9001). rule_id(9001, 9001). rule_power(9001, 3000). clause(c_limit, 9001). clause_order(c_limit, 1). "
             "modality(c_limit, cannot). applies(c_limit, alice, behalf(bob, fly), Pt) :- need(alice, behalf(bob, fly), Pt).\n"
             + events((10, "bob", "fly")),
             holds={"ineffective(1)", "decided(c_limit, r2466_behalf, r1030_3, ev(1))"}),
    ], base=BASE + RULES + FLY),
}


@pytest.mark.parametrize("file, case", params(CONTRACT_TABLES))
def test_agora_contracts_case(file: str, case: Case):
    check(CONTRACT_TABLES[file], case)
