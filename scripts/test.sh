#!/usr/bin/env bash
# npm test: everything CI checks, in order, on a fresh Debian machine.
#   1. system packages (Chromium's headless shell, PostgreSQL, HAProxy), installed with apt-get when running as root
#   2. typecheck and lint
#   3. unit and integration tests on PGlite
#   4. the integration tests again on a throwaway PostgreSQL server
#   5. the production build (when stale), then the Playwright end-to-end tests, with a throwaway
#      PostgreSQL for the `lb` project (two instances behind HAProxy)
#   6. the crash durability proof, shortened (5 kills on PGlite and 5 on PostgreSQL)
# Exits non-zero on the first failure; stops and deletes whatever it started. The run ends with
# each step's time and the ten slowest tests; a failed run then names the failed tests
# (scripts/test-report.mjs, from the runners' JSON reports).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/.."
export NEXT_TELEMETRY_DISABLED=1

# Debian's headless shell: the end-to-end tests' browser (playwright.config.ts says why not the full one).
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium-headless-shell}"
IS_ROOT=false
[ "$(id -u)" -eq 0 ] && IS_ROOT=true

PG_BIN=""
PG_TMP=""
# JSON reports of the test runners, read on failure to name the failed tests at the very end.
REPORT_DIR=$(mktemp -d "${TMPDIR:-/tmp}/chorus-reports.XXXXXX")
export CHORUS_TEST_REPORT_DIR="$REPORT_DIR"
PG_URL=""
CURRENT_STEP=""
TIMINGS=()

section() { printf '\n\033[1m==== %s ====\033[0m\n' "$1"; }

step() {
  local name=$1 started=$SECONDS
  shift
  CURRENT_STEP=$name
  section "$name"
  "$@"
  TIMINGS+=("$(printf '%5ds  %s' $((SECONDS - started)) "$name")")
  CURRENT_STEP=""
}

# Runs a PostgreSQL server command: as the postgres user when root (PostgreSQL refuses root).
as_pg() {
  if $IS_ROOT; then
    (cd "$PG_TMP" && runuser -u postgres -- "$@")
  else
    "$@"
  fi
}

cleanup() {
  local rc=$?
  set +e
  if [ -n "$PG_TMP" ] && [ -d "$PG_TMP" ]; then
    if [ -f "$PG_TMP/data/postmaster.pid" ]; then
      as_pg "$PG_BIN/pg_ctl" -D "$PG_TMP/data" -m immediate -w stop >/dev/null 2>&1
    fi
    if [ "$rc" -ne 0 ] && [ -f "$PG_TMP/server.log" ]; then
      echo '--- last lines of the PostgreSQL log ---'
      tail -n 20 "$PG_TMP/server.log"
    fi
    rm -rf "$PG_TMP"
  fi
  section 'Summary'
  if [ ${#TIMINGS[@]} -gt 0 ]; then printf '%s\n' "${TIMINGS[@]}"; fi
  printf '%5ds  total\n' "$SECONDS"
  node scripts/test-report.mjs slowest "$REPORT_DIR"/*.json 2>/dev/null
  if [ "$rc" -eq 0 ]; then
    echo 'All checks passed.'
  else
    echo "FAILED${CURRENT_STEP:+ in: $CURRENT_STEP} (exit $rc)"
    node scripts/test-report.mjs failures "$REPORT_DIR"/*.json 2>/dev/null
  fi
  rm -rf "$REPORT_DIR"
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

find_pg_bin() {
  local dir
  # Newest major version first; an unmatched glob stays literal and fails the -x test.
  for dir in $(printf '%s\n' /usr/lib/postgresql/*/bin | sort -t/ -k5 -V -r); do
    if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ] && [ -x "$dir/psql" ]; then
      echo "$dir"
      return
    fi
  done
  if command -v initdb >/dev/null && command -v pg_ctl >/dev/null && command -v psql >/dev/null; then
    dirname "$(command -v initdb)"
  fi
}

