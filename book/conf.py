"""Sphinx configuration of the workbook's static book (``make book``).

The source folder is not this one: ``book/build_book.py`` lays it out under
``build/book/src`` (these pages, the lessons and exercises with their widgets as static
pictures, the reproduction index, the API pages, MathJax) and runs ``sphinx-build -c book``
on it, with warnings as errors and every internal reference checked (``nitpicky``). Nothing
in the built site loads anything from outside the machine: MathJax comes from the
``jupyter-server-mathjax`` package, the theme's fonts and icons from the theme itself, and
the search index is a file of the site.
"""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

import evalbook

project = "evalbook"
author = "evalbook"
copyright = "evalbook, BSD 3-Clause"
release = version = evalbook.__version__
language = "pt_BR"  # the theme's own words (search, navigation, "on this page")
# the words the theme's catalogues leave in English for pt_BR ("Back to top", the colour
# mode menu...): our own catalogue of Sphinx's "sphinx" domain, merged with the theme's
locale_dirs = ["locale"]

extensions = [
    "myst_nb",
    "sphinx.ext.autodoc",
    "sphinx.ext.mathjax",
    "numpydoc",
    "sphinx_copybutton",
]
templates_path = ["_templates"]
html_static_path = ["_static"]
exclude_patterns = ["_build", "**.ipynb_checkpoints", "README.md", "baixar/**"]
root_doc = "index"

# -- checks: a warning is an error (sphinx-build -W); a reference that leads nowhere is a
# warning (nitpicky). Names of other packages (numpy's ndarray in a signature) are not
# documented here and not looked up on the internet (no intersphinx).
nitpicky = True
nitpick_ignore_regex = [
    (r"py:.*", r"(numpy|np|pandas|pd|scipy|sklearn|matplotlib|ipywidgets|traitlets)\..*"),
]

# -- notebooks: their stored outputs, never executed (nbval already checks them)
nb_execution_mode = "off"
nb_ipywidgets_js = {}  # no widget state is stored: no widget manager from a CDN
nb_output_stderr = "show"
nb_merge_streams = True
# a cell tagged hide-input (figure layout, display glue) shows its output, its code folded
nb_code_prompt_show = "Mostrar o código"
nb_code_prompt_hide = "Esconder o código"
myst_enable_extensions = ["dollarmath", "amsmath", "colon_fence", "html_image"]
myst_heading_anchors = 3
myst_update_mathjax = False  # the MathJax 2 configuration below, not MathJax 3/4's
suppress_warnings = [
    # the lessons' markdown uses raw HTML (a coloured table, an anchor): myst renders it
    "myst.header",
]

# -- math: MathJax 2 from jupyter-server-mathjax, copied into _static/mathjax by the build
mathjax_path = "mathjax/MathJax.js?config=TeX-AMS-MML_HTMLorMML-full"
mathjax2_config = {
    "tex2jax": {
        "inlineMath": [["\\(", "\\)"]],
        "displayMath": [["\\[", "\\]"]],
        "processEscapes": False,
    },
    "messageStyle": "none",
    "menuSettings": {"zoom": "None"},
    # the only web font jupyter-server-mathjax ships
    "HTML-CSS": {
        "availableFonts": ["STIX-Web"],
        "preferredFont": "STIX-Web",
        "webFont": "STIX-Web",
        "imageFont": None,
        # MathJax measures with a blank web font at about:blank, which a page served over
        # http does not load (a console error): a local font name serves the same purpose
        "styles": {"@font-face": {"font-family": "MathJax_Blank", "src": "local('MathJax_Blank')"}},
        "linebreaks": {"automatic": True},
    },
}

# -- API reference: numpydoc docstrings, types said in the docstrings (not the signature)
autodoc_typehints = "none"
autodoc_member_order = "bysource"
numpydoc_show_class_members = False
numpydoc_class_members_toctree = False
numpydoc_xref_param_type = False
numpydoc_validation_checks: set[str] = set()
numpydoc_attributes_as_param_list = True

# ``|t − y|`` in a docstring is an absolute value, not a reStructuredText substitution
_ABSOLUTE = re.compile(r"(?<![\\`|])\|(?=[^\s|`])([^|`\n]*?[^\s|`\\])\|(?![`|])")


def _absolute_values(app, what, name, obj, options, lines):
    lines[:] = [_ABSOLUTE.sub(r"\\|\1\\|", line) for line in lines]


