#!/usr/bin/env bash
# The package as a new user meets it: `npm pack`, then in an empty directory outside the checkout
# `npm install <tarball>`, a .env, `npx quire build` of a Strapi project root, `npx quire serve`,
# a token created, listed, used and revoked, /_ready and /metrics. Exits non-zero on the first miss.
#   bash test/package/try-package.sh        (make package-check)
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d /tmp/quire-package-XXXXXX)
port=$(( 20000 + RANDOM % 30000 ))
server=
cleanup() { [ -n "$server" ] && kill "$server" 2>/dev/null || true; }
trap cleanup EXIT
fail() { echo "package check: $*" >&2; [ -f "$work/user/serve.log" ] && tail -20 "$work/user/serve.log" >&2; exit 1; }

(cd "$repo" && npm pack --pack-destination "$work" --silent >/dev/null)
tarball=$(ls "$work"/quire-*.tgz)
tar -tzf "$tarball" > "$work/contents.txt"
grep -q '^package/dist/engine/cli.js$' "$work/contents.txt" || fail "dist/engine missing from the tarball"
! grep -q '^package/dist/test/' "$work/contents.txt" || fail "tests packed"
! grep -q '\.ts$' "$work/contents.txt" || fail "TypeScript sources packed"

mkdir -p "$work/user" && cd "$work/user"
cp -r "$repo/test/fixtures/projects/blog" strapi-project
npm install --no-audit --no-fund --loglevel=error "$tarball" >/dev/null || fail "npm install of the tarball failed"
[ -d node_modules/typescript ] && fail "typescript installed: the package must ship compiled code"
[[ "$(npx quire --version)" == quire\ * ]] || fail "--version"
npx quire build --src strapi-project --out artifacts 2>/dev/null || fail "quire build of a Strapi project root"
printf 'PORT=%s\nHOST=127.0.0.1\nLOG_LEVEL=warn\nMETRICS_ENABLED=true\nMETRICS_TOKEN=package-metrics-0123456789\n' "$port" > .env
key=$(npx quire token create --artifacts artifacts --name web --type read-only) || fail "token create"
npx quire token list --artifacts artifacts > tokens.txt || fail "token list"
grep -q '^1 *web *read-only' tokens.txt || fail "token list shows the token"
npx quire serve --artifacts artifacts > serve.log 2>&1 &
server=$!
for _ in $(seq 1 60); do grep -q 'data dir' serve.log && break; sleep 0.5; done
grep -q "data dir *$work/user/.quire" serve.log || fail "the banner names the data dir under the working directory"
base="http://127.0.0.1:$port"
[ "$(curl -s -o /dev/null -w '%{http_code}' "$base/_ready")" = 200 ] || fail "/_ready"
[ "$(curl -s -o /dev/null -w '%{http_code}' -H "Authorization: Bearer $key" "$base/api/articles")" = 200 ] || fail "a token made from the same directory works"
[ "$(curl -s -o /dev/null -w '%{http_code}' "$base/metrics")" = 401 ] || fail "/metrics without its token"
curl -s -H 'Authorization: Bearer package-metrics-0123456789' "$base/metrics" > metrics.txt
grep -q '^quire_http_requests_total{method="GET",route="/api/articles",status="200"} 1' metrics.txt || fail "/metrics"
npx quire token revoke web --artifacts artifacts >/dev/null || fail "token revoke"
[ -f .quire/data.db ] && [ -f .quire/secrets.json ] || fail "state in ./.quire"
[ ! -e node_modules/quire/.quire ] && [ ! -e node_modules/quire/.tmp ] || fail "state written inside the package"
echo "package check: ok ($(basename "$tarball"), installed in $work/user)"
