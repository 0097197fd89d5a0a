#!/usr/bin/env bash
# The container files. With a working container runtime: build the image, run it on the example
# artifacts and wait for its health check (/_ready) to pass. Without one: say so, and lint the
# Dockerfile (dockerfile-utils from npm) and parse docker-compose.yml instead.
#   bash test/package/docker-check.sh        (make docker-check)
set -euo pipefail
repo=$(cd "$(dirname "$0")/../.." && pwd)
cd "$repo"
if docker info >/dev/null 2>&1; then
  tag=quire-check:$$
  docker build -t "$tag" .
  id=$(docker run -d -v "$repo/specs/example/artifacts:/app/artifacts:ro" -e JWT_SECRET=docker-check-jwt-0123456789 -e API_TOKEN_SALT=docker-check-salt-0123456789 "$tag")
  trap 'docker rm -f "$id" >/dev/null; docker rmi "$tag" >/dev/null' EXIT
  for _ in $(seq 1 60); do
    status=$(docker inspect -f '{{.State.Health.Status}}' "$id")
    [ "$status" = healthy ] && { echo "docker check: image built, container healthy (/_ready)"; exit 0; }
    sleep 1
  done
  docker logs "$id" >&2
  echo "docker check: the container never became healthy" >&2
  exit 1
fi
reason=$( (docker info 2>&1 || true) | grep -i -m1 'cannot connect\|error\|not found' || true)
echo "docker check: no container runtime answers (${reason:-docker not installed}); linting the files instead"
out=$(npx --yes dockerfile-utils@0.16.3 lint Dockerfile)
if [ -n "$out" ]; then echo "$out" >&2; exit 1; fi
echo "docker check: Dockerfile lint clean (dockerfile-utils)"
npx --yes yaml@2 valid < docker-compose.yml
for s in '  db:' '  quire:' '    build: .' '      DATABASE_URL: postgres://quire:quire@db:5432/quire' 'condition: service_healthy'; do
  grep -qF -- "$s" docker-compose.yml || { echo "docker-compose.yml: missing $s" >&2; exit 1; }
done
echo "docker check: docker-compose.yml is valid YAML with the db and quire services"
