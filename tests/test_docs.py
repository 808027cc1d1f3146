"""Every example in the public docstrings runs and prints what it says."""
from __future__ import annotations

import doctest

import pytest

import handrank
from handrank import (_analysis, _api, _build, _cards, _deck, _display, _equity, _games, _plot,
                      _ranges, _rules, _toolkit, _types, _wild)

MODULES = [handrank, _analysis, _api, _build, _cards, _deck, _equity, _games, _ranges, _rules,
           _toolkit, _types, _wild, _display, _plot]


@pytest.mark.parametrize("module", MODULES, ids=lambda m: m.__name__)
def test_docstring_examples(module):
    result = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0
