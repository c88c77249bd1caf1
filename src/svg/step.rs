//! One step of a human solving technique as a picture: the candidate grid
//! before the step, the pattern's cells on yellow, removed candidates in
//! red and struck through, placed digits as white on a green disc, and a
//! chain's links as arrows between candidates (solid for a strong link,
//! dashed for a weak one).
//!
//! Plain values only (cells 0..81, digits 1..9): the script layer turns a
//! step map into a [`StepPicture`].

use super::grid::{CANDIDATE_SIZE, GridPicture, baseline};
use super::{FONT, num, palette};

/// A link of a chain, drawn as an arrow from one candidate to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Arrow {
    /// The candidate it starts at: (cell 0..81, digit 1..9).
    pub from: (usize, u8),
    /// The candidate it points to.
    pub to: (usize, u8),
    /// Solid when strong, dashed when weak.
    pub strong: bool,
}

/// What a step picture shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StepPicture {
    /// The grid before the step: digits, candidates, and the step's cells
    /// as `highlight`.
    pub grid: GridPicture,
    /// Digits the step places, as (cell, digit).
    pub placed: Vec<(usize, u8)>,
    /// Candidates the step removes, as (cell, digit).
    pub removed: Vec<(usize, u8)>,
    /// The chain's links, in order.
    pub arrows: Vec<Arrow>,
    /// The step in words (the picture's title, for screen readers).
    pub text: String,
}

/// Radius of the disc behind a placed digit.
const DISC: f64 = 6.0;
/// How far an arrow stops short of the candidates it joins.
const GAP: f64 = 5.5;
/// Length and half-width of an arrowhead.
const HEAD: (f64, f64) = (6.0, 3.0);

impl StepPicture {
    /// The picture as SVG text.
    pub fn to_svg(&self) -> String {
        let mut marked = [0u16; 81];
        for &(c, d) in self.placed.iter().chain(&self.removed) {
            if c < 81 && (1..=9).contains(&d) {
                marked[c] |= 1 << (d - 1);
            }
        }
        let mut over = String::new();
        over.push_str(&format!(
            "<g font-family=\"{FONT}\" text-anchor=\"middle\" font-size=\"{}\" font-weight=\"bold\">\n",
            num(CANDIDATE_SIZE)
        ));
        for &(c, d) in self.placed.iter().filter(|&&(c, _)| c < 81) {
            let (x, y) = GridPicture::candidate_centre(c, d);
            over.push_str(&format!(
                "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{}\"/>\n<text x=\"{}\" y=\"{}\" fill=\"#ffffff\">{d}</text>\n",
                num(x),
                num(y),
                num(DISC),
                palette::PLACED,
                num(x),
                num(baseline(y, CANDIDATE_SIZE)),
            ));
        }
        for &(c, d) in self.removed.iter().filter(|&&(c, _)| c < 81) {
            let (x, y) = GridPicture::candidate_centre(c, d);
            let h = DISC - 1.0;
            over.push_str(&format!(
                "<text x=\"{}\" y=\"{}\" fill=\"{red}\">{d}</text>\n<path d=\"M{} {}L{} {}\" stroke=\"{red}\" stroke-width=\"1.5\"/>\n",
                num(x),
                num(baseline(y, CANDIDATE_SIZE)),
                num(x - h),
                num(y + h),
                num(x + h),
                num(y - h),
                red = palette::REMOVED,
            ));
        }
        over.push_str("</g>\n");
        for a in &self.arrows {
            over.push_str(&arrow(a));
        }
        self.grid.render(&self.title(), &marked, &over)
    }

    fn title(&self) -> String {
        let text = if self.text.is_empty() {
            "a solving step"
        } else {
            &self.text
        };
        // `open` escapes the title.
        format!("Sudoku step: {text}")
    }
}

/// An arrow between two candidates: a line that stops short of both, and
/// a filled head at its end.
fn arrow(a: &Arrow) -> String {
    let (x0, y0) = GridPicture::candidate_centre(a.from.0.min(80), a.from.1);
    let (x1, y1) = GridPicture::candidate_centre(a.to.0.min(80), a.to.1);
    let (dx, dy) = (x1 - x0, y1 - y0);
    let len = (dx * dx + dy * dy).sqrt();
    if len <= 2.0 * GAP {
        return String::new();
    }
    let (ux, uy) = (dx / len, dy / len);
    let (sx, sy) = (x0 + ux * GAP, y0 + uy * GAP);
    let (ex, ey) = (x1 - ux * GAP, y1 - uy * GAP);
    // The line ends where the head starts, so a dash never pokes through it.
    let (bx, by) = (ex - ux * HEAD.0, ey - uy * HEAD.0);
    let dash = if a.strong {
        ""
    } else {
        " stroke-dasharray=\"4 3\""
    };
    format!(
        "<path d=\"M{} {}L{} {}\" stroke=\"{c}\" stroke-width=\"1.5\" fill=\"none\"{dash}/>\n<path d=\"M{} {}L{} {}L{} {}Z\" fill=\"{c}\"/>\n",
        num(sx),
        num(sy),
        num(bx),
        num(by),
        num(ex),
        num(ey),
        num(bx - uy * HEAD.1),
        num(by + ux * HEAD.1),
        num(bx + uy * HEAD.1),
        num(by - ux * HEAD.1),
        c = palette::LINK,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn picture() -> StepPicture {
        let mut grid = GridPicture::new([0; 81]);
        grid.candidates = Some([0x1ff; 81]);
        StepPicture {
            grid,
            placed: vec![(0, 5)],
            removed: vec![(1, 3)],
            arrows: vec![Arrow {
                from: (0, 5),
                to: (4, 5),
                strong: false,
            }],
            text: "a <test>".into(),
        }
    }

    #[test]
    fn marked_candidates_are_drawn_once_in_their_colour() {
        let svg = picture().to_svg();
        // 81 cells × 9 candidates, two of them drawn apart.
        assert_eq!(
            svg.matches(&format!("fill=\"{}\">", palette::CANDIDATE))
                .count(),
            81 * 9 - 2
        );
        assert!(svg.contains(&format!("fill=\"{}\">3</text>", palette::REMOVED)));
        assert!(svg.contains(&format!("r=\"6\" fill=\"{}\"", palette::PLACED)));
        assert!(svg.contains("stroke-dasharray"));
        assert!(svg.contains("<title>Sudoku step: a &lt;test&gt;</title>"));
    }

    #[test]
    fn a_strong_link_is_solid() {
        let mut p = picture();
        p.arrows[0].strong = true;
        assert!(!p.to_svg().contains("stroke-dasharray"));
    }
}
