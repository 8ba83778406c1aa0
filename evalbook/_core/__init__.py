"""The library's private core: what every topic package shares and no user calls.

- :mod:`~evalbook._core.checks`: THE validation layer (every argument check, the 0/0
  policy, size limits);
- :mod:`~evalbook._core.render`, :mod:`~evalbook._core.tables`,
  :mod:`~evalbook._core.svg`, :mod:`~evalbook._core.translation`: the one renderer (HTML
  tables, colours, numbers and tables in the display language, inline SVG plots);
- :mod:`~evalbook._core.stats`: exact binomial bounds, DeLong's components, the normal
  quantile;
- :mod:`~evalbook._core.results`: ``@result``, the one kind of result of a test or interval.

Its modules' names are public to the library's other modules (``from evalbook._core.checks
import as_label_array``), never to a lesson.
"""
