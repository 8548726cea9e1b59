"""Imported by the fork server before it forks any worker: every area of the CLI, so that a
request's worker starts with them loaded."""

from adjudicator.web.commands import endpoints

endpoints()
