"""Command-line commands of this area."""

import click


def register(cli: click.Group) -> None:
    """Add this area's commands to the main `adjudicator` group (none yet)."""
