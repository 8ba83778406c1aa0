"""Build the workbook's static book: ``python book/build_book.py`` (``make book``).

Lays out the Sphinx source folder ``build/book/src`` and builds the site into
``build/book/html``:

- ``conf.py``, ``_static/`` and the pages of ``book/`` (home, how to use, exercises);
- the lessons of ``notebooks/`` with their stored outputs, each widget replaced by its
  static picture (``static_widgets.py``); the student notebooks of ``exercises/``;
- the reproduction index ``docs/reproducao.md`` and ``README.md`` (the "how to use" page
  includes its Portuguese sections);
- one API page per module that ``evalbook/__init__.py`` imports its public names from, plus
  one for ``evalbook.widgets``: every name of both ``__all__`` lists, from its docstring;
- MathJax 2's files from the ``jupyter-server-mathjax`` package, in ``_static/mathjax``.

Then ``sphinx-build -W --keep-going -n``: any warning (a broken internal link, a reference
to nothing, a docstring numpydoc cannot read) fails the build. Nothing is executed but the
code that rebuilds each explorer.
"""

from __future__ import annotations

import argparse
import ast
import importlib
import inspect
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
BOOK = ROOT / "book"
sys.path.insert(0, str(BOOK))

from static_widgets import replace_widgets  # noqa: E402  (book/ is not a package)

#: Titles of the API pages, by module (a module not listed gets its docstring's first line).
API_TITLES = {
    "evalbook.metrics": "Métricas",
    "evalbook.model_selection": "Seleção de modelos: divisões, reamostragem, validação cruzada",
    "evalbook.inference": "Inferência: intervalos, comparações e testes",
    "evalbook.displays": "Figuras (Displays)",
    "evalbook": "Configuração, mensagens e avisos",
    "evalbook.widgets": "Exploradores interativos",
    "evalbook.exercises": "Exercícios: o motor de correção (start, check, progresso)",
}
#: The exercise engine's page: its names come from its own ``__all__``.
EXERCISES_MODULE = "evalbook.exercises"
#: How a lesson's title reads in the book: "05 — Scores e limiares" (the lessons write
#: "01 · ..." or "02 — ..."; the book shows one form).
TITLE = re.compile(r"^#\s*(\d+[a-z]?)\s*[·—–-]+\s*", re.MULTILINE)
#: Where the book keeps the notebooks a reader downloads (not pages: conf.py excludes it),
#: and the handouts' PDFs (copied by whichever of `make book` and `make handouts` runs last).
DOWNLOADS = "baixar"
HANDOUTS = "apostilas"
NOTES_FOLDER = "com_notas"  # build_handouts.py's n-up handouts, with lines for notes
HANDOUTS_BUILD = ROOT / "build" / "handouts"
GLOSSARY = BOOK / "glossario.csv"


def book_title(first_line: str) -> str:
    """A notebook's title as the book shows it: ``"01 · Matriz"`` → ``"01 — Matriz"``.

    >>> book_title("# 01 · Matriz de confusão")
    '# 01 — Matriz de confusão'
    >>> book_title("# Exercícios 05b – Scores")
    '# Exercícios 05b — Scores'
    """
    return re.sub(r"(\d+[a-z]?)\s*[·—–-]+\s*", r"\1 — ", first_line, count=1)


def _downloads(folder: str, path: Path) -> str:
    """The line under a notebook's title: download it, and (a lesson) its PDF handout."""
    links = [
        f"{{download}}`📓 Baixar o caderno ({path.name}) <../{DOWNLOADS}/{folder}/{path.name}>`"
    ]
    if folder == "notebooks":
        links.append(
            f'<a class="reference external evalbook-handout" href="../{HANDOUTS}/{path.stem}.pdf">'
            "📄 Apostila em PDF (os slides da lição)</a>"
        )
        links.append(
            f'<a class="reference external evalbook-handout" '
            f'href="../{HANDOUTS}/{NOTES_FOLDER}/{path.stem}_3.pdf">3 slides por página, com '
            f'linhas para notas</a> (<a class="reference external evalbook-handout" '
            f'href="../{HANDOUTS}/{NOTES_FOLDER}/{path.stem}_2.pdf">2 por página</a>)'
        )
    return " · ".join(links) + "\n"


IMAGE_TYPES = ("image/png", "image/svg+xml", "image/jpeg")


