//! Pictures as SVG text: Sudoku grids (givens, filled digits, candidates,
//! highlighted cells, and what variants add: jigsaw regions, killer cages,
//! shaded diagonals, circled cells), the steps of human techniques (removed candidates
//! struck, placed digits, chains as arrows) and packings of pieces (each piece its own colour,
//! thick borders between pieces), one picture per layer for solids.
//!
//! Pure: plain values in, a `String` out; no Rhai, no files, no terminal.
//! Digits and letters are SVG `<text>` in a common sans-serif, so the
//! pictures stay sharp in a browser and in print.

pub mod grid;
pub mod packing;
pub mod palette;
pub mod step;
pub mod variant;

pub use grid::GridPicture;
pub use packing::{Layers, Square};
pub use step::{Arrow, StepPicture};
pub use variant::{Cage, CageSpec, Regions, Variant, VariantError};

/// Fonts tried in order; every system has the last.
const FONT: &str = "DejaVu Sans, Helvetica, Arial, sans-serif";

/// A number as SVG wants it: no trailing `.0`, at most two decimals.
fn num(x: f64) -> String {
    let s = format!("{:.2}", x);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" { "0".into() } else { s.into() }
}

/// The opening `<svg>` element with a white background (so a PNG or a
/// printout made from it is not transparent) and a title for screen readers.
fn open(out: &mut String, width: f64, height: f64, title: &str) {
    let (w, h) = (num(width), num(height));
    out.push_str(&format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" role=\"img\">\n"
    ));
    out.push_str(&format!("<title>{}</title>\n", escape(title)));
    out.push_str(&format!(
        "<rect width=\"{w}\" height=\"{h}\" fill=\"#ffffff\"/>\n"
    ));
}

/// Text made safe for an SVG element or attribute.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            // XML 1.0 allows no other control characters, not even as
            // references: one shows as the replacement character.
            c if c.is_control() && !matches!(c, '\t' | '\n' | '\r') => out.push('\u{FFFD}'),
            _ => out.push(ch),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_print_short() {
        assert_eq!(num(4.0), "4");
        assert_eq!(num(4.5), "4.5");
        assert_eq!(num(1.0 / 3.0), "0.33");
        assert_eq!(num(-0.001), "0");
    }

    #[test]
    fn text_is_escaped() {
        assert_eq!(escape("a<b & \"c\">"), "a&lt;b &amp; &quot;c&quot;&gt;");
    }
}
