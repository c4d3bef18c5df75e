# The two commands (README): `make run` and `make test`. Everything else is set-up they need.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
export PATH := $(CURDIR)/$(BIN):$(PATH)
TEST_DATABASE_URL ?= postgresql+psycopg://postgres@127.0.0.1:5432/test

.PHONY: run test setup setup-dev browser soak clean words

# (the grep hides this machine's pip warnings about missing local mirrors; pipefail keeps errors)
PIP_INSTALL = bash -o pipefail -c '$(BIN)/pip install -q --disable-pip-version-check -r $(1) 2>&1 | { grep -v "^WARNING: Location" || true; }'

## setup: what the service runs on (requirements.txt); setup-dev adds the test stack.
setup: $(VENV)/.installed
setup-dev: $(VENV)/.installed-dev

$(VENV)/.installed: requirements.txt
	@echo "Dabbo set-up 1/3: a Python virtual environment in $(VENV)/"
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	@echo "Dabbo set-up 2/3: installing the service's Python packages (requirements.txt; 2-3 minutes on a first run, quiet while pip works)"
	$(call PIP_INSTALL,requirements.txt)
	@echo "Dabbo set-up 3/3: packages installed"
	touch $@

$(VENV)/.installed-dev: $(VENV)/.installed requirements-dev.txt
	@echo "Dabbo set-up: installing the test tools (requirements-dev.txt; a few minutes on a first run)"
	$(call PIP_INSTALL,requirements-dev.txt)
	touch $@

## make run: web + worker + cron with the demo data, on SQLite and the local Redis.
run: setup
	@bash .ci/run-local

## make test: the whole suite against real PostgreSQL and Redis (started if down).
test: setup-dev browser
	@bash .ci/services all
	# DLT: every SMS template fits the profile India's operators enforce (SPEC 12.3); exits 1 on a breach
	$(BIN)/flask --app sms_gateway dlt lint
	DATABASE_URL=$${DATABASE_URL:-$(TEST_DATABASE_URL)} $(BIN)/python -m pytest $(PYTEST_ARGS)

## make words: the catalogues for translators (docs/TRANSLATORS.md): locale/dabbo.pot from the
## English catalogue, gu/hi/gul brought up to it, every PO checked by msgfmt and compiled.
words: setup
	$(BIN)/python -m handlers.catalogue.make_words
	@for po in locale/*/LC_MESSAGES/dabbo.po; do msgfmt --check -o /dev/null $$po || exit 1; done

## Debian's Chromium (and Gujarati/Devanagari fonts) for the Playwright browser tests.
browser:
	@command -v chromium >/dev/null 2>&1 || (apt-get update -q && apt-get install -y -q chromium)
	@# the Gujarati and Devanagari fonts even where Chromium was already there (pages and PDFs need them)
	@(fc-list 2>/dev/null | grep -qi 'lohit gujarati' && fc-list 2>/dev/null | grep -qi 'lohit devanagari') \
	  || (apt-get update -q && apt-get install -y -q fonts-lohit-gujr fonts-lohit-deva)

## make soak: 10 minutes of mixed SMS, USSD and API traffic on loopback (not part of make test).
soak: setup-dev
	@bash .ci/services all
	DATABASE_URL=$${DATABASE_URL:-$(TEST_DATABASE_URL)} $(BIN)/python bench/soak.py

clean:
	rm -rf $(VENV) instance .pytest_cache

## voice: espeak-ng and sox make the stand-in clips (`prompts synth`) and convert recordings;
## where they cannot be installed, `prompts synth` says so and calls speak text instead.
.PHONY: voice-tools
run: voice-tools
test: voice-tools
voice-tools:
	@(command -v espeak-ng >/dev/null 2>&1 && command -v sox >/dev/null 2>&1) || (apt-get update -q && apt-get install -y -q espeak-ng sox) || echo "espeak-ng/sox not installed: voice falls back to text" >&2
