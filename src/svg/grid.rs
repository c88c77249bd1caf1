//! A Sudoku grid as SVG: givens in bold black, filled digits in regular
//! blue, candidates of empty cells in small grey print (digit d in the d-th
//! place of a 3×3 keypad), highlighted cells on yellow, box lines thick
//! (for a jigsaw, the borders of its regions instead), and what a
//! `Variant` adds.

use super::variant::Variant;
use super::{FONT, num, open, palette};

/// Side of a cell in SVG units (pixels when shown at 100%).
pub const CELL: f64 = 40.0;
/// Space round the grid, enough for half the thick outer line.
pub const MARGIN: f64 = 4.0;
/// Width of the box lines and the border.
const THICK: f64 = 3.0;
/// Width of the lines between cells.
const THIN: f64 = 1.0;
const DIGIT_SIZE: f64 = 26.0;
pub(super) const CANDIDATE_SIZE: f64 = 11.0;

/// What a grid picture shows. Cells are numbered 0..81 row by row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GridPicture {
    /// The digit of each cell, 0 for empty (above 9 draws `*`, as `see` does).
    pub digits: [u8; 81],
    /// Cells whose digit is a given (bold); other digits are filled ones.
    pub given: [bool; 81],
    /// Candidate masks (bit d-1 for digit d), drawn in empty cells only.
    pub candidates: Option<[u16; 81]>,
    /// Cells drawn on a highlight colour.
    pub highlight: [bool; 81],
    /// Regions, cages, diagonals and circles of a Sudoku variant.
    pub variant: Variant,
}

impl GridPicture {
    /// A grid whose every digit is a given.
    pub fn new(digits: [u8; 81]) -> GridPicture {
        GridPicture {
            digits,
            given: digits.map(|d| d != 0),
            candidates: None,
            highlight: [false; 81],
            variant: Variant::default(),
        }
    }

    /// The picture's width and height.
    pub fn size() -> f64 {
        9.0 * CELL + 2.0 * MARGIN
    }

    /// Where the top-left corner of cell `i` lies.
    pub fn corner(i: usize) -> (f64, f64) {
        (
            MARGIN + (i % 9) as f64 * CELL,
            MARGIN + (i / 9) as f64 * CELL,
        )
    }

    /// Where the centre of candidate `digit` of cell `i` lies (digit d in
    /// the d-th place of a 3×3 keypad).
    pub fn candidate_centre(i: usize, digit: u8) -> (f64, f64) {
        let (x, y) = Self::corner(i);
        let k = f64::from(digit.clamp(1, 9) - 1);
        (
            x + CELL / 6.0 + (k % 3.0) * CELL / 3.0,
            y + CELL / 6.0 + (k / 3.0).floor() * CELL / 3.0,
        )
    }

    /// The picture as SVG text.
    pub fn to_svg(&self) -> String {
        let filled = self.digits.iter().filter(|&&d| d != 0).count();
        self.render(
            &format!(
                "Sudoku grid, {filled} of 81 cells filled{}",
                self.variant.describe()
            ),
            &[0; 81],
            "",
        )
    }

    /// The picture with candidates `marked` left out of the small print
    /// (another layer draws them) and `over` drawn on top of everything.
    pub(super) fn render(&self, title: &str, marked: &[u16; 81], over: &str) -> String {
        let side = Self::size();
        let mut out = String::new();
        open(&mut out, side, side, title);
        out.push_str(&self.variant.shading());
        for i in (0..81).filter(|&i| self.highlight[i]) {
            let (x, y) = Self::corner(i);
            out.push_str(&format!(
                "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"{}\"/>\n",
                num(x),
                num(y),
                num(CELL),
                num(CELL),
                palette::HIGHLIGHT
            ));
        }
        out.push_str(&self.variant.circles());
        out.push_str(&self.lines());
        out.push_str(&self.variant.cage_marks());
        out.push_str(&format!(
            "<g font-family=\"{FONT}\" text-anchor=\"middle\">\n"
        ));
        for i in 0..81 {
            let (x, y) = Self::corner(i);
            let d = self.digits[i];
            if d != 0 {
                let text = if d <= 9 { char::from(b'0' + d) } else { '*' };
                let (weight, fill) = if self.given[i] {
                    ("bold", "#000000")
                } else {
                    ("normal", palette::FILLED)
                };
                out.push_str(&format!(
                    "<text x=\"{}\" y=\"{}\" font-size=\"{}\" font-weight=\"{weight}\" fill=\"{fill}\">{text}</text>\n",
                    num(x + CELL / 2.0),
                    num(baseline(y + CELL / 2.0, DIGIT_SIZE)),
                    num(DIGIT_SIZE),
                ));
            } else if let Some(masks) = &self.candidates {
                for digit in 1..=9u8 {
                    if (masks[i] & !marked[i]) & (1 << (digit - 1)) == 0 {
                        continue;
                    }
                    let (cx, cy) = Self::candidate_centre(i, digit);
                    out.push_str(&format!(
                        "<text x=\"{}\" y=\"{}\" font-size=\"{}\" fill=\"{}\">{digit}</text>\n",
                        num(cx),
                        num(baseline(cy, CANDIDATE_SIZE)),
                        num(CANDIDATE_SIZE),
                        palette::CANDIDATE
                    ));
                }
            }
        }
        out.push_str("</g>\n");
        out.push_str(over);
        out.push_str("</svg>\n");
        out
    }

