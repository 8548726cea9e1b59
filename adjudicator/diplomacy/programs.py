"""The one entry program of the Diplomacy encodings and the `#program` parts each task grounds
(`encodings/diplomacy/main.lp` includes every file as a part; `show.lp` says what is read back)."""

from __future__ import annotations

ENTRY = "diplomacy/main.lp"

MOVEMENT = ("movement",)
EXPLAIN = ("movement", "explain")
RETREAT = ("retreat", "submission")
ADJUST = ("adjust", "balance", "submission")
BALANCE = ("balance",)
OWNERSHIP = ("ownership",)
FALL_CLOSE = ("ownership", "balance", "fall_close")
BACKUP_DECISION = ("backup",)  # several resolutions, given back as facts: which backup rule applies
BACKUP_SEARCH = ("movement", "backup")  # no resolution: the smallest sets the backup rules hold
