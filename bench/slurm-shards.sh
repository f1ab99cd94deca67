#!/bin/sh
# bench/slurm-shards.sh - a boardvm run cut into the tasks of a Slurm job array, one shard a task
# (docs/distributed.md). Submit it with the array size N and the command after the script:
#   sbatch --array=1-16 bench/slurm-shards.sh match chess --games 2000 --depth 3,2
# Task K runs `boardvm COMMAND ... --shard K/N --jsonl $OUT/COMMAND-K.jsonl` (N: the array's task
# count), with one job a task (--jobs 1: Slurm gives each task its core). When every task is done:
#   boardvm merge results/match-*.jsonl
# OUT (default ./results) must be on a file system every node shares, and every node must run
# the same boardvm build and rules file (merge refuses shards whose version or game code differ).
#SBATCH --job-name=boardvm-shards
#SBATCH --cpus-per-task=1
#SBATCH --output=boardvm-shard-%a.log
set -eu
BOARDVM=${BOARDVM:-boardvm}
OUT=${OUT:-results}
: "${SLURM_ARRAY_TASK_ID:?submit with sbatch --array=1-N}"
# the task count: SLURM_ARRAY_TASK_COUNT where Slurm sets it, else the array's bounds (1-N)
N=${SLURM_ARRAY_TASK_COUNT:-$((SLURM_ARRAY_TASK_MAX - SLURM_ARRAY_TASK_MIN + 1))}
K=$((SLURM_ARRAY_TASK_ID - ${SLURM_ARRAY_TASK_MIN:-1} + 1))
[ $# -ge 2 ] || { echo "usage: sbatch --array=1-N $0 COMMAND RULES [OPTIONS]" >&2; exit 2; }
cmd=$1
mkdir -p "$OUT"
case $cmd in
match|balance|tune) set -- "$@" --jobs 1 ;;
esac
exec "$BOARDVM" "$@" --shard "$K/$N" --jsonl "$OUT/$cmd-$K.jsonl"
