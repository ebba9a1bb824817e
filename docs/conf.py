"""Sphinx configuration for the boardkit documentation."""

from __future__ import annotations

import sys
from pathlib import Path

import boardkit

sys.path.insert(0, str(Path(__file__).parent))
import pictures  # docs/pictures.py, beside this file

project = "boardkit"
author = "The boardkit developers"
copyright = "2026, The boardkit developers"
release = boardkit.__version__
version = release

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.viewcode",
]
source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
exclude_patterns = ["_build"]
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True, "show-inheritance": True}
napoleon_google_docstring = True
napoleon_numpy_docstring = False
napoleon_use_ivar = True

# The docs build offline (no intersphinx); references to Python and networkx
# objects render as plain text.
nitpicky = False

html_theme = "furo"
html_title = "boardkit"
html_static_path = ["_static"]
html_css_files = ["boardkit.css"]

# The landing page's boards and the games pages' diagrams are drawn by the
# library itself, before any page is read, so they show what it draws today.
pictures.main(Path(__file__).parent / "_static")
