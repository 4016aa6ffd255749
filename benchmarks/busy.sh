#!/bin/sh
# The suite on a busy machine: run a command (the test suite) while every core is kept busy.
#
#     benchmarks/busy.sh python -m pytest -q
#
# starts one CPU-burning process per core (`nproc`), runs the command given, stops the burners
# and prints the command's exit code and wall time. The suite must pass like this: no test may
# depend on how fast the machine is (tests/test_no_clock_limits.py; work is bounded by counting
# it, tests/workbound.py). The burners are plain shell loops, ended by their process ids.
set -u
if [ "$#" -eq 0 ]; then
    echo "usage: benchmarks/busy.sh COMMAND [ARGS...]   (e.g. benchmarks/busy.sh python -m pytest -q)" >&2
    exit 2
fi
cores=$(nproc 2>/dev/null || echo 2)
burners=""
i=0
while [ "$i" -lt "$cores" ]; do
    sh -c 'while :; do :; done' &
    burners="$burners $!"
    i=$((i + 1))
done
trap 'kill $burners 2>/dev/null' EXIT INT TERM
echo "busy: $cores CPU-burning processes running (pids$burners)"
start=$(date +%s)
"$@"
code=$?
end=$(date +%s)
echo "busy: exit $code after $((end - start)) s of wall time with $cores cores kept busy"
exit "$code"
