# quire: `make start` serves the example on SQLite at :1337; `make test` runs every test.
SHELL := /bin/bash
NPM_FLAGS := --no-audit --no-fund
EXAMPLE := specs/example
# every example spec with committed artifacts (check-example checks them all)
SPECS := specs/example specs/multilingual
PORT ?= 1337

.PHONY: install start test test-strapi test-unit package-check docker-check test-node22 golden-update build-example check-example bench bench-vs-strapi bench-build bench-populate bench-soak clean

node_modules/.installed: package.json package-lock.json
	npm ci $(NPM_FLAGS) || npm install $(NPM_FLAGS)
	@touch $@

install: node_modules/.installed
	npx tsc -p tsconfig.json

build-example: install
	for spec in $(SPECS); do node bin/quire.js build --src $$spec --out $$spec/artifacts || exit 1; done

check-example: install
	for spec in $(SPECS); do node bin/quire.js check --src $$spec --artifacts $$spec/artifacts || exit 1; done

start: build-example
	PORT=$(PORT) node bin/quire.js serve --artifacts $(EXAMPLE)/artifacts

test: install
	node dist/test/run.js

# real Strapi 4.26.2 and quire on one database (minutes: builds Strapi into STRAPI_REF_DIR once; needs PostgreSQL and MariaDB/MySQL)
test-strapi: install
	node dist/test/strapi/coexist.js postgres
	node dist/test/strapi/coexist.js sqlite
	node dist/test/strapi/coexist.js mysql
	node dist/test/strapi/write-coexist.js postgres
	node dist/test/strapi/write-coexist.js sqlite

# the packed tarball installed in an empty directory, built, served and used as a new user would (~4 min)
package-check: install
	bash test/package/try-package.sh

# with a container runtime: build the image and wait for its /_ready health check; else lint the files
docker-check:
	bash test/package/docker-check.sh

test-unit: install
	node dist/test/run.js unit

# the unit suite on a second Node major (NODE_MAJOR, default 22), from the npm registry's `node` package
NODE_MAJOR ?= 22
test-node22: install
	npx --yes -p node@$(NODE_MAJOR) node dist/test/run.js unit

golden-update: install
	for spec in $(SPECS); do node bin/quire.js build --src $$spec --out $$spec/artifacts || exit 1; done
	QUIRE_GOLDEN_UPDATE=1 node dist/test/run.js golden

bench: install
	node dist/test/bench/run.js

# quire vs real Strapi 4.26.2 (built once from ../shared/strapi-reference, cached in /tmp/quire-bench-strapi) and the ceiling, SQLite + PostgreSQL
# Strapi's packages are installed (test/bench/strapi-modules.sh) while quire's are
bench-vs-strapi:
	bash test/bench/strapi-modules.sh & modules=$$!; $(MAKE) install && { wait $$modules || echo "Strapi's packages: installed by its build instead"; }
	node dist/test/bench/vs-strapi.js

bench-build: install
	node dist/test/bench/build-bench.js 200 20

# GET /api/articles?populate=* on 25 fully linked articles (PostgreSQL at QUIRE_PG_URL): statements and req/s
bench-populate: install
	node dist/test/bench/populate-bench.js 25 10

# 2 minutes (SOAK_SECONDS) of mixed reads and writes on PostgreSQL (SQLite without it): no 5xx, bounded RSS
bench-soak: install
	node dist/test/bench/soak.js

clean:
	rm -rf dist .tmp
