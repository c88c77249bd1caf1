//! Fill colours for pieces and cells, chosen to stay apart for colour-blind
//! viewers and in greyscale print.
//!
//! The piece colours are Paul Tol's "light" scheme (eight colours; its pale
//! grey is left out because it reads as an empty cell) followed by four of
//! his "muted" scheme, all from <https://personal.sron.nl/~pault/>. Cell
//! highlights, filled digits and a step's marks use Okabe and Ito's
//! yellow, blue, vermillion and green.

/// Colours for pieces, in the order they are handed out.
pub const PIECES: [&str; 12] = [
    "#77AADD", // light blue
    "#EE8866", // orange
    "#EEDD88", // light yellow
    "#44BB99", // mint
    "#FFAABB", // pink
    "#BBCC33", // pear
    "#99DDFF", // light cyan
    "#AAAA00", // olive
    "#CC6677", // rose
    "#332288", // indigo
    "#117733", // green
    "#AA4499", // purple
];

/// Background of a highlighted cell (Okabe–Ito yellow).
pub const HIGHLIGHT: &str = "#F0E442";

/// Digits a solver or a person filled in (Okabe–Ito blue); givens are black.
pub const FILLED: &str = "#0072B2";

/// A candidate a step removes (Okabe–Ito vermillion), struck through.
pub const REMOVED: &str = "#D55E00";

/// The disc behind a digit a step places (Okabe–Ito bluish green).
pub const PLACED: &str = "#009E73";

/// The arrows of a chain's links (Tol's indigo).
pub const LINK: &str = "#332288";

/// The cells of a variant's extra units, such as X-Sudoku's diagonals
/// (Tol's pale grey: light enough that any digit reads on it).
pub const SHADE: &str = "#DDDDDD";

/// The circles a variant puts round cells (even/odd Sudoku).
pub const CIRCLE: &str = "#888888";

/// Candidates in small print.
pub const CANDIDATE: &str = "#555555";

/// Black or white, whichever reads better on `fill` (`#RRGGBB`).
pub fn ink_on(fill: &str) -> &'static str {
    let channel = |i: usize| {
        let v = u8::from_str_radix(fill.get(i..i + 2).unwrap_or("ff"), 16).unwrap_or(255);
        let c = v as f64 / 255.0;
        // sRGB to linear light, for WCAG's relative luminance.
        if c <= 0.04045 {
            c / 12.92
        } else {
            ((c + 0.055) / 1.055).powf(2.4)
        }
    };
    let luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
    // Contrast with black (L + 0.05) / 0.05 against white 1.05 / (L + 0.05):
    // black wins above L ≈ 0.179.
    if luminance > 0.179 {
        "#000000"
    } else {
        "#ffffff"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ink_contrasts_with_every_piece_colour() {
        assert_eq!(ink_on("#EEDD88"), "#000000");
        assert_eq!(ink_on("#332288"), "#ffffff");
        let mut seen = std::collections::HashSet::new();
        for c in PIECES {
            assert!(seen.insert(c), "{c} twice");
            ink_on(c);
        }
    }
}
