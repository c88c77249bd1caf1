//! The table of bad inputs for `bad_input`: each a line of script and the
//! whole message it must give (`{dir}` is the scratch folder).

/// Each case: code, then the message it must give.
pub const CASES: &[(&str, &str)] = &[
    // ----- files: writes that must not happen -----
    (
        r#"solve_file("{dir}/p.txt", #{out: "{dir}/p.txt"})"#,
        "solve_file: {dir}/p.txt: refusing to write over {dir}/p.txt, an input of this operation: choose another output file",
    ),
    (
        r#"solve_file("{dir}/p.txt", #{out: "{dir}/./p.txt"})"#,
        "solve_file: {dir}/./p.txt: refusing to write over {dir}/p.txt, an input of this operation: choose another output file",
    ),
    (
        r#"solve_file("{dir}/p.txt", #{out: "{dir}/sub/../p.txt"})"#,
        "solve_file: {dir}/sub/../p.txt: refusing to write over {dir}/p.txt, an input of this operation: choose another output file",
    ),
    (
        r#"write_puzzles("{dir}/sub", [ym])"#,
        "write_puzzles: {dir}/sub: is a folder, not a file",
    ),
    (
        r#"write_puzzles("{dir}/none/x.txt", [ym])"#,
        "write_puzzles: {dir}/none/x.txt: cannot write in {dir}/none: No such file or directory (os error 2)",
    ),
    (
        r#"write_puzzles("{dir}/keep.txt", [ym, 5])"#,
        "write_puzzles: item 1 is a i64, not a grid",
    ),
    (
        r#"write_puzzles("{dir}/keep.txt", [ym], "yaml")"#,
        r#"write_puzzles: unknown format "yaml": use lines, named, csv or json"#,
    ),
    (
        r#"write_dimacs(ym, "{dir}/sub")"#,
        "write_dimacs: {dir}/sub: is a folder, not a file",
    ),
    (
        r#"write_dimacs(ym, "{dir}/none/x.cnf")"#,
        "write_dimacs: {dir}/none/x.cnf: cannot write in {dir}/none: No such file or directory (os error 2)",
    ),
    (
        r#"write_dimacs(ym, "")"#,
        "write_dimacs: \"\": the file name is empty",
    ),
    (
        r#"write_puzzles("", [ym])"#,
        "write_puzzles: \"\": the file name is empty",
    ),
    (
        r#"solve_file("{dir}/p.txt", #{out: "{dir}/sub"})"#,
        "solve_file: {dir}/sub: is a folder, not a file",
    ),
    (
        r#"solve_file("{dir}/p.txt", #{out: 5})"#,
        "solve_file: option out must be a string, not 5",
    ),
    (
        r#"solve_file("{dir}/p.txt", #{threads: -1})"#,
        "solve_file: option threads must be a whole number from 0 (one thread a core) to 1024, not -1",
    ),
    (
        r#"solve_file("{dir}/p.txt", #{threads: "all"})"#,
        "solve_file: option threads must be a whole number from 0 (one thread a core) to 1024, not \"all\"",
    ),
    (
        r#"solve_file("{dir}/p.txt", #{format: "xml", out: "{dir}/o.xml"})"#,
        r#"solve_file: unknown format "xml": use lines, named, csv or json"#,
    ),
    (
        r#"solve_file("{dir}/p.txt", #{outt: "{dir}/o.txt"})"#,
        r#"unknown option "outt" for solve_file; known: threads, out, format, shard"#,
    ),
    // ----- files: reads -----
    (
        r#"solve_file("{dir}/missing.txt")"#,
        "solve_file: {dir}/missing.txt: cannot read the file: No such file or directory (os error 2)",
    ),
    (
        r#"solve_file("{dir}/sub")"#,
        "solve_file: {dir}/sub: cannot read the file: it is a folder, not a file",
    ),
    (
        r#"read_puzzles("{dir}/missing.txt")"#,
        "read_puzzles: {dir}/missing.txt: cannot read the file: No such file or directory (os error 2)",
    ),
    (
        r#"read_dimacs("{dir}/missing.cnf")"#,
        "read_dimacs: {dir}/missing.cnf: No such file or directory (os error 2)",
    ),
    (
        r#"read_dimacs("{dir}/p.txt")"#,
        "read_dimacs: {dir}/p.txt:1:1: no `p cnf V C` header before the clauses",
    ),
    (
        r#"read_answer("{dir}/keep.txt")"#,
        "read_answer: {dir}/keep.txt:1:1: no solver status: expected an `s SATISFIABLE` line or minisat's SAT/UNSAT",
    ),
    (
        r#"named_puzzles("{dir}/keep.txt")"#,
        "named_puzzles: {dir}/keep.txt:1:1: bad character 'p': a cell is a digit 1-9, or one of . 0 - _ * when empty",
    ),
    (
        r#"similar_report(["{dir}/missing.txt"])"#,
        "similar_report: {dir}/missing.txt: cannot read the file: No such file or directory (os error 2)",
    ),
    (
        r#"canon_groups("{dir}/missing.txt")"#,
        "canon_groups: {dir}/missing.txt: cannot read the file: No such file or directory (os error 2)",
    ),
    // ----- external solvers: never without permission -----
    (
        r#"sat_solve(ym, #{solver: "sh -c 'echo s SATISFIABLE'"})"#,
        "sat_solve: running an installed program is not allowed: start puzzlelab with --allow-exec to let scripts run external solvers (labs never run them)",
    ),
    (
        r#"sat_solve(ym, #{solver: "picosat"})"#,
        "sat_solve: running an installed program is not allowed: start puzzlelab with --allow-exec to let scripts run external solvers (labs never run them)",
    ),
    (
        r#"sat_solve(sudoku_board(ym), #{solver: "cadical"})"#,
        "sat_solve: running an installed program is not allowed: start puzzlelab with --allow-exec to let scripts run external solvers (labs never run them)",
    ),
    (
        r#"sat_solve(ym, #{solver: 5})"#,
        "sat_solve: running an installed program is not allowed: start puzzlelab with --allow-exec to let scripts run external solvers (labs never run them)",
    ),
    (
        r#"sat_solve(ym, #{solvr: "picosat"})"#,
        r#"unknown option "solvr" for sat_solve; known: solver"#,
    ),
    // ----- grids and boards -----
    (r#"grid("")"#, "grid: too few cells: a grid has 81, found 0"),
    (
        r#"grid("12x")"#,
        "grid: bad character 'x' at line 1, column 3 (cell 3): a cell is a digit 1-9, or '.' or '0' when empty",
    ),
    (
        r#"let t = ""; for i in 0..82 { t += "1"; } grid(t)"#,
        "grid: too many cells: a grid has 81, and the 82nd starts at line 1, column 82",
    ),
    (
        r#"ym[81]"#,
        "cell index 81 is out of range: cells are numbered 0 to 80, row by row",
    ),
    (
        r#"ym[-1]"#,
        "cell index -1 is out of range: cells are numbered 0 to 80, row by row",
    ),
    (
        r#"box_of(ym, 81)"#,
        "box_of: cell index 81 is out of range: cells are numbered 0 to 80, row by row",
    ),
    (
        r#"ym.box_of(0, 10)"#,
        "box_of: row 0, column 10 is outside the grid: rows and columns run from 1 to 9",
    ),
    (
        r#"let g = ym; g[0] = 10; g"#,
        "cell value 10 is out of range: a cell holds 0 (empty) to 9",
    ),
    (
        r#"sudoku_board("1..4 .4..")"#,
        "sudoku_board: found 8 cells: a board has 16 (4×4), 81 (9×9), 256 (16×16) or 625 (25×25)",
    ),
    (
        r#"sudoku_board("xxxxxxxxxxxxxxxx")"#,
        "sudoku_board: 1:1: 'x' stands for value 33, too large for a 4×4 board (1 to 4)",
    ),
    (
        r#"pattern_board(9)"#,
        "pattern_board: box side 9 is not supported: use 2 to 5",
    ),
    (
        r#"pattern_board(-3)"#,
        "pattern_board: box side -3 is not supported: use 2 to 5",
    ),
    (
        r#"keep_every(pattern_board(3), 0)"#,
        "keep_every: step 0 must be 1 or more",
    ),
    (
        r#"to_grid(pattern_board(2))"#,
        "to_grid: the board is 4×4; a grid is 9×9",
    ),
    (
        r#"cand(ym, 10, 1)"#,
        "cand: row 10, column 1 is outside the grid: rows and columns run from 1 to 9",
    ),
    (
        r#"cand(ym, 0, 0)"#,
        "cand: row 0, column 0 is outside the grid: rows and columns run from 1 to 9",
    ),
    (
        r#"count_solutions(ym, -1)"#,
        "count_solutions: limit -1 is too small: count up to 1 or more",
    ),
    // Sudoku-variant pictures: the cell or cage at fault is named.
    (
        "svg(ym, #{regions: [0, 1]})",
        "svg: regions has 2 entries: give one region id per cell, 81 in row order",
    ),
    (
        "svg(ym, #{cages: [#{cells: [0, 1], sum: 3}, #{cells: [1, 2], sum: 4}]})",
        "svg: cages[0] and cages[1] both hold r1c2: cages do not overlap",
    ),
    (
        "svg(ym, #{cages: [#{cells: [0, 1], sum: 2}]})",
        "svg: cages[0] has sum 2, but 2 different digits add up to 3 to 17",
    ),
    (
        "svg(ym, #{cages: [#{cells: [0, 10], sum: 5}]})",
        "svg: cages[0] is in two parts: no path of its cells joins r1c1 and r2c2",
    ),
    (
        "svg(ym, #{circles: [3, 99]})",
        "svg: circles[1] is 99: cells are numbered 0 to 80, row by row",
    ),
    // ----- DIMACS and answers -----
    (
        r#"parse_dimacs("")"#,
        "parse_dimacs: 1:1: no `p cnf V C` header before the clauses",
    ),
    (
        r#"parse_dimacs("p cnf 2 1\n1 3 0\n")"#,
        "parse_dimacs: 2:3: literal 3 is beyond the header's 2 variables",
    ),
    (
        r#"parse_dimacs("p cnf 2 2\n1 2 0\n")"#,
        "parse_dimacs: 2:6: the header promises 2 clauses, the text ends after 1",
    ),
    (
        r#"parse_dimacs("p cnf 2 1\n1 x 0\n")"#,
        r#"parse_dimacs: 2:3: "x" is not a literal (a nonzero number, 0 ends a clause)"#,
    ),
    (
        r#"parse_dimacs("p cnf 99999999999 1\n1 0\n")"#,
        "parse_dimacs: 1:7: bad header: too many variables; expected `p cnf V C`",
    ),
    (
        "cnf_from([[1], [2, 0]])",
        "cnf_from: clauses[1][1] is 0: 0 ends a clause in DIMACS, not in a clause array",
    ),
    (
        "cnf_from([[1, 2], [-7]], 5)",
        "cnf_from: clauses[1][0] is -7: variable 7 is past the last variable, 5",
    ),
    (
        "cnf_from([[1, true]])",
        "cnf_from: clauses[0][1] is a boolean, not an integer literal",
    ),
    (
        "at_most([1, 2, 1], 1)",
        "at_most: vars[2] is 1, as vars[0] is: list each literal once",
    ),
    (
        "at_least([1, 2], -1)",
        "at_least: k is -1: it must be 0 or more",
    ),
    (
        "count_models(cnf_from([[1]]), 0)",
        "count_models: limit is 0: it must be 1 or more (the most models to find)",
    ),
    (
        r#"parse_dimacs("1 2 0\n")"#,
        "parse_dimacs: 1:1: no `p cnf V C` header before the clauses",
    ),
    (
        r#"parse_answer("")"#,
        "parse_answer: 1:1: no solver status: expected an `s SATISFIABLE` line or minisat's SAT/UNSAT",
    ),
    (
        r#"parse_answer("s SATISFIABLE\nv 1 2 x 0\n")"#,
        r#"parse_answer: 2:7: "x" is not a literal (a nonzero number, 0 ends a clause)"#,
    ),
    (
        r#"parse_answer("s SATISFIABLE\nv 1 2 0\n")"#,
        "parse_answer: a model over 2 variables is no Sudoku: boards use 64, 729, 4096 or 15625",
    ),
    (
        r#"decode([1, "a"])"#,
        "decode: item 2 of the model is a string (\"a\"), not a number",
    ),
    (
        r#"decode([99999999999])"#,
        "decode: item 1 of the model, literal 99999999999, is too large",
    ),
    (
        r#"family_lines("diagonal")"#,
        r#"unknown family "diagonal": use "row", "column", "cell" or "block""#,
    ),
    (
        r#"var_number(0, 1, 1)"#,
        "var_number: digit 0 is out of range 1..9",
    ),
    // ----- similarity -----
    (
        r#"count_solutions(ym, 0)"#,
        "count_solutions: limit 0 is too small: count up to 1 or more",
    ),
    (
        r#"similar_report([ym])"#,
        r#"item 0: a grid without a name: expected #{name: "..", grid: g} or ["name", g] (or an array of file names)"#,
    ),
    (
        r#"similar_report([#{name: "a"}])"#,
        r#"item 0: no grid: expected #{name: "..", grid: g} or ["name", g] (or an array of file names)"#,
    ),
    (
        r#"similar_report([["a"]])"#,
        r#"item 0: an array that is not [name, grid]: expected #{name: "..", grid: g} or ["name", g] (or an array of file names)"#,
    ),
    (
        r#"similar_report([["a", ym]], #{lang: "fr"})"#,
        r#"similar_report: lang "fr" is unknown: use "en" or "ja""#,
    ),
    (
        r#"similar_report([["a", ym]], #{details: 1})"#,
        "similar_report: option details must be true or false, not 1",
    ),
    (
        r#"similar_report([["a", ym]], #{colour: true})"#,
        r#"unknown option "colour" for similar_report; known: lang, details, limit"#,
    ),
    (
        r#"similar_report([["a", ym]], #{limit: -1})"#,
        "similar_report: option limit must be a whole number, 0 or more, not -1",
    ),
    (
        r#"similar_report([["a", ym]], #{limit: "x"})"#,
        "similar_report: option limit must be a whole number, 0 or more, not \"x\"",
    ),
    (
        r#"let a = []; for i in 0..20000 { a.push(["p" + i, ym]); } similar_report(a)"#,
        "similar_report: the report would judge 199990000 pairs of similar puzzles, more than the limit of 100000: raise it with #{limit: 199990000} or give fewer puzzles",
    ),
    (
        r#"let a = []; for i in 0..20 { a.push(["p" + i, ym]); } similar_report(a, #{limit: 10})"#,
        "similar_report: the report would judge 190 pairs of similar puzzles, more than the limit of 10: raise it with #{limit: 190} or give fewer puzzles",
    ),
    (
        r#"apply_transform(ym, #{rows: [1, 2]})"#,
        "apply_transform: rows has 2 entries, not 9",
    ),
    (
        r#"apply_transform(ym, #{digits: [1, 1, 1, 1, 1, 1, 1, 1, 1]})"#,
        "apply_transform: bad digit map: two digits go to 1: the map must be one-to-one",
    ),
    (
        r#"let g = ym; g[0] = 12; canon(g)"#,
        "cell value 12 is out of range: a cell holds 0 (empty) to 9",
    ),
    (
        r#"equivalent(ym, 5)"#,
        r#"equivalent takes (a Grid, a Grid), not (a Grid, an integer): grid("...") makes one"#,
    ),
    // ----- pentominoes and polyominoes -----
    (
        r#"piece("Q")"#,
        r#"piece: unknown piece "Q": the pieces are F I L N P T U V W X Y Z (one upper-case letter)"#,
    ),
    (
        r#"pen("")"#,
        r#"piece: unknown piece "": the pieces are F I L N P T U V W X Y Z (one upper-case letter)"#,
    ),
    (
        r#"shape("")"#,
        "shape: empty shape: mark at least one cell (any character but '.', '0' or a space)",
    ),
    (
        r#"shape("0 0\n0 0")"#,
        "shape: empty shape: mark at least one cell (any character but '.', '0' or a space)",
    ),
    (
        r#"sat_solve(ym, #{solver: ["picosat", 5]})"#,
        "sat_solve: running an installed program is not allowed: start puzzlelab with --allow-exec to let scripts run external solvers (labs never run them)",
    ),
    (
        r#"board(0, 5)"#,
        "board: a board of 0×5 is not possible: it needs 1 to 32 rows and 1 to 32 columns",
    ),
    (
        r#"board(5, 100000)"#,
        "board: a board of 5×100000 is not possible: it needs 1 to 32 rows and 1 to 32 columns",
    ),
    (
        r#"transform(piece("F"), 8)"#,
        "transform: k is 8; the transforms are 0 to 7",
    ),
    (r#"region("")"#, "region: the board has no cell to fill"),
    (
        r#"rect(0, 3)"#,
        "rect: a 0x3 rectangle is not a board: both sides must be 1 to 1024",
    ),
    (
        r#"rect(3, -1)"#,
        "rect: a 3x-1 rectangle is not a board: both sides must be 1 to 1024",
    ),
    (
        r#"count_polyomino(rect(3, 20), "QQ")"#,
        r#"count_polyomino: pieces: unknown piece "Q" at position 1 (pentomino letters are FILNPTUVWXYZ, O is the 2x2 square; one-sided mirrors F' L' ...; tetrominoes I4 O4 T4 S4 L4; hexominoes H01..H35; Soma pieces V3 L T Z A B P)"#,
    ),
    (
        r#"count_polyomino(rect(3, 20), [5])"#,
        r#"count_polyomino: piece 1 is a i64: use a name ("F", "H07"), a set name, a drawing ("XX./.XX") or a shape"#,
    ),
    (
        r#"count_polyomino(5, "F")"#,
        "count_polyomino: the board must be made by rect(h, w) or region(text), or be text; got i64",
    ),
    (
        r#"count_polyomino(rect(6, 10), "pentominoes", #{nope: 1})"#,
        r#"unknown option "nope" for count_polyomino; known: raw, one_sided, limit, copies, threads, random, seed, shard, out"#,
    ),
    (
        r#"frame(display(piece("F"), "F"), "fancy")"#,
        r#"frame: style "fancy" is unknown: use "ascii" or "unicode""#,
    ),
    (
        r#"pentomino("Q")"#,
        r#"pentomino: unknown piece "Q": the pieces are F I L N P T U V W X Y Z (one upper-case letter)"#,
    ),
    (
        r#"pentomino("V", #{colour: 3})"#,
        "pentomino: option colour must be true or false, not 3",
    ),
    // ----- exact cover and dlx input -----
    (
        r#"exact_cover(#{primary: ["a"], options: [["a"], ["b"]]})"#,
        r#"exact_cover: options[1]: unknown item "b""#,
    ),
    (
        r#"count_exact_cover([["a"], []])"#,
        "count_exact_cover: options[1]: the option is empty: it must name at least one item",
    ),
    (
        r#"exact_cover(#{primary: ["a"], secondary: ["a"], options: [["a"]]})"#,
        r#"exact_cover: item "a" is listed twice (as primary and as secondary)"#,
    ),
    (
        r#"exact_cover([["a:red"]])"#,
        r#"exact_cover: options[0]: primary item "a" has colour "red": only secondary items take colours"#,
    ),
    (
        r#"exact_cover([["a", "b", "a"]])"#,
        r#"exact_cover: options[0]: item "a" appears twice"#,
    ),
    (
        r#"exact_cover([["a", 5]])"#,
        "exact_cover: options[0][1] is a i64, not a name",
    ),
    (
        r#"exact_cover([["a"]], #{secondary: "x"})"#,
        "exact_cover: option secondary must be an array of names, not a string",
    ),
    (
        r#"count_exact_cover([["a"]], #{shard: "1/2", limit: 5})"#,
        "count_exact_cover: option limit cannot go with shard 1/2: the shards' counts would not add up to the whole count",
    ),
    (
        r#"parse_dlx("a b | x\na x\nb c\n")"#,
        r#"parse_dlx: <text>:3:3: unknown item "c""#,
    ),
    (
        r#"parse_dlx("a b | x | y\n")"#,
        "parse_dlx: <text>:1:9: the item line holds '|' twice",
    ),
    (
        r#"parse_dlx("| only a comment\n")"#,
        "parse_dlx: <text>:1:1: no items: the first line that is not a comment must list them",
    ),
    (
        r#"parse_dlx("a | x\na x:\n")"#,
        r#"parse_dlx: <text>:2:3: item "x:": the colour after ':' is empty"#,
    ),
    (
        r#"read_dlx("{dir}/sub")"#,
        "read_dlx: {dir}/sub: cannot read: it is a folder, not a file",
    ),
    (
        r#"write_dlx([["a"]], "{dir}/sub")"#,
        "write_dlx: {dir}/sub: is a folder, not a file",
    ),
    // ----- the language: limits instead of aborts -----
    (
        r#"let a = "xx"; a * 999999999999"#,
        "*: repeating 2 bytes 999999999999 times needs more memory than there is",
    ),
    (r#"fn f(n) { f(n + 1) } f(0)"#, "Stack overflow"),
    // Growing loops end at the memory budget, which only the binary counts:
    // see `trust_memory`.
];
