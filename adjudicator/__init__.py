"""adjudicator: rules adjudicator for nomic games."""

__version__ = "0.1.0"
