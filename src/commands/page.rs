//! Long answers a screenful at a time: the first part shown, ending with a
//! line that says how much is left, the rest kept for `:more`.

/// Split a value's text after a screenful (`rows` lines less two, and at
/// most 80 characters a line's worth): the part to show, ending with a line
/// that says how much was left out, and the rest for `:more`.
pub fn page(text: &str, rows: usize) -> (String, Option<String>) {
    let keep = rows.saturating_sub(3).max(5);
    let limit = keep * 80;
    let mut end = 0;
    for (n, line) in text.split_inclusive('\n').enumerate() {
        if n == keep || end + line.len() > limit {
            break;
        }
        end += line.len();
    }
    if end == 0 {
        // One line longer than a screen: cut it at a character boundary.
        end = text
            .char_indices()
            .nth(limit)
            .map_or(text.len(), |(i, _)| i);
    }
    if end >= text.len() {
        return (text.to_string(), None);
    }
    // Text in blocks apart by empty lines (`see` of a long list: rows of
    // grids) is cut between two blocks when one ends in the screen's
    // second half; the empty line goes.
    let mut next = end;
    if let Some(gap) = text[..end].rfind("\n\n")
        && text[..gap].lines().count() >= keep / 2
    {
        end = gap + 1;
        next = gap + 2;
    }
    let rest = &text[next..];
    let lines = rest.lines().count();
    let note = format!(
        "... {lines} more line{} ({} characters) not shown: :more shows the next screenful, print(...) all of it",
        if lines == 1 { "" } else { "s" },
        rest.chars().count()
    );
    let mut head = text[..end].to_string();
    if !head.ends_with('\n') {
        head.push('\n');
    }
    head.push_str(&note);
    (head, Some(rest.to_string()))
}

#[cfg(test)]
mod tests {
    use super::page;

    #[test]
    fn long_values_stop_after_a_screenful_and_say_what_is_left() {
        let text: String = (1..=100).map(|i| format!("line {i}\n")).collect();
        let (head, rest) = page(&text, 24);
        assert_eq!(head.lines().count(), 22);
        assert!(head.starts_with("line 1\n"));
        assert!(head.ends_with(
            "... 79 more lines (633 characters) not shown: :more shows the next screenful, print(...) all of it"
        ), "{head}");
        let rest = rest.unwrap();
        assert!(rest.starts_with("line 22\n"));
        let (short, none) = page("a\nb\n", 24);
        assert_eq!((short.as_str(), none), ("a\nb\n", None));
        // One huge line is cut too.
        let (head, rest) = page(&"x".repeat(10_000), 24);
        assert!(head.len() < 2000 && rest.is_some());
    }

    #[test]
    fn blocks_apart_by_empty_lines_are_cut_between_blocks() {
        let block =
            |b: usize| -> String { (1..=15).map(|i| format!("block {b} line {i}\n")).collect() };
        let text = [block(1), block(2), block(3)].join("\n");
        let (head, rest) = page(&text, 24);
        assert!(head.starts_with(&block(1)), "{head}");
        assert!(
            head.ends_with("block 1 line 15\n... 31 more lines (463 characters) not shown: :more shows the next screenful, print(...) all of it"),
            "{head}"
        );
        assert!(rest.unwrap().starts_with("block 2 line 1\n"));
    }
}
