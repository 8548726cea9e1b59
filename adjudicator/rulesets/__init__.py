"""Ruleset documents as data, and the amendment engine (Agora R105)."""
