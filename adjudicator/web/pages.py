"""The pages: gamemaster, judge, assessor, rulesets. Each is a form whose script (static/app.js)
calls the JSON API and shows the answer; nothing is kept on the server: a page sends back what
it needs. One helper route: the judge's reading toggles, which re-judge the edited case with
the chosen readings set in its `options` (the case itself stays as typed)."""

from __future__ import annotations

import json

from starlette.requests import Request
from starlette.responses import PlainTextResponse
from starlette.routing import Route

from adjudicator.errors import InputError
from adjudicator.inputs import parse_structured
from adjudicator.web import api

PAGES = {"/": ("index.html", "adjudicator"), "/gamemaster": ("gamemaster.html", "Gamemaster"),
         "/judge": ("judge.html", "Judge"), "/assessor": ("assessor.html", "Assessor"),
         "/rulesets": ("rulesets.html", "Rulesets")}


def _with_readings(text: str, choices: list[str]) -> bytes:
    """The case with `options` NAME: VALUE set for each `NAME=VALUE` chosen, as JSON."""
    case = parse_structured(text, "case")
    if not isinstance(case, dict):
        raise InputError("a case is a mapping", source="case")
    options = dict(case.get("options") or {})
    for choice in choices:
        name, _, value = choice.partition("=")
        options[name] = value
    return json.dumps({**case, "options": options}, default=str).encode("utf-8")


def routes(page, table, limits: api.Limits) -> list[Route]:
    from adjudicator.rulesets import BUNDLED
    extra = {"rulesets": list(BUNDLED), "coverage": "/api/ruleset/coverage" in table}

    def view(template: str, title: str):
        async def show(request):
            return page(template, title=title, **extra)
        return show

    async def judge_with_readings(request: Request):
        try:
            body = await api.read_body(request)
            document = _with_readings(body.decode("utf-8", "replace"), request.query_params.getlist("option"))
        except api.Refused as exc:
            return PlainTextResponse(str(exc) + "\n", status_code=exc.status)
        except InputError as exc:
            return PlainTextResponse(f"error: {exc}\n", status_code=400)
        args = ["judge", "--json", "--explain", "--", "case.json"]
        return await api.solve(table["/api/judge"], args, {"case.json": document}, limits)

    return [Route(path, view(template, title)) for path, (template, title) in PAGES.items()] + [
        Route("/pages/judge/readings", judge_with_readings, methods=["POST"])]
