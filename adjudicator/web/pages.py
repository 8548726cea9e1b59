"""The pages: gamemaster, judge, assessor, rulesets. Each is a form whose script (static/app.js)
calls the JSON API and shows the answer; nothing is kept on the server: a page sends back what
it needs. Two helper routes for the judge page (`judging`): its toggles, which re-judge the
edited case (or draft its judgement) with the chosen readings and findings set in it (the case
itself stays as typed); and the rules' texts of the case's day, with the case's own changes."""

from __future__ import annotations

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, PlainTextResponse
from starlette.routing import Route

from adjudicator.errors import BudgetExceeded, InputError
from adjudicator.inputs import parse_structured
from adjudicator.web import api, judging

PAGES = {"/": ("index.html", "adjudicator"), "/gamemaster": ("gamemaster.html", "Gamemaster"),
         "/judge": ("judge.html", "Judge"), "/assessor": ("assessor.html", "Assessor"),
         "/rulesets": ("rulesets.html", "Rulesets")}


def routes(page, table, limits: api.Limits) -> list[Route]:
    from adjudicator.rulesets import BUNDLED
    extra = {"rulesets": list(BUNDLED), "histories": sorted(limits.histories),
             "coverage": "/api/ruleset/coverage" in table}

    def view(template: str, title: str):
        async def show(request):
            return page(template, title=title, **extra)
        return show

    async def judge_with_choices(request: Request):
        query = request.query_params
        try:
            body = await api.read_body(request)
            document = judging.with_choices(body.decode("utf-8", "replace"), query.getlist("option"),
                                            query.getlist("finding"))
            draft = api.flag_value("draft", query.get("draft", "false"))
        except api.Refused as exc:
            return PlainTextResponse(str(exc) + "\n", status_code=exc.status)
        except InputError as exc:
            return PlainTextResponse(f"error: {exc}\n", status_code=400)
        flags = ["--draft"] if draft else ["--json", "--explain"]
        return await api.solve(table["/api/judge"], ["judge", *flags, "--", "case.json"], {"case.json": document},
                               limits, wanted_format="text" if draft else "json")

    async def judge_rules(request: Request):
        try:
            body = await api.read_body(request)
            context = await run_in_threadpool(judging.rule_context, body.decode("utf-8", "replace"), limits.history)
        except api.Refused as exc:
            return PlainTextResponse(str(exc) + "\n", status_code=exc.status)
        except InputError as exc:
            return PlainTextResponse(f"error: {exc}\n", status_code=400)
        except BudgetExceeded as exc:
            return PlainTextResponse(f"unknown within budget: {exc}\n", status_code=408)
        return JSONResponse(context)

    async def parse(request: Request):
        """A document (YAML or JSON) as the CLI reads it, as JSON: the gamemaster page keeps a
        turn's settings for the phases after it."""
        try:
            body = await api.read_body(request)
            document = await run_in_threadpool(parse_structured, body.decode("utf-8", "replace"), "document")
        except api.Refused as exc:
            return PlainTextResponse(str(exc) + "\n", status_code=exc.status)
        except InputError as exc:
            return PlainTextResponse(f"error: {exc}\n", status_code=400)
        return JSONResponse(document)

    return [Route(path, view(template, title)) for path, (template, title) in PAGES.items()] + [
        Route("/pages/parse", parse, methods=["POST"]),
        Route("/pages/judge/chosen", judge_with_choices, methods=["POST"]),
        Route("/pages/judge/rules", judge_rules, methods=["POST"])]
