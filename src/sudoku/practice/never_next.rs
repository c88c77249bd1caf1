//! Techniques `techniques()` lists that are never SE's next step, with the
//! proof of each: practice refuses them at once rather than searching in
//! vain.
//!
//! SE's next step comes from the first finder of `SE_ORDER` that has a step
//! at all, so a technique is never next when, on every position where its
//! finder reports it, an earlier finder has a step. Every argument below is
//! about one digit `d`: its "places" are the cells still holding it as a
//! candidate. Positions are on SE's path of a puzzle with a solution, and
//! SE's steps are sound, so every region holds `d`'s solution cell as a
//! place or as a placed `d` (which has no place left among its peers).
//! "Sees" is sharing a row, column or block. A Pointing or a Claiming
//! below is from a region with two places or more; with one, that place
//! is a Hidden Single (1.2), earlier still.
//!
//! Three facts are used more than once:
//!
//! - **Lemma A.** A place `x` that sees both places `b`, `c` of a region
//!   `R` holding exactly those two (`x` not in `R`) is removed by a
//!   Pointing or a Claiming (2.6-2.8). `R` a line: `x` sees `b` and `c`
//!   through blocks or cross lines, not two cross lines (`x` is on one
//!   only), so through a block, say `b`'s; `c`'s block or cross line holds
//!   `x` too, so `c` lies in the same stack or band as that block, and on
//!   `R`, in the block. So `R`'s places lie in one block holding `x`:
//!   Claiming. `R` a block: `x`, outside it, sees `b` and `c` through
//!   lines, not a row and a column (they would cross inside the block), so
//!   through one line holding both: Pointing.
//! - **Lemma B.** A place `x` with two regions `R1`, `R2` holding `d`
//!   exactly twice, at `x, y` and `x, z` (`y` ≠ `z`), where `y` sees `z`,
//!   gives a Claiming. Two lines (its row and column): `y` sees `z` through
//!   no line (a line through both would be `x`'s row or column, holding a
//!   third place), so through a block, which meets `x`'s row and column, so
//!   is `x`'s block; the row's places lie in that block and the Claiming
//!   removes `z`. A block and a line `L`: `y` is off `L` and `z` outside
//!   the block; a block through both would be `x`'s, a line through both is
//!   not `L` and then misses the block (a row through `y` is not `L`'s row,
//!   a column through `z` is outside the block's stack when `L` is a row;
//!   the same crossed): no such `y`, `z`. Two blocks would be one.
//! - **Plain links.** SE's turbot finder (the "Turbot Fish" finder,
//!   4.0-4.3, before the forcing chains) reads a plain strong link in a
//!   region with exactly two places, unless it is a block with both on one
//!   line `L`; then either `L` has another place (Pointing) or `L` holds
//!   the same two and is a plain link itself. So below, any region with two
//!   places is taken as a plain link of the turbot finder, or a Pointing
//!   exists. The finder joins every pair of plain links on disjoint places,
//!   every way round; a step is reported when it removes something
//!   (`turbot.rs`).
//!
//! **Direct Claiming** (1.9). Digit `d` of line `r` lies in block `B`, and
//! the removal from `B` leaves `d` one place `x` in a parallel line `r'` of
//! the band, in block `B'`. The third block `B''` of the band holds `d`
//! only on the third line `r''` (`r` has it only in `B`, `r'` only in `B`
//! and at `x`), so `B''` points along `r''`, and that removal leaves `d`
//! only at `x` in `B'`: a Hidden Single (1.2) or a Direct Pointing (1.7) is
//! always there before the Direct Claiming.
//!
//! **(2 Strong Links) X-Loop** (4.0-4.1). Plain links in `A` (places `a1`,
//! `a2`) and `B` (`b1`, `b2`), `a1` seeing `b1` in a region `C`, `a2`
//! seeing `b2` in `D`; the loop removes the other places of `C` and `D`
//! outside `A` and `B` (of every region the pair shares). Case by case,
//! whenever that is not empty an earlier step exists:
//! - `A`, `B` rows (columns: the same crossed). `C` and `D` are columns or
//!   blocks. Two columns: `A` and `B` are an X-Wing, which removes exactly
//!   those places (3.2). A block, say `C` (so `A`, `B` in one band): the
//!   places of `A` and `B` would all lie in `C` if `D` met `C`, but a block
//!   holds `d` once in the solution and each row needs it, so `D`'s pair
//!   lies in a second block `F` of the band. The third block `G` holds `d`
//!   in the third row only (or placed there, clearing the row): if the
//!   third row has places in `C` or `F`, `G` points and removes them; else
//!   `C`'s and `F`'s places are the four loop cells, nothing is left to
//!   remove in `C`, and when `D` is a column `F` points along it and
//!   removes just what the loop removes from `D` (Pointing).
//! - `A` a row, `B` a column. `C` holds a cell of each and is neither (the
//!   only row through `a1` is `A`, the only column through `b1` is `B`, and
//!   their crossing cell is no place of either), so it is the block where
//!   the row meets the column's stack, and so is `D`: both links lie in
//!   that block, and the row's Claiming removes everything the loop does.
//! - `A` a block, `B` a row (column: crossed). `C` is not the row (it would
//!   put `a1` in `B`) nor a block (it would be `A`, holding `b1`), so `C`,
//!   `D` are the columns of `a1`, `a2`, in `A`'s stack; `b1`, `b2` lie in
//!   that stack's block `E` of `B`'s row, and the row's Claiming removes
//!   `E`'s other places. With none, the third column of the stack has no
//!   place in `A` or `E`, so its places lie in the third block `H` (or `d`
//!   is placed there, leaving `H` none) and its Claiming removes `H`'s
//!   places in the two loop columns: all the loop removes.
//! - `A`, `B` blocks. `C`, `D` are lines: a row and a column would put `A`
//!   and `B` in one band and one stack. Two rows (columns: crossed), not
//!   one (a block's two places on one line make no plain link), so `A`, `B`
//!   hold `d` in those two rows only; the third row's places lie in the
//!   band's third block `G`, and their Claiming removes `G`'s places in the
//!   two rows, which is all the loop removes (with no place in the third
//!   row, `d` is placed in it, in `G`, and `G` has none).
//!
//! **(2 Strong Links) Grouped X-Loop** (4.3). The same loop with one link
//! or both grouped (`turbot.rs`, `links/shapes.rs`): a grouped link's
//! region holds three or more places, split between two end groups, each
//! in one mini-line of the region (a line's places in two of its blocks; a
//! block's in two of its rows or columns, or in the row and column through
//! an empty rectangle's heart, which joins one group or both, place or
//! not). Every group holds a place, and a line's groups are exactly its
//! places in each of its two blocks. Links in `A` (groups `a1`, `a2`) and
//! `B` (`b1`, `b2`) with no place in common, `a1`, `b1` in one region and
//! `a2`, `b2` in one: the loop removes the places outside `A` and `B` that
//! see every cell of `a1` and `b1`, or of `a2` and `b2`. A cell seeing
//! every cell of a set within one region lies in a region holding the
//! whole set (the line through it if it spans two blocks, else its block
//! or a line through it), so the removals lie in the regions holding `a1`
//! and `b1` (`C` is one) or `a2` and `b2` (`D` is one), and the places of
//! `A` and of `B` all lie in `C` and `D`. Every case ends in a Pointing or
//! a Claiming (not always removing all the loop does), before the turbot
//! finder, so its order among its own steps does not matter:
//! - `A`, `B` rows (columns: crossed). `C`, `D` hold a cell of each row,
//!   so are columns or blocks; two columns leave each row two places (no
//!   grouped link), so one, say `C`, is a block of the rows' band. `A`'s
//!   and `B`'s places are not all in `C` (the solution has `d` once in a
//!   block, and each row needs it), so `D` is a second block `F` of the
//!   band, or a column through such an `F` (then `a2`, `b2` are single
//!   places). Either way `a2`, `b2` are all of `F`'s places in `A` and
//!   `B`, as `a1`, `b1` are of `C`'s. The third block `G` has none in `A`
//!   or `B`. If the third row has places in `C` or `F`, `G` has places (a
//!   `d` placed in `G` would clear one of the three rows), all on the
//!   third row, and its Pointing removes them. Else `C`'s and `F`'s places
//!   all lie in `A` and `B`: the loop removes none of them, and a column
//!   holding `a2`, `b2` (or `a1`, `b1`) holds all of `F`'s (`C`'s) places,
//!   whose Pointing removes what the loop removes from that column.
//! - `A` a row, `B` a column. A line holding a group of each is one of
//!   them and so holds a place of the other, at their crossing, a place of
//!   both; so `C`, `D` are blocks holding cells of both: the crossing's
//!   block. Each line's places then lie in one block: neither is grouped.
//! - `A` a block, `B` a row (column: crossed). A region holding a group of
//!   each is not `A` (`B`'s group is places of `B`) nor the row (`A`'s
//!   group holds a place of `A`), so `C`, `D` are two columns of `A`'s
//!   stack, each meeting the row once: `B` is plain, its two places in the
//!   stack's block `E` ≠ `A`, and from there the plain loop's proof holds
//!   word for word (the row's Claiming clears `E`, the third column's
//!   clears the third block of the stack).
//! - `A`, `B` blocks. A region holding a group of each is a line; a row
//!   and a column would put both blocks in one band and one stack, and a
//!   single line would hold all of `A`'s places (no link), so `C`, `D` are
//!   two rows (columns: crossed) of the blocks' band. `A`, `B` have no
//!   place in the third row, so its places lie in the band's third block
//!   `G`, and their Claiming removes `G`'s places in the two rows: all the
//!   loop removes (with no place in the third row, `d` is placed in it, in
//!   `G`, and `G` has none).
//!
//! **Turbot Fish** (6.6, SE's forcing X-chain of six nodes). SE's chain
//! search from a candidate `s` is breadth first and keeps only the first
//! chain to its opposite, so no four-node chain exists from `s` the same
//! way (a four-node chain `s` on, `a` off, `b` on, `s` off is `s` seeing
//! both places of `a`'s region: Lemma A; `s` off, `a` on, `b` off, `s` on
//! is Lemma B at `s`). Nodes alternate on and off, no candidate is on twice
//! or off twice, and `s` itself recurs only at the end (before, it would
//! close a shorter chain).
//! - `s` on, `a` off, `b` on, `c` off, `d` on, `s` off: `a`, `b` and `c`,
//!   `d` are the two places of regions `R1`, `R2`; `s` sees `a` and `d`,
//!   `b` sees `c`. If `a` = `d`, Lemma B at `a` (partners `b`, `c`).
//!   Otherwise `a`, `b`, `c`, `d` are four cells (the others differ by the
//!   rules above) and the turbot finder joins `R1`, `R2` at `b`, `c` and
//!   removes what sees both `a` and `d`, outside the region joining `b`,
//!   `c`, or all of it if the links close a loop: `s` is removed, for `s`
//!   does not see `b` (else `s` on, `b` off, `a` on, `s` off is shorter).
//! - `s` off, `a` on, `b` off, `c` on, `d` off, `s` on: `s`, `a`; `b`, `c`;
//!   `d`, `s` are the places of two-place regions, `a` sees `b`, `c` sees
//!   `d`. If `a` = `d`, `a` sees both places of `b`'s region: Lemma A.
//!   Otherwise the five cells differ, and the turbot finder joins the link
//!   of `s`, `a` with that of `b`, `c` at `a`, `b`, and removes what sees
//!   both `s` and `c` outside the region joining `a`, `b` (all of it if the
//!   links close a loop): that is `d`, which sees `s` and `c` and not `a`
//!   (else `s` off, `a` on, `d` off, `s` on is shorter).
//!
//! **Generalized X-Wing** (6.5 and up, SE's X-cycle on four cells). SE's
//! cycle is on and off nodes in turn from `s` on back to `s` on, each
//! candidate on at most once and off at most once along it. On four cells
//! with four links: `s` on, `a` off, `b` on, `c` off, where `a`, `b` and
//! `c`, `s` are two-place regions and `s` sees `a`, `b` sees `c`. It
//! removes what sees one of `s`, `b` and one of `a`, `c`: seeing both ends
//! of a two-place region is Lemma A; seeing `s` and `a` or `b` and `c` is
//! what the turbot finder's loop of the two links removes (it is the same
//! set: both regions' places are loop cells). Six links on four cells (`s`,
//! `n1` .. `n5`, on at `s`, `n2`, `n4`): two off nodes are also on nodes,
//! which can only be `n3` = `s` (Lemma A at `s`: `s` on, `n1` off, `n2` on,
//! `s` off) or `n1` = `n4` with `n5` = `n2` (Lemma B at `n1`, partners
//! `n2`, `n3`). Eight links on four cells: every cell is on once and off
//! once, `s` is off at `n3` (Lemma A) or `n5`, and then `n1` .. `n4`, on
//! three cells, have `n1` = `n4` (Lemma B). More links need five cells on.
pub const NEVER_NEXT: &[(&str, &str)] = &[
    (
        "Direct Claiming",
        "a Hidden Single or a Direct Pointing always comes before it (the band's third box points along the third line and leaves the same digit alone in its box); practice \"Direct Pointing\" or \"Claiming\"",
    ),
    (
        "(2 Strong Links) X-Loop",
        "a Pointing, a Claiming or an X-Wing always comes before it (the proof is in src/sudoku/practice/never_next.rs); practice \"Skyscraper\" or \"(3 Strong Links) X-Loop\"",
    ),
    (
        "(2 Strong Links) Grouped X-Loop",
        "a Hidden Single, a Pointing or a Claiming always comes before it (the proof is in src/sudoku/practice/never_next.rs); practice \"Grouped Skyscraper\" or \"(3 Strong Links) Grouped X-Loop\"",
    ),
    (
        "Turbot Fish",
        "its six-node X-chain is always a turbot fish of SE's 4.0-4.3 finder, or a Pointing or Claiming comes first (proof in src/sudoku/practice/never_next.rs); practice \"Skyscraper\" or \"2-String Kite\"",
    ),
    (
        "Generalized X-Wing",
        "its four-cell X-cycle always removes what a (2 Strong Links) X-Loop, a Pointing or a Claiming removes first (proof in src/sudoku/practice/never_next.rs); practice \"X-Wing\"",
    ),
];
