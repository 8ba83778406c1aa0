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
}


def _copy_notebooks(folder: str, out: Path) -> dict[str, int]:
    import nbformat

    counts: dict[str, int] = {}
    (out / folder).mkdir(parents=True)
    for path in sorted((ROOT / folder).glob("*.ipynb")):
        notebook = nbformat.read(path, as_version=4)
        for kind, n in replace_widgets(notebook, f"{folder}/{path.name}").items():
            counts[kind] = counts.get(kind, 0) + n
        nbformat.write(notebook, out / folder / path.name)
    return counts


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


def _write_api(out: Path) -> int:
    api = out / "api"
    api.mkdir()
    pages, total, seen = [], 0, set()
    for module_name, names in public_names().items():
        module = importlib.import_module(module_name)
        owner_name = "evalbook.widgets" if module_name == "evalbook.widgets" else "evalbook"
        owner = importlib.import_module(owner_name)
        summary = (inspect.getdoc(module) or module_name).splitlines()[0].rstrip(".")
        title = API_TITLES.get(module_name, summary)
        slug = "config" if module_name == "evalbook" else module_name.removeprefix("evalbook.")
        body = "\n".join(_directive(owner, name) for name in names)
        # every module whose names this page shows is a target of :mod:`...` references
        defined = [getattr(getattr(owner, name), "__module__", None) for name in names]
        targets = sorted({module_name} | {m for m in defined if m and m.startswith("evalbook")})
        modules = "".join(f".. py:module:: {m}\n\n" for m in targets if m not in seen)
        seen.update(targets)
        (api / f"{slug}.md").write_text(
            f"# {title}\n\n"
            f"`{module_name}` · {len(names)} nomes públicos, importados de `{owner_name}`.\n\n"
            f"```{{eval-rst}}\n{modules}.. currentmodule:: {owner_name}\n\n{body}```\n",
            encoding="utf-8",
        )
        pages.append(slug)
        total += len(names)
    toc = "\n".join(pages)
    (api / "index.md").write_text(
        "# Referência da biblioteca\n\n"
        "Cada nome público de `evalbook` (a lista `evalbook.__all__`) e dos exploradores de "
        "`evalbook.widgets`, com a documentação da própria função: parâmetros, a fonte que "
        "ela implementa (o livro ou o artigo, com o capítulo) e um exemplo. Os textos estão "
        "em inglês, como a interface da biblioteca. Os nomes se importam direto do pacote, "
        "por exemplo `from evalbook import accuracy` ou `evalbook.accuracy(cm)`.\n\n"
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
    _copy_mathjax(out / "_static")
    return counts


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
    size = sum(f.stat().st_size for f in html.rglob("*") if f.is_file())
    print(
        f"book: {html.relative_to(ROOT)} built in {time.perf_counter() - started:.0f} s, "
        f"{size / 2**20:.1f} MiB; serve it with: python -m http.server -d {html.relative_to(ROOT)}"
    )


if __name__ == "__main__":
    main()
