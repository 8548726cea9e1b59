import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))


@pytest.fixture(scope="session")
def web_app():
    from adjudicator.web.app import create_app
    return create_app()


@pytest.fixture(scope="session")
def client(web_app):
    from starlette.testclient import TestClient
    with TestClient(web_app) as test_client:
        yield test_client
