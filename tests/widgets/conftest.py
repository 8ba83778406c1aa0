"""Shared fixtures of the explorers' tests."""

import pytest

from evalbook import config_context


@pytest.fixture(autouse=True)
def _portuguese(_english_display):
    """The explorers speak the lessons' language (the library's default is English)."""
    with config_context(language="pt"):
        yield


class Checklist:
    """What the explorers' checklist tests read from an explorer's HTML and SVG: the
    headline numbers, the current-value marks, the widths of the data lines, the plot
    area and where a legend's text sits."""

    @staticmethod
    def headlines(html: str) -> dict:
        """Headline name → shown text (``data-headline`` of ``headline_html``)."""
        import re

        return dict(re.findall(r'data-headline="([^"]+)"[^>]*>([^<]+)<', html))

    @staticmethod
    def svgs(html: str) -> list:
        import re

        return re.findall(r"<svg.*?</svg>", html, flags=re.S)

    @staticmethod
    def marks(svg: str) -> list:
        """The current-value dots: (cx, cy, diameter in px) of each ``data-mark="point"``."""
        import re

        found = []
        for group in re.findall(r'<g data-mark="point"[^>]*>(.*?)</g>', svg):
            for cx, cy, r in re.findall(r'<circle cx="([\d.]+)" cy="([\d.]+)" r="([\d.]+)"', group):
                found.append((float(cx), float(cy), 2 * float(r)))
        return found

    @staticmethod
    def line_widths(svg: str, *, skip=("#777777",)) -> list:
        """Stroke widths of the data lines (polylines), reference lines ``skip``-ped."""
        import re

        return [
            float(w)
            for colour, w in re.findall(
                r'<polyline [^>]*stroke="([^"]+)" stroke-width="([\d.]+)"', svg
            )
            if colour not in skip
        ]

    @staticmethod
    def frame(svg: str) -> dict:
        from evalbook._core.svg import plot_frame

        return plot_frame(svg)

    @staticmethod
    def texts_inside(svg: str) -> list:
        """The texts drawn inside the plot area (a legend on the data)."""
        import re

        from evalbook._core.svg import plot_frame

        f = plot_frame(svg)
        inside = []
        for x, y, text in re.findall(r'<text x="([\d.]+)" y="([\d.]+)"[^>]*>([^<]*)<', svg):
            if (
                f["left"] < float(x) < f["left"] + f["width"]
                and f["top"] + 20 < float(y) < f["top"] + f["height"]
            ):
                inside.append(text)
        return inside

    @staticmethod
    def headline(html: str) -> list[str]:
        """The numbers of an explorer's first table (its headline, before any fold)."""
        import re

        first = html.split("<details")[0].split("</table>")[0]
        cells = re.findall(r"<td[^>]*>([^<]*)</td>", first)
        return [c for c in cells if re.fullmatch(r"[−+-]?\d[\d ]*\.\d+", c.strip())]

    @staticmethod
    def colours(html: str) -> set[str]:
        """Every ``#rrggbb`` colour of ``html``, lower case."""
        import re

        return {c.lower() for c in re.findall(r"#[0-9a-fA-F]{6}\b", html)}

    @staticmethod
    def palette() -> set[str]:
        """Every colour of the renderer's constants and the plots' line colours, lower case
        (with white and black)."""
        from evalbook._core import render, svg

        values = set()
        for name in dir(render):
            value = getattr(render, name)
            if not name.isupper():
                continue
            if isinstance(value, dict):
                values |= {v for v in value.values() if isinstance(v, str)}
            elif isinstance(value, tuple):
                values |= {v for v in value if isinstance(v, str)}
            elif isinstance(value, str):
                values.add(value)
        values |= set(svg.LINE_COLOURS)
        return {v.lower() for v in values if v.startswith("#")} | {"#ffffff", "#000000"}

    @staticmethod
    def dot_radii(svg: str) -> list[float]:
        """The radii of every dot (``<circle>``) of ``svg``."""
        import re

        return [float(r) for r in re.findall(r'<circle[^>]*r="([\d.]+)"', svg)]

    @staticmethod
    def pixel(svg: str, x: float, y: float) -> tuple:
        """The pixel of data (x, y) on ``svg`` (clipped to the plot, as svg_plot draws)."""
        from evalbook._core.svg import plot_frame

        f = plot_frame(svg)
        (x0, x1), (y0, y1) = f["x_range"], f["y_range"]
        x = min(max(x, x0), x1)
        return (
            f["left"] + (x - x0) / (x1 - x0) * f["width"],
            f["top"] + (y1 - y) / (y1 - y0) * f["height"],
        )


@pytest.fixture
def checklist():
    """:class:`Checklist`: what the checklist tests read from an explorer."""
    return Checklist()
