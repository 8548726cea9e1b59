"""BlogNomic's one entry program and the `#program` parts each task grounds
(`encodings/blognomic/main.lp` includes every file as a part)."""

from __future__ import annotations

ENTRY = "blognomic/main.lp"

CONFLICTS = ("conflicts",)  # Prioritisation between the rules a command meets in conflict
MATTERS = ("matters", *CONFLICTS)  # votable matters, votes and their resolution
WATCH = ("chart", "watch", *CONFLICTS)  # a Watch's Orders on the Chart, the Chart Update, victory
PLAN = (*WATCH, "plan")  # reachable: one Watch's Orders chosen towards the goal
COUNTER = (*PLAN, "counter")  # reachable --force: the others' Orders chosen against the goal
BOUND = ("chart", "bound", *CONFLICTS)  # reachable: the most Treasure a Captain could reach
