# The workbook's interface: a newcomer needs only `make lab` and `make test`.
# Every target creates .venv on first use and installs the package (editable) with what it
# needs, pinned by the lock file: `make lab` the lessons' extra, `make test` (and `make
# install`) the lessons' and the tests'. A stamp file per extra makes later runs skip the
# install until pyproject.toml or the lock file changes.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP_LAB  := $(VENV)/.evalbook-lab
STAMP_TEST := $(VENV)/.evalbook-test
STAMP_BOOK := $(VENV)/.evalbook-book
# Every version pip may install, for every platform and Python >= 3.11 (pip's constraints:
# they pin what is installed, they install nothing). `make lock` regenerates it with uv
# from pyproject.toml and requirements/lock.in.
LOCK    := requirements/lock.txt
LOCK_IN := requirements/lock.in
# JupyterLab's own interface in Brazilian Portuguese, for this project's lab only: `make lab`
# reads its default settings from .jupyter/overrides.json (other JupyterLabs are untouched):
# the pt-BR interface, no news or update checks, the deck mode's projector styles. What the
# lecturer changes in Settings is kept in this checkout (LAB_USER_SETTINGS, git-ignored).
# jupyterlab-slideshow saves there whether deck mode is on, and would reopen the next
# notebook as slides: `make lab` turns it off at every start. The language starts there as
# pt-BR too (until the lecturer picks another): the server translates the menus it builds
# from the settings schemas (the Run menu) only for a language chosen in the user settings.
LAB_USER_SETTINGS ?= $(CURDIR)/.jupyter/user-settings
DECK_SETTINGS := $(LAB_USER_SETTINGS)/jupyterlab-slideshow/plugin.jupyterlab-settings
LANGUAGE_SETTINGS := $(LAB_USER_SETTINGS)/@jupyterlab/translation-extension/plugin.jupyterlab-settings
LAB_SETTINGS := --LabApp.app_settings_dir=$(CURDIR)/.jupyter \
	--LabApp.user_settings_dir=$(LAB_USER_SETTINGS) --LabApp.news_url=None

