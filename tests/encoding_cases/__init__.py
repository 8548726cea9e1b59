"""Encoding-level cases: a table of small named cases per encoding file (clintest.py)."""
