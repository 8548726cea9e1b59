"""`adjudicator serve`: a local web app and JSON API over the CLI's own commands.

- `commands`: the API's endpoints, read from the CLI's click commands (one endpoint per command,
  its documents, options and outputs), so a new command or option appears without a change here.
- `runner`: one command line run in a forked worker, in a private folder holding the request's
  documents, under the CLI's own budgets (`adjudicator.budget`).
- `app`: the Starlette application: the JSON API, the OpenAPI description, the pages.
"""
