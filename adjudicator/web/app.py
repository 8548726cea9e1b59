"""The Starlette application: the JSON API (one route per CLI command), its OpenAPI description
and the pages. No state is kept between requests: a page sends back what it needs."""

from __future__ import annotations

from pathlib import Path

from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from adjudicator.web import api
from adjudicator.web.commands import Endpoint, endpoints

HERE = Path(__file__).resolve().parent
TEMPLATES = Environment(loader=FileSystemLoader(HERE / "templates"), autoescape=select_autoescape(["html"]))


def _api_route(endpoint: Endpoint, limits: api.Limits) -> Route:
    async def route(request: Request):
        return await api.handle(endpoint, request, limits)
    return Route(endpoint.path, route, methods=["POST"], name="_".join(endpoint.words))


def page(name: str, **context) -> HTMLResponse:
    return HTMLResponse(TEMPLATES.get_template(name).render(**context))


def create_app(limits: api.Limits | None = None) -> Starlette:
    """The app. Every area of the CLI is imported now, before any request forks a worker."""
    limits = limits or api.Limits()
    table = endpoints()
    description = api.openapi(table)

    async def openapi_json(request: Request):
        return JSONResponse(description)

    async def openapi_page(request: Request):
        return page("api.html", title="API", openapi=description)

    from adjudicator.web import pages
    routes = [_api_route(endpoint, limits) for endpoint in table.values()]
    routes += [Route("/openapi.json", openapi_json), Route("/api", openapi_page),
               *pages.routes(page, table, limits), Mount("/static", StaticFiles(directory=HERE / "static"), name="static")]
    app = Starlette(routes=routes)
    app.state.limits = limits
    return app