    /// The thin cell lines, then the thick box lines (or region borders)
    /// and the border over them.
    fn lines(&self) -> String {
        let jigsaw = self.variant.has_regions();
        let span = 9.0 * CELL;
        let mut thin = String::new();
        let mut thick = String::new();
        for k in 0..=9 {
            let at = MARGIN + k as f64 * CELL;
            let heavy = if jigsaw { k % 9 == 0 } else { k % 3 == 0 };
            let d = if heavy { &mut thick } else { &mut thin };
            d.push_str(&format!(
                "M{} {}v{}M{} {}h{}",
                num(at),
                num(MARGIN),
                num(span),
                num(MARGIN),
                num(at),
                num(span)
            ));
        }
        format!(
            "<path d=\"{thin}\" stroke=\"#888888\" stroke-width=\"{}\" fill=\"none\"/>\n\
             <path d=\"{thick}\" stroke=\"#000000\" stroke-width=\"{}\" stroke-linecap=\"square\" fill=\"none\"/>\n{}",
            num(THIN),
            num(THICK),
            self.variant.region_lines(THICK)
        )
    }
}

/// The baseline that centres a digit of `size` vertically on `middle`
/// (digits rise about 0.72 em above the baseline in common fonts).
pub(super) fn baseline(middle: f64, size: f64) -> f64 {
    middle + 0.36 * size
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn givens_and_filled_digits_differ_in_weight_and_colour() {
        let mut p = GridPicture::new([0; 81]);
        p.digits[0] = 5;
        p.given[0] = true;
        p.digits[1] = 3;
        let svg = p.to_svg();
        assert!(
            svg.contains("font-weight=\"bold\" fill=\"#000000\">5</text>"),
            "{svg}"
        );
        assert!(
            svg.contains("font-weight=\"normal\" fill=\"#0072B2\">3</text>"),
            "{svg}"
        );
    }

    #[test]
    fn regions_take_the_place_of_the_box_lines() {
        let mut p = GridPicture::new([0; 81]);
        // Each row its own region: 8 borders of 9 cell edges, all across.
        let rows: Vec<i64> = (0..81).map(|i| i / 9).collect();
        p.variant.regions = Some(crate::svg::Regions::new(&rows).unwrap());
        let svg = p.to_svg();
        let path = |class: &str| {
            let at = svg.find(&format!("class=\"{class}\" d=\"")).unwrap();
            let d = &svg[at + class.len() + 12..];
            d[..d.find('"').unwrap()].to_string()
        };
        let borders = path("regions");
        assert_eq!(borders.matches("h40").count(), 72, "{borders}");
        assert_eq!(borders.matches('v').count(), 0, "{borders}");
        // The thick lines are the outer border alone: two each way.
        let thick = svg
            .lines()
            .find(|l| l.starts_with("<path d=") && l.contains("stroke-width=\"3\""))
            .unwrap();
        assert_eq!(thick.matches('M').count(), 4, "{thick}");
        assert!(svg.contains("<title>Sudoku grid, 0 of 81 cells filled, 9 regions</title>"));
    }

    #[test]
    fn candidates_show_only_in_empty_cells() {
        let mut p = GridPicture::new([0; 81]);
        p.digits[0] = 1;
        p.given[0] = true;
        p.candidates = Some([0b1_0000_0001; 81]);
        let svg = p.to_svg();
        // Digits 1 and 9 in 80 empty cells.
        assert_eq!(svg.matches("font-size=\"11\"").count(), 160);
    }
}
