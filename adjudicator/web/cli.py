"""`adjudicator serve [--host 127.0.0.1] [--port 8000]`: the web app and JSON API."""

from __future__ import annotations

import click


def register(group: click.Group) -> None:
    @group.command("serve")
    @click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on (loopback by default).")
    @click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535), help="Port to listen on.")
    @click.option("--solves", type=click.IntRange(1, 256), default=None,
                  help="Requests solved at once; more are answered 503 (default: the number of cores).")
    def serve(host: str, port: int, solves: int | None) -> None:
        """Serve the pages and the JSON API (one endpoint per command) until interrupted."""
        import uvicorn

        from adjudicator.web.api import Limits
        from adjudicator.web.app import create_app

        app = create_app(Limits(solves))
        click.echo(f"adjudicator: serving on http://{host}:{port}/ (API: http://{host}:{port}/api)", err=True)
        uvicorn.run(app, host=host, port=port, log_level="warning")