def give_figures_alt_text(notebook) -> int:
    """Give each code cell whose figure has no alt text one (MyST-NB's cell option
    ``mystnb: {image: {alt: ...}}``): the figure's own text (``text/plain``) when that
    describes it, else the section it illustrates ("Figura da seção «4. A curva ROC»");
    returns how many cells were given one. A reader who cannot see the picture hears what
    it is, not its file name (MyST-NB's default)."""
    section, given = "", 0
    for cell in notebook.cells:
        if cell.cell_type == "markdown":
            headings = re.findall(r"^#+\s+(.+)$", cell.source, flags=re.MULTILINE)
            section = headings[-1].strip() if headings else section
            continue
        images = [
            o for o in cell.get("outputs", []) if any(m in o.get("data", {}) for m in IMAGE_TYPES)
        ]
        options = cell.metadata.setdefault("mystnb", {}).setdefault("image", {})
        if not images or options.get("alt"):
            continue
        plain = images[0]["data"].get("text/plain", "")
        plain = plain if isinstance(plain, str) else "".join(plain)
        generic = not plain.strip() or plain.lstrip().startswith(("<Figure", "<matplotlib"))
        options["alt"] = f"Figura da seção «{section}»" if generic else plain.strip()
        given += 1
    return given


def _copy_notebooks(folder: str, out: Path) -> dict[str, int]:
    import nbformat

    counts: dict[str, int] = {}
    (out / folder).mkdir(parents=True)
    (out / DOWNLOADS / folder).mkdir(parents=True)
    for path in sorted((ROOT / folder).glob("*.ipynb")):
        shutil.copy(path, out / DOWNLOADS / folder / path.name)
        notebook = nbformat.read(path, as_version=4)
        for kind, n in replace_widgets(notebook, f"{folder}/{path.name}").items():
            counts[kind] = counts.get(kind, 0) + n
        counts["figures given alt text"] = counts.get(
            "figures given alt text", 0
        ) + give_figures_alt_text(notebook)
        first = notebook.cells[0]
        title, _, rest = first.source.partition("\n")
        first.source = f"{book_title(title)}\n\n{_downloads(folder, path)}\n{rest}"
        nbformat.write(notebook, out / folder / path.name)
    return counts


def _glossary(out: Path) -> int:
    """The glossary page from ``book/glossario.csv``: Portuguese term, English term, the
    lesson that teaches it (linked); returns how many terms."""
    import csv

    import nbformat

    lessons = {p.name.split("_")[0]: p for p in sorted((ROOT / "notebooks").glob("*.ipynb"))}
    titles = {
        key: book_title(nbformat.read(p, as_version=4).cells[0].source.splitlines()[0])
        .lstrip("# ")
        .replace("|", "\\|")
        for key, p in lessons.items()
    }
    with GLOSSARY.open(encoding="utf-8") as f:
        rows = sorted(csv.DictReader(f), key=lambda r: r["termo"].casefold())
    lines = [
        "# Glossário",
        "",
        "Os termos das lições, em português e em inglês (o inglês é o das bibliotecas, dos "
        "livros e dos artigos: `recall`, `threshold`...), com a lição onde cada um é "
        "ensinado.",
        "",
        "| Termo | Em inglês | Onde se aprende |",
        "| --- | --- | --- |",
    ]
    for row in rows:
        lesson = lessons.get(row["licao"])
        if lesson is None:
            raise SystemExit(f"{GLOSSARY.name}: {row['termo']!r}: no lesson {row['licao']!r}")
        lines.append(
            f"| {row['termo']} | *{row['term']}* | "
            f"[{titles[row['licao']]}](notebooks/{lesson.name}) |"
        )
    (out / "glossario.md").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return len(rows)


def public_names() -> dict[str, list[str]]:
    """Topic package → the public names ``evalbook`` imports from it, in the source's order
    (the names of the private core, ``evalbook._core``, under ``evalbook`` itself: the
    display language, the catalogues of messages, the warning); ``evalbook.widgets`` → its
    own ``__all__``."""
    import evalbook
    import evalbook.widgets

    source = (ROOT / "evalbook" / "__init__.py").read_text(encoding="utf-8")
    imported: dict[str, str] = {}
    for node in ast.parse(source).body:
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("evalbook"):
            for alias in node.names:
                imported[alias.asname or alias.name] = node.module
    modules: dict[str, list[str]] = {}
    for name in evalbook.__all__:
        if name == "__version__":
            continue
        if name not in imported:
            raise SystemExit(f"evalbook.__all__ lists {name!r}, which __init__ does not import")
        module = imported[name]
        modules.setdefault("evalbook" if module.startswith("evalbook._") else module, []).append(
            name
        )
    modules["evalbook.widgets"] = list(evalbook.widgets.__all__)
    return modules


def _directive(owner, name: str) -> str:
    value = getattr(owner, name)
    if inspect.isclass(value) and issubclass(value, BaseException):
        return f".. autoexception:: {name}\n"
    if inspect.isclass(value) and value.__module__.startswith("evalbook.widgets"):
        # an explorer's widget and html come from its base class
        return f".. autoclass:: {name}\n   :members:\n   :inherited-members:\n"
    if inspect.isclass(value):
        return f".. autoclass:: {name}\n   :members:\n"
    if callable(value):
        return f".. autofunction:: {name}\n"
    return f".. autodata:: {name}\n   :no-value:\n"


