#!/usr/bin/env bash
# Regenerates every file of Reports/ from the sample scenarios in Scenarios/.
#
# It runs the test that checks Reports/ (ReportsFolderTests) in record mode: the
# same code renders the files it would compare, so what it writes is exactly
# what the test then expects. `bgsim run Scenarios/<name>.json --report ...`
# writes the same bytes (BGSimCLITests checks that too).
#
# Usage: Reports/regenerate.sh [extra swift test arguments, e.g. --scratch-path .build-x]
set -euo pipefail
cd "$(dirname "$0")/.."
BGSIM_RECORD_REPORTS=1 swift test "$@" --filter 'SimulationReportsTests.ReportsFolderTests'
git status --short Reports 2>/dev/null || true