def _public_or_existing(app, env, node, contnode):
    """Resolve a docstring's reference that Sphinx cannot place from where it is written:

    - a public name written without its package, from a page of another module
      (``ConfusionMatrix.from_labels`` in an explorer's docstring) links to
      ``evalbook.ConfusionMatrix.from_labels`` (or ``evalbook.widgets.…``,
      ``evalbook.exercises.…``);
    - a name the library defines but does not document (a module constant such as
      ``MAX_DRAWS``, a helper of the exercise engine such as ``written``, a private module
      such as ``store``) is shown as code, unlinked, once it is checked to exist in the
      library (a misspelt name still fails the build).
    """
    if node.get("refdomain") != "py":
        return None
    target = node["reftarget"].lstrip("~.")
    if not target.startswith("evalbook."):
        domain = env.get_domain("py")
        for prefix in ("evalbook.", "evalbook.widgets.", "evalbook.exercises."):
            found = domain.resolve_any_xref(
                env, node["refdoc"], app.builder, prefix + target, node, contnode
            )
            if found:
                return found[0][1]
    if target.split(".")[0] in _library_names():
        return contnode
    return None


@functools.cache
def _library_names() -> frozenset[str]:
    """The names the library's modules define at top level (constants, type aliases,
    classes, functions) and the names of its modules."""
    names = set()
    for path in Path(evalbook.__file__).parent.rglob("*.py"):
        names.add(path.stem)
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
                names.add(node.name)
            assigned = node.targets if isinstance(node, ast.Assign) else []
            targets = [*assigned, getattr(node, "target", None)]
            names.update(t.id for t in targets if isinstance(t, ast.Name))
    return frozenset(names)


#: What a screen reader says on the fold of a cell tagged hide-input (MyST-NB's is English).
_FOLD_LABEL = 'aria-label="Mostrar ou esconder o código"'


def _visit_folded_code(self, node):
    from myst_nb.sphinx_ import visit_HideCellInput

    start = len(self.body)
    visit_HideCellInput(self, node)
    self.body[start:] = [
        re.sub(r'aria-label="[^"]*"', _FOLD_LABEL, part) for part in self.body[start:]
    ]


def setup(app):
    from myst_nb.sphinx_ import HideCodeCellNode, depart_HideCellInput

    app.connect("autodoc-process-docstring", _absolute_values, priority=100)
    app.connect("missing-reference", _public_or_existing)
    # MyST-NB's own fold, registered again with the label in Portuguese
    app.add_node(HideCodeCellNode, override=True, html=(_visit_folded_code, depart_HideCellInput))


# -- the theme: sphinx-book-theme, every asset served from the site
html_theme = "sphinx_book_theme"
html_title = "evalbook: avaliação de modelos"
html_css_files = ["book.css"]
# sphinx-copybutton's tooltips in Portuguese (it ships no pt-BR words); names for the
# sidebar's icon-only expand buttons (book.js)
html_js_files = ["copybutton_pt.js", "book.js"]
# the copy button copies the code without the output
copybutton_exclude = ".linenos, .gp, .go"
# its icon, with the name a screen reader says in Portuguese (the default's is English)
copybutton_image_svg = (
    '<svg xmlns="http://www.w3.org/2000/svg" class="icon icon-tabler icon-tabler-copy" '
    'width="44" height="44" viewBox="0 0 24 24" stroke-width="1.5" stroke="#000000" '
    'fill="none" stroke-linecap="round" stroke-linejoin="round">'
    "<title>Copiar para a área de transferência</title>"
    '<path stroke="none" d="M0 0h24v24H0z" fill="none"/>'
    '<rect x="8" y="8" width="12" height="12" rx="2" />'
    '<path d="M16 8v-2a2 2 0 0 0 -2 -2h-8a2 2 0 0 0 -2 2v8a2 2 0 0 0 2 2h2" /></svg>'
)
html_favicon = "_static/favicon.svg"  # else the browser asks for /favicon.ico (a 404)
html_last_updated_fmt = None
html_show_sourcelink = False
html_copy_source = False
html_theme_options = {
    "home_page_in_toc": True,
    "show_toc_level": 2,
    "use_download_button": False,
    "use_fullscreen_button": False,
    "use_repository_button": False,
    "use_source_button": False,
    "use_issues_button": False,
    "use_edit_page_button": False,
    "launch_buttons": {},
    "navigation_with_keys": False,
    "icon_links": [],
    "analytics": {},
    "show_navbar_depth": 1,
    # No search field in the top bar: with one, pydata-sphinx-theme renders a second, hidden
    # sidebar button before the book theme's, binds its click to that hidden one, and the ☰
    # and contents buttons do nothing on a phone. The search stays in the sidebar (and Ctrl+K).
    "navbar_persistent": [],
    "search_bar_text": "Pesquisar…",
    "toc_title": "Nesta página",
}
html_context = {"default_mode": "light"}