def uses(folder: str) -> dict[str, list[str]]:
    """Public name → the notebooks of ``folder`` (``notebooks``, ``exercises``) whose code
    uses it (imports it from ``evalbook``, ``evalbook.widgets`` or ``evalbook.exercises``, or
    reads it as ``evalbook.name``), as document names (``notebooks/05_scores_roc_auc``), in
    lesson order."""
    import nbformat

    found: dict[str, list[str]] = {}
    for path in sorted((ROOT / folder).glob("*.ipynb")):
        names: set[str] = set()
        for cell in nbformat.read(path, as_version=4).cells:
            if cell.cell_type != "code":
                continue
            try:
                tree = ast.parse(cell.source)
            except SyntaxError:  # a cell with IPython magics
                continue
            for node in ast.walk(tree):
                if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("evalbook"):
                    names.update(alias.name for alias in node.names)
                elif (
                    isinstance(node, ast.Attribute)
                    and isinstance(node.value, ast.Name)
                    and node.value.id == "evalbook"
                ):
                    names.add(node.attr)
        for name in sorted(names):
            found.setdefault(name, []).append(f"{folder}/{path.stem}")
    return found


def _see_also(name: str, names: list[str], used: dict[str, list[str]]) -> list[str]:
    """Up to three names of the same page used in most of the same lessons as ``name``."""
    mine = set(used.get(name, []))
    if not mine:
        return []
    scored = [
        (len(mine & set(used.get(other, []))) / len(mine | set(used.get(other, []))), -i, other)
        for i, other in enumerate(names)
        if other != name and mine & set(used.get(other, []))
    ]
    return [other for *_, other in sorted(scored, reverse=True)[:3]]


def _entry(owner_name: str, name: str, names: list[str], used: dict[str, list[str]]) -> str:
    """One name's directive, with the lessons that use it and the names to see with it."""
    owner = importlib.import_module(owner_name)
    directive = _directive(owner, name)
    extra = []
    if used.get(name):
        links = " · ".join(f":doc:`/{doc}`" for doc in used[name])
        extra += [".. rubric:: Nas lições e exercícios", "", links, ""]
    related = _see_also(name, names, used)
    if related:
        links = ", ".join(f":py:obj:`~{owner_name}.{other}`" for other in related)
        extra += [".. rubric:: Veja também", "", links, ""]
    if not extra:
        return directive
    body = "\n".join(f"   {line}" if line else "" for line in extra)
    return f"{directive}\n{body}\n"


def _write_api(out: Path) -> int:
    api = out / "api"
    api.mkdir()
    used: dict[str, list[str]] = {}
    for folder in ("notebooks", "exercises"):
        for name, docs in uses(folder).items():
            used.setdefault(name, []).extend(docs)
    order = [f"notebooks/{p.stem}" for p in sorted((ROOT / "notebooks").glob("*.ipynb"))]
    order += [f"exercises/{p.stem}" for p in sorted((ROOT / "exercises").glob("*.ipynb"))]

    def first_use(names: list[str]) -> int:
        return min((order.index(d) for n in names for d in used.get(n, [])), default=len(order))

    groups = public_names()
    exercises = importlib.import_module(EXERCISES_MODULE)
    groups[EXERCISES_MODULE] = list(exercises.__all__)
    pages, total, seen = [], 0, set()
    for module_name, names in sorted(groups.items(), key=lambda item: first_use(item[1])):
        module = importlib.import_module(module_name)
        owner_name = (
            module_name if module_name in ("evalbook.widgets", EXERCISES_MODULE) else "evalbook"
        )
        owner = importlib.import_module(owner_name)
        summary = (inspect.getdoc(module) or module_name).splitlines()[0].rstrip(".")
        title = API_TITLES.get(module_name, summary)
        slug = "config" if module_name == "evalbook" else module_name.removeprefix("evalbook.")
        body = "\n".join(_entry(owner_name, name, names, used) for name in names)
        # every module whose names this page shows is a target of :mod:`...` references
        defined = [getattr(getattr(owner, name), "__module__", None) for name in names]
        targets = sorted({module_name} | {m for m in defined if m and m.startswith("evalbook")})
        modules = "".join(f".. py:module:: {m}\n\n" for m in targets if m not in seen)
        seen.update(targets)
        # the module targets before the page's first paragraph, which carries them (inside
        # the first entry's <dl> they would be <span>s a <dl> may not hold)
        (api / f"{slug}.md").write_text(
            f"# {title}\n\n```{{eval-rst}}\n{modules}```\n\n"
            f"`{module_name}` · {len(names)} nomes públicos, importados de `{owner_name}`. "
            "Sob cada nome, as lições e os exercícios que o usam.\n\n"
            f"```{{eval-rst}}\n.. currentmodule:: {owner_name}\n\n{body}```\n",
            encoding="utf-8",
        )
        pages.append(slug)
        total += len(names)
    toc = "\n".join(pages)
    (api / "index.md").write_text(
        "# Referência da biblioteca\n\n"
        "Cada nome público de `evalbook` (a lista `evalbook.__all__`), dos exploradores de "
        "`evalbook.widgets` e do motor dos exercícios, `evalbook.exercises`, com a "
        "documentação da própria função: parâmetros, a fonte que ela implementa (o livro ou "
        "o artigo, com o capítulo) e um exemplo. As páginas seguem a ordem das lições (a "
        "primeira lição que usa um nome da página); sob cada nome, as lições que o usam. Os "
        "textos estão em inglês, como a interface da biblioteca. Os nomes se importam direto "
        "do pacote, por exemplo `from evalbook import accuracy` ou `evalbook.accuracy(cm)`.\n\n"
        f"```{{toctree}}\n:maxdepth: 1\n\n{toc}\n```\n",
        encoding="utf-8",
    )
    return total


