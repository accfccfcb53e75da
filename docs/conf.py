"""Sphinx configuration of the django-compaction docs (Sphinx, Furo, MyST Markdown).

Build: ``scripts/docs`` (build and serve), or ``python -m sphinx -W --keep-going docs
docs/_build/html`` from a checkout installed with the ``dev`` extra. The settings and REST API
pages are rendered from the code (``_ext/compaction_docs.py``), so Django is set up with the
example project's settings; no database is opened and nothing is fetched from the network.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
sys.path[:0] = [str(ROOT), str(DOCS / "_ext")]
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "project.settings")

import django  # noqa: E402

django.setup()

project = "django-compaction"
author = "django-compaction developers"
copyright = "django-compaction developers"
release = version = "0.1.0"

extensions = ["myst_parser", "compaction_docs"]
source_suffix = {".md": "markdown"}
root_doc = "index"
exclude_patterns = ["_build", "_ext", "README.md"]
myst_enable_extensions = ["deflist"]
# Links to a section by its title's slug: [...](operations.md#background-compaction-on-celery).
myst_heading_anchors = 3

html_theme = "furo"
html_title = "django-compaction"
html_static_path: list[str] = []
html_show_sourcelink = False
pygments_style = "sphinx"
