"""The one entry program of the Diplomacy encodings and the `#program` parts each task grounds
(`encodings/diplomacy/main.lp` includes every file as a part; `show.lp` says what is read back)."""

from __future__ import annotations

ENTRY = "diplomacy/main.lp"

# phase_order (phase_order.lp) goes with the program of each phase: the phase that follows
MOVEMENT = ("movement",)
MOVEMENT_PHASE = ("movement", "phase_order")  # a movement phase adjudicated (movement.py)
EXPLAIN = ("movement", "explain")
RETREAT = ("retreat", "submission", "civil_disorder", "phase_order")
ADJUST = ("adjust", "balance", "submission", "civil_disorder", "phase_order")
BALANCE = ("balance", "civil_disorder", "phase_order")
REPORT = ("balance", "civil_disorder", "report")  # the adjustments due, for the report of a Fall turn
CIVIL_DISORDER = ("civil_disorder",)  # whether BT24 applies under a rules variant (game_cli words it)
OWNERSHIP = ("ownership",)
FALL_CLOSE = ("ownership", "balance", "fall_close", "civil_disorder", "phase_order")
BACKUP_DECISION = ("backup",)  # several resolutions, given back as facts: which backup rule applies
BACKUP_SEARCH = ("movement", "backup")  # no resolution: the smallest sets the backup rules hold
