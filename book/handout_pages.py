"""The handouts' pages as a lecturer prints them, and as the tests look at them.

- :func:`n_up` lays a lesson's slides out two or three to an A4 page, each with ruled lines
  for notes beside or under it (the usual lecture handout), from the one-slide-a-page PDF
  that ``build_handouts.py`` prints: the slides are placed as they are (vectors and text
  kept, so the text layer stays searchable), nothing is printed again;
- :func:`render` draws PDF pages to pixels (pdfium, through ``pypdfium2``), :func:`ink`
  measures how much of a page is printed on, and :func:`differing_pages` compares two
  builds page by page as pictures (the bytes of two PDFs differ anyway: their dates and
  ids), which is how the tests check that two builds of one commit print the same pages.
"""

from __future__ import annotations

from pathlib import Path

#: A4 portrait in PDF points, and the page's margin.
A4 = (595.28, 841.89)
MARGIN = 36.0
#: Grey of the note lines and of the frame around each slide (0 black, 1 white).
LINE_GREY = 0.6
#: Layouts: slides a page → (slide width as a share of the usable width, lines beside it?).
LAYOUTS = {2: (1.0, False), 3: (0.62, True)}


def _lines(boxes: list[tuple[float, float, float, float]], note_areas) -> bytes:
    """A PDF content stream: a thin frame round each slide box, ruled lines in each note
    area (x0, y0, x1, y1), 20 pt apart."""
    ops = [f"{LINE_GREY} G 0.6 w"]
    for x, y, w, h in boxes:
        ops.append(f"{x:.2f} {y:.2f} {w:.2f} {h:.2f} re S")
    for x0, y0, x1, y1 in note_areas:
        y = y1 - 20
        while y >= y0:
            ops.append(f"{x0:.2f} {y:.2f} m {x1:.2f} {y:.2f} l S")
            y -= 20
    return "\n".join(ops).encode("ascii")


def n_up(pdf: Path, out: Path, per_page: int) -> int:
    """Write ``out``: the slides of ``pdf`` ``per_page`` (2 or 3) to an A4 page with room
    for notes; returns the number of pages written."""
    from pypdf import PdfReader, PdfWriter, Transformation
    from pypdf.generic import ContentStream

    if per_page not in LAYOUTS:
        raise ValueError(f"per_page must be one of {sorted(LAYOUTS)}, got {per_page!r}")
    share, beside = LAYOUTS[per_page]
    slides = PdfReader(pdf).pages
    width, height = A4
    usable_w, usable_h = width - 2 * MARGIN, height - 2 * MARGIN
    band = usable_h / per_page  # each slide's share of the page's height
    writer = PdfWriter()
    for start in range(0, len(slides), per_page):
        page = writer.add_blank_page(width=width, height=height)
        boxes, notes = [], []
        for k, slide in enumerate(slides[start : start + per_page]):
            sw, sh = float(slide.mediabox.width), float(slide.mediabox.height)
            scale = min(usable_w * share / sw, (band - 12) / sh)
            if not beside:
                scale = min(scale, (band * 0.72) / sh)  # leave lines under the slide
            w, h = sw * scale, sh * scale
            top = height - MARGIN - k * band
            x, y = MARGIN, top - h
            page.merge_transformed_page(
                slide, Transformation().scale(scale, scale).translate(x, y), over=True
            )
            boxes.append((x, y, w, h))
            if beside:
                notes.append((x + w + 18, top - band + 12, width - MARGIN, top))
            else:
                notes.append((x, top - band + 12, width - MARGIN, y - 8))
        existing = page.get_contents()
        stream = ContentStream(None, None)
        stream.set_data(
            (existing.get_data() if existing is not None else b"") + b"\n" + _lines(boxes, notes)
        )
        page.replace_contents(stream)
        page.compress_content_streams()
    writer.add_metadata({"/Title": f"{pdf.stem}: {per_page} slides por página, com notas"})
    # each placed slide brings its fonts and images: keep one copy of each
    writer.compress_identical_objects()
    with out.open("wb") as f:
        writer.write(f)
    return len(writer.pages)


def render(pdf: Path, scale: float = 0.5, pages: list[int] | None = None):
    """The pages of ``pdf`` (0-based numbers, default all) as greyscale numpy arrays,
    ``scale`` pixels a point."""
    import numpy as np
    import pypdfium2 as pdfium

    document = pdfium.PdfDocument(str(pdf))
    try:
        numbers = range(len(document)) if pages is None else pages
        out = []
        for number in numbers:
            bitmap = document[number].render(scale=scale, grayscale=True)
            out.append(np.array(bitmap.to_pil().convert("L")))
        return out
    finally:
        document.close()


def ink(image) -> float:
    """The share of a page's pixels that are printed on (darker than light grey)."""
    return float((image < 230).mean())


def differing_pages(a: Path, b: Path, scale: float = 0.5) -> list[int]:
    """The 1-based numbers of the pages that differ between two PDFs drawn as pictures
    (a page only one of them has counts as differing)."""
    pictures_a, pictures_b = render(a, scale), render(b, scale)
    n = max(len(pictures_a), len(pictures_b))
    return [
        number + 1
        for number in range(n)
        if number >= len(pictures_a)
        or number >= len(pictures_b)
        or pictures_a[number].shape != pictures_b[number].shape
        or (pictures_a[number] != pictures_b[number]).any()
    ]
