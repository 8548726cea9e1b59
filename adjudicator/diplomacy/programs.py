"""The one entry program of the Diplomacy encodings and the `#program` parts each task grounds
(`encodings/diplomacy/main.lp` includes every file as a part; `show.lp` says what is read back)."""

from __future__ import annotations

ENTRY = "diplomacy/main.lp"

MOVEMENT = ("movement",)
EXPLAIN = ("movement", "explain")
RETREAT = ("retreat", "submission", "civil_disorder")
ADJUST = ("adjust", "balance", "submission", "civil_disorder")
BALANCE = ("balance", "civil_disorder")
OWNERSHIP = ("ownership",)
FALL_CLOSE = ("ownership", "balance", "fall_close", "civil_disorder")
BACKUP_DECISION = ("backup",)  # several resolutions, given back as facts: which backup rule applies
BACKUP_SEARCH = ("movement", "backup")  # no resolution: the smallest sets the backup rules hold
