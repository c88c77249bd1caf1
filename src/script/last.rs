//! `_`, the last value the REPL showed.
//!
//! Rhai reads a lone `_` as a symbol (a `switch` statement's default case)
//! and refuses it as a variable name. The session's engine maps the token:
//! as Rhai's own tokenizer hands each token to the parser, a `_` that does
//! not start a `switch` case becomes the identifier `_`, so `assign(_)`,
//! `_ + 1` and `let g = _;` read the variable [`NAME`] (which the REPL sets
//! after showing a value). Strings and comments are never touched: the
//! tokenizer has already told them apart. Positions in error messages stay
//! those of the text as typed.

use std::cell::RefCell;
use std::rc::Rc;

use rhai::{Engine, Position, Token};

/// The variable the REPL keeps the last shown value in.
pub const NAME: &str = "_";

/// What encloses the current token.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Frame {
    /// `(`, `[`, `{` (also of a `${` inside a string) or `#{`.
    Other,
    /// The `{ ... }` holding a `switch` statement's cases.
    Cases,
}

/// Where the tokenizer is, as far as `_` cares.
#[derive(Default)]
struct State {
    frames: Vec<Frame>,
    /// After `switch`: the nesting depth whose next `{` opens the cases.
    switch_at: Option<usize>,
    /// The token before, if it matters: `{`, `}` or `,`.
    after_separator: bool,
    /// Position of the token before (a smaller one starts a new input).
    last: Option<(usize, usize)>,
}

impl State {
    /// True when a `_` here is the `_ =>` of a switch statement.
    fn is_default_case(&self) -> bool {
        self.frames.last() == Some(&Frame::Cases) && self.after_separator
    }

    fn see(&mut self, token: &Token, pos: Position) {
        // (A string's empty tail after its last `${...}` has no position.)
        if let (Some(line), Some(col)) = (pos.line(), pos.position()) {
            if self.last.is_some_and(|last| (line, col) <= last) {
                // Rhai starts a new input (another chunk, a completeness check).
                *self = State::default();
            }
            self.last = Some((line, col));
        }
        match token {
            Token::Switch => self.switch_at = Some(self.frames.len()),
            Token::LeftBrace if self.switch_at == Some(self.frames.len()) => {
                self.switch_at = None;
                self.frames.push(Frame::Cases);
            }
            // A string's `${` comes as its text, then `{`.
            Token::LeftBrace | Token::LeftParen | Token::LeftBracket | Token::MapStart => {
                self.frames.push(Frame::Other)
            }
            Token::RightBrace | Token::RightParen | Token::RightBracket => {
                self.frames.pop();
            }
            _ => {}
        }
        self.after_separator = matches!(token, Token::LeftBrace | Token::RightBrace | Token::Comma);
    }
}

/// Let code written for `engine` use `_` as a variable name.
#[allow(deprecated)] // on_parse_token: stable in use, marked volatile
pub fn install(engine: &mut Engine) {
    let state = Rc::new(RefCell::new(State::default()));
    engine.on_parse_token(move |token, pos, _| {
        let mut state = state.borrow_mut();
        let token = match token {
            Token::Underscore if !state.is_default_case() => {
                Token::Identifier(Box::new(NAME.into()))
            }
            other => other,
        };
        state.see(&token, pos);
        token
    });
}

#[cfg(test)]
mod tests {
    use rhai::{Dynamic, Scope};

    use super::*;

    fn eval(code: &str) -> String {
        let mut engine = Engine::new();
        install(&mut engine);
        let mut scope = Scope::new();
        scope.push(NAME, 41_i64);
        match engine.eval_with_scope::<Dynamic>(&mut scope, code) {
            Ok(v) => v.to_string(),
            Err(e) => format!("error: {e}"),
        }
    }

    #[test]
    fn underscore_is_the_variable_outside_switch_cases_strings_and_comments() {
        assert_eq!(eval("switch 82 { 82 => `${_} a ${_}`, _ => 0 }"), "41 a 41");
        assert_eq!(eval("_ + 1"), "42");
        assert_eq!(eval("let g = _; g * 2"), "82");
        assert_eq!(eval("[1, _][1]"), "41");
        assert_eq!(eval("`a ${_} b`"), "a 41 b");
        assert_eq!(eval("\"_\" + '_' // _"), "__");
        assert_eq!(eval("/* _ */ _"), "41");
        assert_eq!(eval("switch 3 { 1 => _, _ => 9 }"), "9");
        assert_eq!(eval("switch 1 { 1 => _, _ => 9 }"), "41");
        assert_eq!(eval("switch _ { 41 => { _ } _ => 0 }"), "41");
        assert_eq!(
            eval("switch #{a: 2}.a { 1 => 1, 2 => [_, 0][0], _ => 0 }"),
            "41"
        );
        assert_eq!(eval("let f = |x| x + _; f.call(1)"), "42");
        assert_eq!(eval("1_000 + _"), "1041");
    }
}
