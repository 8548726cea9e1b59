"""Shared helpers for the Highest Number Game tests (cases live in cases/hng/)."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from adjudicator.hng import adjudicate as hng

CASES = Path(__file__).resolve().parents[2] / "cases" / "hng"


def sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def make_log(events: list[dict], parties=("alice", "bob"), as_of=None, promulgated="2024-07-24") -> hng.GameLog:
    data = {"promulgated": promulgated, "parties": list(parties), "events": events}
    if as_of:
        data["as_of"] = as_of
    return hng.parse_log(data)


@pytest.fixture(scope="session")
def case():
    cache: dict[str, hng.GameLog] = {}

    def load(name: str) -> hng.GameLog:
        if name not in cache:
            cache[name] = hng.load_log(CASES / f"{name}.yaml")
        return cache[name]

    return load
