"""Shared fixtures of the explorers' tests."""

import pytest

from evalbook import config_context


@pytest.fixture(autouse=True)
def _portuguese(_english_display):
    """The explorers speak the lessons' language (the library's default is English)."""
    with config_context(language="pt"):
        yield


class Checklist:
    """The explorers' checklist, read from what an explorer shows (its ``html``).

    ``headline(html)``: the numbers of the first table (the headline numbers, before any
    ``<details>`` fold); ``colours(html)``: every ``#rrggbb`` colour; ``line_widths(svg)``
    and ``dot_radii(svg)``: the stroke widths of the polylines and the radii of the dots.
    """

    @staticmethod
    def headline(html: str) -> list[str]:
        import re

        first = html.split("<details")[0].split("</table>")[0]
        cells = re.findall(r"<td[^>]*>([^<]*)</td>", first)
        return [c for c in cells if re.fullmatch(r"[−+-]?\d[\d ]*\.\d+", c.strip())]

    @staticmethod
    def colours(html: str) -> set[str]:
        import re

        return {c.lower() for c in re.findall(r"#[0-9a-fA-F]{6}\b", html)}

    @staticmethod
    def palette() -> set[str]:
        """Every colour of the renderer's constants, and the plots' frame and background."""
        from evalbook._core import render, svg

        values = set()
        for name in dir(render):
            value = getattr(render, name)
            if name.isupper() and isinstance(value, dict):
                values |= {v for v in value.values() if isinstance(v, str)}
            elif name.isupper() and isinstance(value, tuple):
                values |= {v for v in value if isinstance(v, str)}
            elif name.isupper() and isinstance(value, str):
                values.add(value)
        values |= set(svg.LINE_COLOURS)
        return {v.lower() for v in values if v.startswith("#")} | {"#ffffff", "#000000"}

    @staticmethod
    def line_widths(svg_text: str) -> list[float]:
        import re

        return [float(w) for w in re.findall(r'<polyline[^>]*stroke-width="([\d.]+)"', svg_text)]

    @staticmethod
    def dot_radii(svg_text: str) -> list[float]:
        import re

        return [float(r) for r in re.findall(r'<circle[^>]*r="([\d.]+)"', svg_text)]


@pytest.fixture
def checklist():
    """The explorers' checklist helpers (:class:`Checklist`)."""
    return Checklist