system_packages() {
  local missing=()
  [ -x "$CHROMIUM" ] || missing+=(chromium-headless-shell)
  PG_BIN=$(find_pg_bin)
  [ -n "$PG_BIN" ] || missing+=(postgresql)
  find_haproxy >/dev/null || missing+=(haproxy)

  if [ ${#missing[@]} -gt 0 ]; then
    if ! $IS_ROOT; then
      echo "Missing system packages: ${missing[*]}"
      echo "Install them, then run npm test again:"
      echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}"
      return 1
    fi
    echo "Installing ${missing[*]}…"
    apt-get update
    DEBIAN_FRONTEND=noninteractive apt-get install -y "${missing[@]}"
    PG_BIN=$(find_pg_bin)
    [ -x "$CHROMIUM" ] || { echo "Chromium is still missing at $CHROMIUM"; return 1; }
    [ -n "$PG_BIN" ] || { echo 'PostgreSQL (initdb) is still missing'; return 1; }
    find_haproxy >/dev/null || { echo 'HAProxy is still missing'; return 1; }
  fi
  if $IS_ROOT && ! id postgres >/dev/null 2>&1; then
    useradd --system --user-group --no-create-home --shell /usr/sbin/nologin postgres
  fi
  echo "Chromium:   $CHROMIUM"
  echo "PostgreSQL: $PG_BIN ($("$PG_BIN/postgres" --version))"
  echo "HAProxy:    $("$(find_haproxy)" -v | head -n 1)"
}

# Debian installs HAProxy in /usr/sbin, which is not on every user's PATH.
find_haproxy() {
  command -v haproxy || { [ -x /usr/sbin/haproxy ] && echo /usr/sbin/haproxy; }
}

# ESLint takes about a minute on one core; the other checks run beside it on the other core, and
# their output is shown once both are done.
checks_beside_eslint() {
  npx tsc --noEmit
  echo 'typecheck: ok'
  npx prettier --check . >/dev/null || { npx prettier --check . ; echo 'Run npm run format.'; return 1; }
  echo 'format: ok'
  node scripts/deps-report.mjs --check
  echo 'feature boundaries: ok'
  npx knip
  echo 'unused files, exports and dependencies: none'
  npm run --silent lint:api
  echo 'OpenAPI document (Redocly) and the typed client generated from it: ok'
}

typecheck_and_lint() {
  local log rc_beside=0 rc_lint=0 pid
  log=$(mktemp "${TMPDIR:-/tmp}/chorus-checks.XXXXXX")
  checks_beside_eslint >"$log" 2>&1 &
  pid=$!
  npx eslint --max-warnings=0 . || rc_lint=$?
  [ "$rc_lint" -ne 0 ] || echo 'lint: ok'
  wait "$pid" || rc_beside=$?
  cat "$log"
  rm -f "$log"
  [ "$rc_lint" -eq 0 ] && [ "$rc_beside" -eq 0 ]
}

free_port() {
  node -e "const s = require('node:net').createServer(); s.listen(0, '127.0.0.1', () => { console.log(s.address().port); s.close(); });"
}

start_postgres() {
  PG_TMP=$(mktemp -d "${TMPDIR:-/tmp}/chorus-pg.XXXXXX")
  chmod 700 "$PG_TMP"
  if $IS_ROOT; then chown postgres: "$PG_TMP"; fi
  as_pg "$PG_BIN/initdb" -D "$PG_TMP/data" -U postgres -A trust -E UTF8 --locale=C --no-sync >"$PG_TMP/initdb.log" 2>&1 ||
    { cat "$PG_TMP/initdb.log"; return 1; }

  local attempt port
  for attempt in 1 2 3; do
    port=$(free_port)
    if as_pg "$PG_BIN/pg_ctl" -D "$PG_TMP/data" -l "$PG_TMP/server.log" -w -t 60 \
      -o "-c listen_addresses=127.0.0.1 -p $port -c unix_socket_directories=$PG_TMP -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
      start >/dev/null; then
      break
    fi
    # Another process may have taken the port between choosing and binding it.
    [ "$attempt" -lt 3 ] || { tail -n 20 "$PG_TMP/server.log"; return 1; }
  done

  "$PG_BIN/psql" -h 127.0.0.1 -p "$port" -U postgres -d postgres -v ON_ERROR_STOP=1 -q \
    -c 'create role chorus login createdb' \
    -c 'create database chorus owner chorus'
  PG_URL="postgres://chorus@127.0.0.1:$port/chorus"
  echo "PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') on 127.0.0.1:$port"
}

stop_postgres() {
  as_pg "$PG_BIN/pg_ctl" -D "$PG_TMP/data" -m fast -w stop >/dev/null
  rm -rf "$PG_TMP"
  PG_TMP=""
}

# Vitest, with a JSON report beside its usual output (named by the lane: pglite, postgresql).
vitest_run() {
  npx vitest run --reporter=default --reporter=json --outputFile.json="$REPORT_DIR/vitest-$1.json"
}

tests_on_pglite() {
  (unset CHORUS_TEST_DATABASE_URL && vitest_run pglite)
}

tests_on_postgres() {
  start_postgres
  CHORUS_TEST_DATABASE_URL="$PG_URL" vitest_run postgresql
  stop_postgres
}

# The crash proof (docs/operations.md, "Crashes"): the server killed with SIGKILL under write load
# and restarted, every acknowledged write checked after each restart. CI runs 5 kills per driver
# (CHORUS_CRASH_KILLS); the documented run is 20.
crash_proof() {
  start_postgres
  node --import tsx scripts/proofs/crash.ts --driver both --kills "${CHORUS_CRASH_KILLS:-5}" --database-url "$PG_URL"
  stop_postgres
}

# The README's command runs every step. `npm test -- e2e build` (or any of: packages checks pglite
# postgresql build e2e crash; system packages are always checked) runs just those, in this order, for a quicker loop while working.
ONLY=" $* "
wanted() { [ "$ONLY" = "  " ] || [[ "$ONLY" == *" $1 "* ]]; }

# The `lb` project creates its own database on this server (the role may create databases).
end_to_end() {
  start_postgres
  HAPROXY_PATH=$(find_haproxy) CHORUS_E2E_POSTGRES_URL="$PG_URL" npx playwright test
  stop_postgres
}

step '1. System packages' system_packages
if wanted checks; then step '2. Typecheck and lint' typecheck_and_lint; fi
if wanted pglite; then step '3. Unit and integration tests (PGlite)' tests_on_pglite; fi
if wanted postgresql; then step '4. Integration tests (PostgreSQL)' tests_on_postgres; fi
# Step 2 has typechecked this same tree, so the build does not do it again.
if wanted build || wanted e2e; then
  step '5a. Production build (when stale)' env CHORUS_BUILD_TYPECHECKED=1 node scripts/start.mjs --build-only
fi
if wanted e2e; then step '5b. End-to-end tests (Playwright)' end_to_end; fi
if wanted crash; then step '6. Crash durability proof (SIGKILL under load; PGlite and PostgreSQL)' crash_proof; fi
