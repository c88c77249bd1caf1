#!/usr/bin/env bash
# Fill fuzz/corpus/TARGET/ with seed inputs taken from the repository, for
# every target (or those named): whole files and single lines of
# scripts/data (puzzle files), scripts/*.rhai and labs/*.lab, the string
# literals of the tests (one input each, escapes undone), and the saved
# inputs of fuzz/regressions/TARGET/. Generated, never committed
# (fuzz/corpus is in .gitignore); inputs libFuzzer finds are added beside
# them. Safe to rerun: a seed keeps its name (pool, file, line), so
# nothing doubles.
#
#   fuzz/seed.sh                 # every target
#   fuzz/seed.sh grid dimacs     # some targets
set -euo pipefail
cd "$(dirname "$0")/.."

# On the corpus's file system: seeds are hard links to the pools' files,
# so every target shares one copy.
mkdir -p fuzz/corpus
scratch=$(mktemp -d fuzz/corpus/.pools.XXXXXX)
trap 'rm -rf "$scratch"' EXIT

# pool NAME FILE...: each file whole (if at most 64 KB) and its first 300
# non-empty lines, one input each.
pool() {
  local name=$1 file n=0
  shift
  mkdir -p "$scratch/$name"
  for file in "$@"; do
    [ -f "$file" ] || continue
    n=$((n + 1))
    if [ "$(wc -c <"$file")" -le 65536 ]; then cp "$file" "$scratch/$name/$name-whole-$n"; fi
    grep -v '^[[:space:]]*$' "$file" | head -n 300 |
      split -l 1 -a 4 - "$scratch/$name/$name-line-$n-" || true
  done
}

pool data scripts/data/*.txt scripts/data/*.csv
pool scripts scripts/*.rhai
pool labs labs/*.lab
mkdir -p "$scratch/lab_files"
for file in labs/*.lab; do cp "$file" "$scratch/lab_files/lab-$(basename "$file")"; done

# The tests' one-line string literals ("..." with escapes), unescaped,
# leaving out prose (expected messages: three words in a row).
mkdir -p "$scratch/literals"
n=0
while IFS= read -r literal; do
  n=$((n + 1))
  literal=${literal#\"}
  literal=${literal%\"}
  printf '%b' "$literal" >"$scratch/literals/literal-$n" 2>/dev/null || true
done < <(grep -rhoE '"([^"\\]|\\.){2,2000}"' tests --include=*.rs | sort -u |
  grep -vE '[A-Za-z]{2,} [a-z]{2,} [a-z]{2,}')

# A few built-in seeds: the forms each parser reads, small.
mkdir -p "$scratch/extra"
printf '%s' '4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......' >"$scratch/extra/grid"
printf 'p cnf 3 2\n1 -2 0\n2 3 0\n' >"$scratch/extra/cnf"
printf 's SATISFIABLE\nv 1 -2 3 0\n' >"$scratch/extra/answer"
printf 'SAT\n1 -2 3 0\n' >"$scratch/extra/minisat"
printf 'XXXX\nX..X\nXXXX\n' >"$scratch/extra/shape"
printf 'V\n1\n\nu\nT\n3\n\nn\n' >"$scratch/extra/session"
printf '1..4 .4.. ..3. 3..1' >"$scratch/extra/small"
printf 'let a = [1, 2];\nfor x in a {\n' >"$scratch/extra/chunk"
printf '../..|.#/..\0XX/X.|X./..' >"$scratch/extra/polycube"
printf '\001....../....../......' >"$scratch/extra/packing"

for file in "$scratch"/extra/*; do mv "$file" "$scratch/extra/extra-$(basename "$file")"; done
find "$scratch" -type f -empty -delete

# Which pools seed which target.
declare -A seeds=(
  [grid]="data literals extra"
  [puzzle_formats]="data literals extra"
  [similarity_reader]="data literals"
  [dimacs]="literals labs extra"
  [solver_answer]="literals labs extra"
  [lab_format]="lab_files literals"
  [labs]="lab_files"
  [text_file]="labs scripts extra"
  [region]="labs literals extra"
  [shape]="labs literals extra"
  [piece_list]="labs literals extra"
  [sat_board]="labs literals extra"
  [chunk_complete]="scripts labs literals extra"
  [session_answers]="literals extra"
  [canon]="data extra"
  [packing]="labs literals extra"
  [scripts]="scripts labs literals"
  [svg_options]="extra"
  [polycube]="labs literals extra"
)

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then mapfile -t targets < <(printf '%s\n' "${!seeds[@]}" | sort); fi
for target in "${targets[@]}"; do
  if [ -z "${seeds[$target]:-}" ]; then
    echo "seed.sh: no target named $target (targets: ${!seeds[*]})" >&2
    exit 2
  fi
  dir=fuzz/corpus/$target
  mkdir -p "$dir"
  for name in ${seeds[$target]}; do
    cp -l -f -- "$scratch/$name"/* "$dir/"
  done
  if [ -d "fuzz/regressions/$target" ]; then cp fuzz/regressions/"$target"/* "$dir/"; fi
  echo "$target: $(find "$dir" -type f | wc -l) inputs in $dir"
done
