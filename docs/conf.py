"""Sphinx configuration for the boardkit documentation."""

from __future__ import annotations

import boardkit

project = "boardkit"
author = "The boardkit developers"
copyright = "2026, The boardkit developers"
release = boardkit.__version__
version = release

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "sphinx.ext.intersphinx",
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

intersphinx_mapping = {
    "python": ("https://docs.python.org/3", None),
    "networkx": ("https://networkx.org/documentation/stable/", None),
}
intersphinx_disabled_reftypes = ["*"]
intersphinx_timeout = 2
# The docs must build offline; unresolved cross-references to Python and
# networkx render as plain text rather than failing the build.
nitpicky = False
suppress_warnings = ["intersphinx.external", "myst.xref_missing", "ref.python"]

html_theme = "furo"
html_title = "boardkit"
html_static_path = ["_static"]
