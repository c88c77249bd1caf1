//! puzzlelab: the command line. See README.md.

fn main() {
    let engine = puzzlelab::script::new_engine(&puzzlelab::script::Limits::default());
    let mut scope = puzzlelab::script::new_scope();
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.len() == 2 && args[0] == "-e" {
        match engine.eval_with_scope::<rhai::Dynamic>(&mut scope, &args[1]) {
            Ok(v) => {
                if !v.is_unit() {
                    println!("{}", puzzlelab::script::display(&engine, &v));
                }
            }
            Err(e) => {
                eprintln!("error: {e}");
                std::process::exit(1);
            }
        }
    }
}
