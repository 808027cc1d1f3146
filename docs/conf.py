"""Sphinx configuration of the handrank documentation.

Build: ``pip install '.[docs]' && sphinx-build -W -b html docs docs/_build/html``
(the package must be importable: the API reference is read from its docstrings).
Every ``>>>`` example on these pages runs in the test suite (tests/test_site.py).
"""
from __future__ import annotations

import sys
from pathlib import Path

import handrank

sys.path.insert(0, str(Path(__file__).parent / "_ext"))

project = "handrank"
author = "handrank developers"
copyright = "handrank developers, MIT license"
version = release = handrank.__version__

extensions = [
    "sphinx.ext.autodoc",       # the API reference, from the docstrings
    "sphinx.ext.napoleon",      # which are numpydoc style
    "registry_tables",          # _ext/: the rule-set table, read from hr.RULE_SETS
    "source_tree",              # _ext/: design.rst's modules and headers, read from the tree
]

root_doc = "index"
exclude_patterns = ["_build", "_ext"]
templates_path: list[str] = []

# numpydoc-style docstrings through napoleon
napoleon_google_docstring = False
napoleon_numpy_docstring = True
napoleon_use_rtype = False
napoleon_use_ivar = True

autodoc_member_order = "bysource"
autodoc_typehints = "none"          # the docstrings say what each parameter takes
autodoc_default_options = {"show-inheritance": False}

# furo: a theme for reference docs.  Wide tables and code blocks scroll
# inside their own box instead of widening the page, and on a narrow screen
# the navigation folds into a menu button (tests/test_site.py checks both in
# a headless browser, at 1280 px and at a phone's width).
html_theme = "furo"
html_static_path = ["_static"]
html_css_files = ["handrank.css"]
html_js_files = ["handrank.js"]       # marks tables that scroll sideways (handrank.css)
html_title = f"handrank {release}"
