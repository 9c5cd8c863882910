import pytest

EDITIONS = ["2023", "classic", "transformers", "conquest"]


@pytest.fixture(params=EDITIONS)
def edition(request):
    return request.param
