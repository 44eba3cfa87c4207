"""Hypothesis profiles: ``dev`` (default), ``ci`` (set by .ci/run) and ``soak``."""

import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("dev", max_examples=60, deadline=None)
settings.register_profile(
    "ci", max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("soak", max_examples=5000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))


@pytest.fixture(autouse=True)
def _english_output(monkeypatch: pytest.MonkeyPatch) -> None:
    """The command line speaks the environment's language (``rummykit.i18n``); tests
    expect English whatever machine runs them (a test of another language says so)."""
    monkeypatch.setenv("LANGUAGE", "en")