NOTEBOOKS := $(sort $(wildcard notebooks/*.ipynb))
SOLUTIONS := $(sort $(wildcard exercises/solucoes/*.ipynb))

# JupyterLab refuses to run as root unless told; CI and containers run as root.
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)
# Extra options for `make lab`, e.g. LAB_ARGS="--no-browser --port=8899".
LAB_ARGS ?=
# What `make lint` checks: the code, and the code cells of the lessons and exercises.
LINT_PATHS ?= evalbook evalcourse tests benchmarks notebooks exercises

PYTEST_NBVAL := --nbval --nbval-current-env --nbval-sanitize-with tests/nbval_sanitize.cfg
# One pytest worker per core (pytest-xdist). `--dist loadfile` keeps each file on one worker:
# a notebook's cells run in order in one kernel, and a test module's fixtures are built once.
# `--no-loadscope-reorder` keeps the order tests/conftest.py sets: the longest files first.
# TEST_WORKERS=0 runs everything in one process (easier to debug); PYTEST_ARGS adds options.
TEST_WORKERS ?= auto
PYTEST_ARGS ?=
# pip installs without compiling every module of every package to bytecode (--no-compile:
# 35-40 s of a 65 s install on two cores); Python compiles what is imported, once, on first
# use. So every target lets it keep that bytecode (in .venv and __pycache__, git-ignored)
# even where the environment sets PYTHONDONTWRITEBYTECODE: otherwise each of the thirty-odd
# processes of a test run (pytest workers, kernels, JupyterLab servers, the checker's
# command line) and each `make lab` would compile the same sources again.
export PYTHONDONTWRITEBYTECODE :=

.PHONY: install lab test test-slides test-fast lint lock notebooks exercises messages bench clean
.PHONY: book handouts test-book

install: $(STAMP_TEST)

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "evalbook needs Python >= 3.11 (found " + sys.version.split()[0] + "); run: make PYTHON=python3.11 ...")'
	@echo "Creating $(VENV) with $(PYTHON)"
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# The test stamp stands for the lab's too: `make test` then `make lab` installs nothing more.
$(STAMP_LAB): pyproject.toml $(LOCK) | $(BIN)/python
	$(BIN)/python -m pip install --quiet --no-compile -c $(LOCK) -e ".[lab]"
	@touch $(STAMP_LAB)

$(STAMP_TEST): pyproject.toml $(LOCK) | $(BIN)/python
	$(BIN)/python -m pip install --quiet --no-compile -c $(LOCK) -e ".[lab,test]"
	@touch $(STAMP_LAB) $(STAMP_TEST)

# The book's and the handouts' builders need the book extra (Sphinx, MyST-NB, the theme,
# MathJax's and reveal.js's files, nbconvert, playwright, pypdf); the tests, to check them.
$(STAMP_BOOK): pyproject.toml $(LOCK) | $(BIN)/python
	$(BIN)/python -m pip install --quiet --no-compile -c $(LOCK) -e ".[lab,test,book]"
	@touch $(STAMP_LAB) $(STAMP_TEST) $(STAMP_BOOK)

lab: $(STAMP_LAB)
	@$(BIN)/python -c 'import json, json5, pathlib, sys; p = pathlib.Path(sys.argv[1]); \
		s = json5.loads(p.read_text(encoding="utf-8")) if p.is_file() else {}; \
		p.parent.mkdir(parents=True, exist_ok=True); \
		p.write_text(json.dumps({**s, "active": False}, indent=2), encoding="utf-8")' "$(DECK_SETTINGS)"
	@test -f "$(LANGUAGE_SETTINGS)" || { mkdir -p "$(dir $(LANGUAGE_SETTINGS))" && \
		echo '{"locale": "pt_BR"}' > "$(LANGUAGE_SETTINGS)"; }
	$(BIN)/jupyter lab $(LAB_SETTINGS) --ServerApp.root_dir=. --LabApp.default_url=/lab/tree/notebooks $(ROOT_FLAG) $(LAB_ARGS)

# Regenerate the lock from pyproject.toml's ranges and lock.in's caps, for every platform
# and Python >= 3.11, from the public index only (uv reads no pip configuration); one
# version of a package for every Python where one release serves them all (`fewest`). A
# pin that still fits is kept; `make lock LOCK_ARGS=--upgrade` moves every pin to the newest
# release. uv is installed into .venv at the version the lock pins.
LOCK_ARGS ?=
# An unchanged lock keeps its date, so the installs stay up to date.
lock: | $(BIN)/python
	$(BIN)/python -m pip install --quiet $(if $(wildcard $(LOCK)),-c $(LOCK)) uv
	@test -f $(LOCK) || touch $(LOCK); cp -p $(LOCK) $(LOCK).before
	$(BIN)/uv pip compile --quiet --no-config --universal --fork-strategy fewest --python-version 3.11 \
		--all-extras --custom-compile-command "make lock" $(LOCK_ARGS) \
		pyproject.toml $(LOCK_IN) --output-file $(LOCK)
	@if cmp -s $(LOCK) $(LOCK).before; then touch -r $(LOCK).before $(LOCK); \
		echo "$(LOCK) is unchanged"; else echo "$(LOCK) changed: review it, then make test"; fi
	@rm -f $(LOCK).before

lint: $(STAMP_TEST)
	$(BIN)/ruff check $(LINT_PATHS)
	$(BIN)/ruff format --check evalbook evalcourse tests benchmarks

# Everything but the browser: lint, the library's values, cross-checks and doctests, the
# exercise engine and the course, and nbval over every lesson and solution in fresh kernels.
# The browser and JupyterLab checks are `make test-slides`; the checks of the Makefile and of
# the installed environment run in CI only (.ci/run, the `ci` mark).
test: lint
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist loadfile --no-loadscope-reorder $(PYTEST_ARGS) \
		-m "not browser and not jupyterlab and not ci" --doctest-modules evalbook evalcourse tests \
		$(PYTEST_NBVAL) notebooks exercises/solucoes

# Every lesson presented in deck mode at 1280×720 in JupyterLab and Chromium, as a lecturer
# presents it (tests/notebooks/test_slides.py), the browser test of lesson 05's explorer and
# the lab's settings (test_browser.py, test_lab.py), and axe-core's accessibility audit of a
# lesson in deck mode (test_deck_accessibility.py). One worker per core; a lesson's tests
# are one class, kept on one worker (--dist loadscope), which presents it once.
test-slides: $(STAMP_TEST)
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist loadscope $(PYTEST_ARGS) \
		tests/notebooks/test_slides.py tests/notebooks/test_browser.py tests/notebooks/test_lab.py \
		tests/notebooks/test_deck_accessibility.py

# The contributor's inner loop: lint, the library's tests and doctests; no notebook, no
# kernel, no JupyterLab, no browser, none of the slow cross-checks and subprocesses (the
# `slow` mark: `make test` runs them).
test-fast: lint
	$(BIN)/python -m pytest -n $(TEST_WORKERS) --dist loadfile --no-loadscope-reorder $(PYTEST_ARGS) \
		-m "not browser and not jupyterlab and not ci and not slow" --doctest-modules evalbook evalcourse tests

# Re-execute every lesson and solution top to bottom in a fresh kernel, then regenerate
# the student notebooks from the solutions.
notebooks: $(STAMP_LAB)
	@for nb in $(NOTEBOOKS) $(SOLUTIONS); do \
		echo "executing $$nb"; \
		$(BIN)/jupyter nbconvert --to notebook --execute --inplace \
			--ExecutePreprocessor.kernel_name=python3 \
			--ExecutePreprocessor.record_timing=False \
			--ExecutePreprocessor.store_widget_state=False "$$nb" || exit 1; \
	done
	$(MAKE) exercises

exercises: $(STAMP_LAB)
	$(BIN)/python -m evalbook.exercises.build

# The message catalogues: the library's words (gettext domain evalbook) and the course's
# (evalcourse), each package its own. Babel extracts the messages a package marks (_(),
# N_(), ngettext(), pgettext()) into a template (in build/, not kept), updates the Brazilian
# Portuguese catalogue from it (the .po, translated by hand: a new message comes in
# untranslated, a changed one fuzzy with the old translation to review, a removed one
# goes), and compiles it to the .mo that gettext reads at run time (shipped as package
# data). tests/lib/test_messages.py fails until both are up to date and fully translated.
MESSAGE_DOMAINS := evalbook evalcourse
messages: $(STAMP_TEST)
	@mkdir -p build/messages
	@for domain in $(MESSAGE_DOMAINS); do \
		po=$$domain/locale/pt_BR/LC_MESSAGES/$$domain.po; \
		$(BIN)/pybabel -q extract --no-location --project=$$domain \
			--msgid-bugs-address= --copyright-holder= -c "Translators:" --ignore-dirs=".* __pycache__" \
			-o build/messages/$$domain.pot $$domain || exit 1; \
		if [ -f $$po ]; then \
			$(BIN)/pybabel -q update --ignore-obsolete --ignore-pot-creation-date \
				-i build/messages/$$domain.pot -D $$domain -d $$domain/locale -l pt_BR || exit 1; \
		else \
			$(BIN)/pybabel -q init -i build/messages/$$domain.pot -D $$domain \
				-d $$domain/locale -l pt_BR || exit 1; \
		fi; \
		$(BIN)/pybabel compile --statistics -D $$domain -d $$domain/locale -l pt_BR || exit 1; \
	done

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis build *.egg-info

# Benchmarks (not part of `make test`): prints a table and writes benchmarks/RESULTS.md.
bench: $(STAMP_TEST)
	$(BIN)/python benchmarks/run.py

# The static book: lessons (stored outputs, explorers as static pictures), exercises,
# reproduction index and API reference, in build/book/html; warnings are errors and every
# internal reference is checked. Read it offline: python -m http.server -d build/book/html
book: $(STAMP_BOOK)
	$(BIN)/python book/build_book.py

# One PDF per lesson from its slides (reveal.js printed by headless Chromium, no network),
# in build/handouts. Needs Debian's Chromium (/usr/bin/chromium or EVALBOOK_CHROMIUM).
handouts: $(STAMP_BOOK)
	$(BIN)/python book/build_handouts.py

# The book and the handouts built, then checked (tests/book/: the pages read back and driven
# in Chromium at 1280×720 and 390×844, axe-core over every page, the PDFs read back and a
# few lessons printed again and compared page by page). Not part of `make test`: the builds
# take minutes.
test-book: book handouts
	EVALBOOK_REQUIRE_BOOK=1 $(BIN)/python -m pytest -p no:cacheprovider -n 0 $(PYTEST_ARGS) tests/book
