//! The printed outputs of Nishikawa's J pentomino program (Nishikawa's pentomino program), for every
//! test that checks one of them.

/// The article's finished 6×10 board, framed (ASCII style).
pub const FINISHED_BOARD: &str = "\
+-----------+---+---+-----------+-------+
| V   V   V | Z | N | U   U   U | L   L |
|   +-------+   |   |   +---+   |   +---+
| V | Z   Z   Z | N | U | X | U | L | I |
|   |   +---+---+   +---+   +---+   |   |
| V | Z | T | N   N | X   X   X | L | I |
+---+---+   |   +---+---+   +---+   |   |
| T   T   T | N | W   W | X | F | L | I |
+-------+   +---+   +---+---+   +---+   |
| P   P | T | W   W | Y | F   F   F | I |
|       +---+   +---+   +-------+   |   |
| P   P   P | W | Y   Y   Y   Y | F | I |
+-----------+---+---------------+---+---+";
