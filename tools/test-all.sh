#!/usr/bin/env bash
# Every suite, one after another, then one line with the totals: "N passed, N failed".
#   unit                 pure rules, no I/O
#   integration (PGlite) the server and real RxDB clients in Node, on the embedded store
#   integration (PostgreSQL) the same store tests again when TEST_DATABASE_URL is set (CI sets it)
#   e2e                  Playwright driving Debian's Chromium against the built store
#   e2e (cluster)        the main journeys again through HAProxy with three instances, and a rolling restart under
#                        load, when TEST_DATABASE_URL is set
#   benches              every npm run bench:* in its short mode (tools/bench-short.ts)
set -u
cd "$(dirname "$0")/.."
results=.test-results
rm -rf "$results" && mkdir -p "$results"
status=0

echo "== unit =="
npx vitest run --project unit --outputFile.json="$results/unit.json" || status=1

echo "== integration (PGlite) =="
env -u DATABASE_URL npx vitest run --project integration --outputFile.json="$results/integration-pglite.json" || status=1

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  echo "== integration (PostgreSQL) =="
  DATABASE_URL="$TEST_DATABASE_URL" npx vitest run --project integration \
    --outputFile.json="$results/integration-postgres.json" || status=1
fi

echo "== e2e (Chromium) =="
npx playwright test || status=1

if [ -n "${TEST_DATABASE_URL:-}" ]; then
  # The e2e stage just built the client into dist/: the cluster serves that build.
  echo "== e2e through the balancer (HAProxy, three instances, PostgreSQL; a rolling restart) =="
  E2E_SKIP_BUILD=1 npx playwright test -c playwright.cluster.config.ts || status=1
fi

# The fault harness (tools/faults.ts): 50 seeded runs on PGlite, one instance, a fixed seed so a red run replays;
# `npm run faults -- --runs 1000` (and DATABASE_URL for several instances) is the long one.
echo "== faults (50 seeded runs) =="
env -u DATABASE_URL npx tsx tools/faults.ts --short --seed 1000 --report "$results/faults.json" || status=1
# The same through HAProxy with two instances on a PostgreSQL of the harness's own (Debian's binaries, in a temporary
# folder), which the pg-restart fault restarts under load; every fault kind, 15 runs.
echo "== faults (15 seeded runs: PostgreSQL restarted, HAProxy, two instances) =="
env -u DATABASE_URL npx tsx tools/faults.ts --short --runs 15 --seed 2000 --postgres private --instances 2 --balancer \
  --report "$results/faults-cluster.json" || status=1

# Last, once the e2e stage has built the client (bench:web reads dist/): each bench on small sizes, so one that
# stops starting is red here rather than found at the next measurement.
echo "== benches (short mode) =="
npx tsx tools/bench-short.ts "$results/benches.json" || status=1

expected="unit.json integration-pglite.json e2e.json faults.json faults-cluster.json benches.json"
[ -n "${TEST_DATABASE_URL:-}" ] && expected="$expected integration-postgres.json e2e-cluster.json"
npx tsx tools/test-totals.ts "$results" $expected || status=1
exit $status
