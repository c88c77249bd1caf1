//! `svg(value, options)` through a session: the bytes pick a value (a
//! grid, a solved grid, candidates, a piece, a region, a packing, a
//! lettered board, values it cannot draw) and build an options map (known
//! and unknown keys, values of every kind, highlight arrays of any
//! numbers). Every call gives SVG text or an error that says what was
//! wrong; none panics.
#![no_main]

use std::cell::RefCell;
use std::rc::Rc;

use libfuzzer_sys::arbitrary::{Result, Unstructured};
use libfuzzer_sys::fuzz_target;
use puzzlelab::script::session::Session;
use puzzlelab_fuzz::FuzzHost;
use rhai::{Array, Dynamic, Map};

/// Values to draw, or to pass as option values.
const VALUES: &[&str] = &[
    "ym",
    "solve(ym)",
    "free(ym)",
    r#"piece("P")"#,
    r#"region("...../.#.#./.....")"#,
    r#"solve_polyomino(rect(3, 20), "pentominoes", #{limit: 1})[0]"#,
    r#"solve_polycube(cuboid(3, 3, 3), "soma", #{limit: 1})[0]"#,
    r#"rp(display(p_data("P")[0], "P"), display(shift(p_data("N")[0], 1, 0), "N"))"#,
    "grid(\"\")",
    "42",
    "\"text\"",
    "()",
];

const KEYS: &[&str] = &[
    "given",
    "candidates",
    "highlight",
    "letters",
    "regions",
    "cages",
    "diagonals",
    "circles",
    "colour",
    "",
];

struct Drawer {
    session: Session,
    host: Rc<FuzzHost>,
    values: Vec<Dynamic>,
}

thread_local! {
    static DRAWER: RefCell<Option<Drawer>> = const { RefCell::new(None) };
}

fn drawer() -> Drawer {
    let (mut session, host) = puzzlelab_fuzz::session_and_host(Vec::new());
    let values = VALUES
        .iter()
        .map(|code| {
            host.restart();
            // A value that cannot be made (a function renamed) is unit:
            // the target still runs, with one value fewer.
            session.eval(code).unwrap_or(Dynamic::UNIT)
        })
        .collect();
    Drawer {
        session,
        host,
        values,
    }
}

fn option_value(u: &mut Unstructured, values: &[Dynamic]) -> Result<Dynamic> {
    Ok(match u.int_in_range(0..=8)? {
        0 => Dynamic::from(u.arbitrary::<bool>()?),
        1 => Dynamic::from(u.arbitrary::<i64>()?),
        2 => Dynamic::from(u.arbitrary::<f64>()?),
        3 => Dynamic::from(u.arbitrary::<String>()?),
        4 => values[u.choose_index(values.len())?].clone(),
        5 => {
            let mut cells = Array::new();
            for _ in 0..u.int_in_range(0..=12)? {
                cells.push(match u.int_in_range(0..=3)? {
                    0 => Dynamic::from(u.arbitrary::<i64>()?),
                    1 => Dynamic::from(u.arbitrary::<String>()?),
                    2 => Dynamic::UNIT,
                    _ => Dynamic::from(i64::from(u.int_in_range(0..=80u8)?)),
                });
            }
            Dynamic::from(cells)
        }
        6 => {
            // Jigsaw regions: 81 ids, mostly in range, sometimes not.
            let mut ids = Array::new();
            for _ in 0..81 {
                ids.push(Dynamic::from(i64::from(u.int_in_range(0..=10u8)?)));
            }
            if u.ratio(1, 4)? {
                ids.truncate(u.int_in_range(0..=81)?);
            }
            Dynamic::from(ids)
        }
        7 => {
            // Killer cages: maps of cells and sums, any of them wrong.
            let mut cages = Array::new();
            for _ in 0..u.int_in_range(0..=6)? {
                let mut cage = Map::new();
                let mut cells = Array::new();
                let start = u.int_in_range(0..=80u8)?;
                for k in 0..u.int_in_range(0..=10u8)? {
                    let cell = if u.ratio(1, 8)? {
                        Dynamic::from(u.arbitrary::<i64>()?)
                    } else {
                        Dynamic::from(i64::from((start + k) % 81))
                    };
                    cells.push(cell);
                }
                cage.insert("cells".into(), Dynamic::from(cells));
                if !u.ratio(1, 8)? {
                    let sum = if u.ratio(1, 8)? {
                        option_value(u, values)?
                    } else {
                        Dynamic::from(i64::from(u.int_in_range(0..=50u8)?))
                    };
                    cage.insert("sum".into(), sum);
                }
                cages.push(Dynamic::from(cage));
            }
            Dynamic::from(cages)
        }
        _ => Dynamic::UNIT,
    })
}

fn draw(d: &mut Drawer, data: &[u8]) -> Result<()> {
    let mut u = Unstructured::new(data);
    let value = d.values[u.choose_index(d.values.len())?].clone();
    let mut options = Map::new();
    for _ in 0..u.int_in_range(0..=4)? {
        let key = match u.choose(KEYS)? {
            &"" => u.arbitrary::<String>()?,
            key => key.to_string(),
        };
        options.insert(key.into(), option_value(&mut u, &d.values)?);
    }
    let with_options = u.arbitrary::<bool>()?;
    d.host.restart();
    d.session.set_var("value", value);
    d.session.set_var("options", options);
    let code = if with_options {
        "svg(value, options)"
    } else {
        "svg(value)"
    };
    match d.session.eval(code) {
        Ok(svg) => {
            let svg = svg.into_string().expect("svg gives text");
            assert!(svg.trim_end().ends_with("</svg>"), "not SVG: {svg}");
        }
        Err(e) => {
            let message = e.message();
            assert!(
                message.contains("svg"),
                "the error does not name svg: {message}"
            );
        }
    }
    Ok(())
}

fuzz_target!(|data: &[u8]| {
    DRAWER.with(|cell| {
        let mut cell = cell.borrow_mut();
        let d = cell.get_or_insert_with(drawer);
        let _ = draw(d, data);
    });
});
