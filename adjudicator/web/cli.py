"""`adjudicator serve [--host 127.0.0.1] [--port 8000]`: the web app and JSON API."""

from __future__ import annotations

import click


def register(group: click.Group) -> None:
    @group.command("serve")
    @click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on (loopback by default).")
    @click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535), help="Port to listen on.")
    @click.option("--solves", type=click.IntRange(1, 256), default=None,
                  help="Requests solved at once; more are answered 503 (default: the number of cores).")
    @click.option("--memory", type=click.IntRange(64, 1 << 20), default=None, metavar="MB",
                  help="Memory of each request's worker, in MiB; past it the answer is 503 "
                       "(default: the CLI's, ADJUDICATOR_MEMORY_MB or 4096).")
    @click.option("--history", type=click.Path(exists=True), default=None, metavar="PATH",
                  help="Agora's rule history (a folder of per-rule YAML files, a git clone of "
                       "AgoraNomic/ruleset or its export): rules by date on the pages and in the API "
                       "(?ruleset=<its folder's name>), and the judge's rule texts of the case's day.")
    def serve(host: str, port: int, solves: int | None, memory: int | None, history: str | None) -> None:
        """Serve the pages and the JSON API (one endpoint per command) until interrupted."""
        import uvicorn

        from adjudicator import budget
        from adjudicator.web.api import Limits
        from adjudicator.web.app import create_app

        budget.end_command()  # the server is no command with a deadline: each request's worker has its own
        app = create_app(Limits(solves, memory=memory * 1024 * 1024 if memory else None, history=history))
        click.echo(f"adjudicator: serving on http://{host}:{port}/ (API: http://{host}:{port}/api)", err=True)
        uvicorn.run(app, host=host, port=port, log_level="warning")
