#!/usr/bin/env bash
# bench: Strapi 4.26.2's node_modules, installed into the bench's Strapi cache (STRAPI_BENCH_CACHE,
# default /tmp/quire-bench-strapi) ahead of its build: `make bench-vs-strapi` runs this beside
# quire's own `npm ci`, and strapi-server.ts's build then hard-links them (its donor) instead of
# installing. The reference kit is looked for where test/helpers/strapi-reference.ts looks; when
# it or a cached build is there already, nothing is done. A failure here only costs time: the
# build installs the packages itself.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
CACHE=${STRAPI_BENCH_CACHE:-/tmp/quire-bench-strapi}
REF=""
for d in "${STRAPI_REFERENCE:-}" "$ROOT/../shared/strapi-reference" /work/shared/strapi-reference; do
  if [ -n "$d" ] && [ -f "$d/setup.sh" ]; then REF=$d; break; fi
done
[ -n "$REF" ] || exit 0
for d in "$CACHE"/*/; do [ -f "$d.built" ] && exit 0; done
DIR="$CACHE/modules-$(sha256sum "$REF/package.json" | cut -c1-16)"
mkdir -p "$DIR"
cp "$REF/package.json" "$DIR/"
cd "$DIR"
# as setup.sh installs them
[ -d node_modules/@strapi/strapi ] || npm install --ignore-scripts --no-audit --no-fund --loglevel=error
[ -f node_modules/better-sqlite3/build/Release/better_sqlite3.node ] || npm rebuild better-sqlite3 --loglevel=error
date -u +%FT%TZ > .built
echo "Strapi 4.26.2 packages installed in $DIR"