def _as_book_page(markdown: str) -> str:
    """A page of ``docs/`` as the book shows it: an HTML anchor becomes a MyST target (so
    its links are checked) and the README, which the book shows in its "Como usar" page,
    is linked there."""
    markdown = re.sub(r'^<a id="([^"]+)"></a>$', r"(\1)=", markdown, flags=re.MULTILINE)
    return markdown.replace("](../README.md)", "](../sala_de_aula.md)")


def _copy_mathjax(static: Path) -> None:
    import jupyter_server_mathjax

    source = Path(jupyter_server_mathjax.__file__).parent / "static"
    shutil.copytree(source, static / "mathjax", ignore=shutil.ignore_patterns("SVG"))


def prepare(out: Path) -> dict[str, int]:
    """Lay out the Sphinx source folder ``out`` (emptied first); returns what it holds."""
    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    shutil.copy(BOOK / "conf.py", out / "conf.py")
    shutil.copytree(BOOK / "_static", out / "_static")
    shutil.copytree(BOOK / "_templates", out / "_templates")
    shutil.copytree(BOOK / "locale", out / "locale")
    for page in sorted((BOOK / "pages").glob("*.md")):
        shutil.copy(page, out / page.name)
    shutil.copy(ROOT / "README.md", out / "README.md")
    (out / "docs").mkdir()
    (out / "docs" / "reproducao.md").write_text(
        _as_book_page((ROOT / "docs" / "reproducao.md").read_text(encoding="utf-8")),
        encoding="utf-8",
    )
    counts = _copy_notebooks("notebooks", out)
    for kind, n in _copy_notebooks("exercises", out).items():
        counts[kind] += n
    counts["api names"] = _write_api(out)
    counts["glossary terms"] = _glossary(out)
    _copy_mathjax(out / "_static")
    return counts


def copy_handouts(html: Path, handouts: Path = HANDOUTS_BUILD) -> int:
    """Copy the handouts' PDFs (``make handouts``) into the site, where each lesson page
    links to its own; returns how many (none before ``make handouts``)."""
    pdfs = sorted(handouts.glob("*.pdf")) if html.is_dir() else []
    for pdf in pdfs:
        target = html / HANDOUTS / pdf.name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(pdf, target)
    for pdf in sorted((handouts / NOTES_FOLDER).glob("*.pdf")) if pdfs else []:
        target = html / HANDOUTS / NOTES_FOLDER / pdf.name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(pdf, target)
    return len(pdfs)


def main(argv=None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--build", type=Path, default=ROOT / "build" / "book")
    parser.add_argument("--jobs", default="auto", help="sphinx-build -j (default: auto)")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    counts = prepare(args.build / "src")
    print(f"book: source laid out in {time.perf_counter() - started:.0f} s: {counts}")
    html = args.build / "html"
    if html.exists():
        shutil.rmtree(html)
    command = [
        sys.executable, "-m", "sphinx", "-W", "--keep-going", "-n", "-q", "-b", "html",
        "-j", args.jobs, "-d", str(args.build / "doctrees"), str(args.build / "src"), str(html),
    ]  # fmt: skip
    subprocess.run(command, check=True)
    copy_handouts(html)
    size = sum(f.stat().st_size for f in html.rglob("*") if f.is_file())
    print(
        f"book: {html.relative_to(ROOT)} built in {time.perf_counter() - started:.0f} s, "
        f"{size / 2**20:.1f} MiB; serve it with: python -m http.server -d {html.relative_to(ROOT)}"
    )


if __name__ == "__main__":
    main()
