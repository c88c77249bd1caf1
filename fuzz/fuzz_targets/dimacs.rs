//! DIMACS CNF as a file gives it (`read_dimacs_from` on raw bytes: bad
//! bytes and long lines included); a formula read is written back and
//! reads back the same.
#![no_main]

use libfuzzer_sys::fuzz_target;
use puzzlelab::monitor::Silent;
use puzzlelab::sat;

fuzz_target!(|data: &[u8]| {
    match sat::dimacs::read_dimacs_from(data, &Silent) {
        Ok(sat::Reading::Read(cnf)) => {
            let again = sat::read_dimacs(&sat::to_dimacs(&cnf));
            match again {
                Ok(back) => assert_eq!(
                    sat::to_dimacs(&back),
                    sat::to_dimacs(&cnf),
                    "written DIMACS reads back another formula"
                ),
                Err(e) => panic!("written DIMACS not read back: {e}"),
            }
        }
        Ok(sat::Reading::Stopped { .. }) => panic!("a silent monitor stopped the reading"),
        Err(e) => {
            let _ = e.to_string();
        }
    }
});
