//! `puzzlelab jupyter install`: the kernelspec that makes Jupyter list
//! puzzlelab: `kernel.json` (this very binary as the kernel, interrupted
//! by SIGINT) and two logos, a 5 × 5 square tiled by five pentominoes,
//! drawn here as PNG files.

use std::path::{Path, PathBuf};

use serde_json::json;

/// The kernel's name: its folder under `kernels/`, and notebooks' `kernelspec.name`.
pub const KERNEL_NAME: &str = "puzzlelab";

/// Write the kernelspec into Jupyter's system-wide data folder, the
/// user's (`user`), or `prefix/share/jupyter`; returns the folder written.
pub fn install(user: bool, prefix: Option<PathBuf>) -> anyhow::Result<PathBuf> {
    let data = match (user, prefix) {
        (_, Some(prefix)) => prefix.join("share/jupyter"),
        (true, None) => user_data_dir()?,
        (false, None) => system_data_dir(),
    };
    let dir = data.join("kernels").join(KERNEL_NAME);
    let exe = std::env::current_exe()
        .map_err(|e| anyhow::anyhow!("cannot tell where this program is: {e}"))?;
    write_kernelspec(&dir, &exe)?;
    Ok(dir)
}

/// Write `kernel.json` (running `exe`) and the logos into `dir`.
pub fn write_kernelspec(dir: &Path, exe: &Path) -> anyhow::Result<()> {
    std::fs::create_dir_all(dir)
        .map_err(|e| anyhow::anyhow!("cannot make the folder {}: {e}", dir.display()))?;
    let spec = kernel_json(exe);
    let write = |name: &str, bytes: &[u8]| {
        let path = dir.join(name);
        crate::files::write_atomic(&path, bytes, &[])
            .map_err(|e| anyhow::anyhow!("cannot write {}: {e}", path.display()))
    };
    write("kernel.json", spec.as_bytes())?;
    write("logo-32x32.png", &logo(32)?)?;
    write("logo-64x64.png", &logo(64)?)?;
    Ok(())
}

/// The text of `kernel.json` for a kernel run by `exe`.
pub fn kernel_json(exe: &Path) -> String {
    let spec = json!({
        "argv": [exe.to_string_lossy(), "jupyter", "kernel", "-f", "{connection_file}"],
        "display_name": KERNEL_NAME,
        "language": "rhai",
        "interrupt_mode": "signal",
        "metadata": {"debugger": false},
    });
    let mut text = serde_json::to_string_pretty(&spec).unwrap_or_default();
    text.push('\n');
    text
}

/// Jupyter's folder for the user's data: `$JUPYTER_DATA_DIR`, else the
/// platform's (`~/.local/share/jupyter` on Linux, `$XDG_DATA_HOME/jupyter`
/// when set). Each must be an absolute path, as for the state folder
/// ([`crate::files::folder_from_env`]): a relative one would put the
/// kernelspec under the current folder. A relative `XDG_DATA_HOME` is
/// refused rather than ignored (as the XDG spec would have it): Jupyter
/// itself reads it as given, so a kernelspec put anywhere else would not
/// be found by the Jupyter run with the same settings.
fn user_data_dir() -> anyhow::Result<PathBuf> {
    let from_env = |name: &str, value: &std::ffi::OsStr| {
        crate::files::folder_from_env(name, value).map_err(|why| {
            anyhow::anyhow!("{why}: the kernelspec would go under the current folder")
        })
    };
    if let Some(dir) = std::env::var_os("JUPYTER_DATA_DIR").filter(|d| !d.is_empty()) {
        return from_env("JUPYTER_DATA_DIR", &dir);
    }
    if cfg!(target_os = "linux")
        && let Some(xdg) = std::env::var_os("XDG_DATA_HOME").filter(|d| !d.is_empty())
    {
        return Ok(from_env("XDG_DATA_HOME", &xdg)?.join("jupyter"));
    }
    if cfg!(target_os = "linux")
        && let Some(home) = std::env::var_os("HOME")
    {
        return Ok(from_env("HOME", &home)?.join(".local/share/jupyter"));
    }
    jupyter_zmq_client::user_data_dir()
        .map_err(|e| anyhow::anyhow!("cannot find your Jupyter data folder: {e}"))
}

/// The first of Jupyter's system-wide data folders (as `jupyter kernelspec
/// install` without `--user` uses).
fn system_data_dir() -> PathBuf {
    if cfg!(windows) {
        let base = std::env::var_os("PROGRAMDATA").unwrap_or_else(|| "C:\\ProgramData".into());
        PathBuf::from(base).join("jupyter")
    } else {
        PathBuf::from("/usr/local/share/jupyter")
    }
}

/// The logo's five pentominoes, one letter each, on a 5 × 5 board.
const TILING: [&[u8; 5]; 5] = [b"IIIII", b"LLLLJ", b"LJJJJ", b"PPQQQ", b"PPPQQ"];

/// A colour for each piece (Okabe and Ito's palette, apart for colour-blind eyes).
fn colour(piece: u8) -> [u8; 4] {
    match piece {
        b'I' => [0xE6, 0x9F, 0x00, 0xFF],
        b'L' => [0x56, 0xB4, 0xE9, 0xFF],
        b'J' => [0x00, 0x9E, 0x73, 0xFF],
        b'P' => [0xCC, 0x79, 0xA7, 0xFF],
        _ => [0xF0, 0xE4, 0x42, 0xFF],
    }
}

/// The logo as a `size` × `size` RGBA PNG: the tiling, a dark line where
/// two pieces meet and around the board, transparent outside it.
pub fn logo(size: u32) -> anyhow::Result<Vec<u8>> {
    let n = size as usize;
    let margin = n / 16;
    let cell = (n - 2 * margin) / 5;
    let line = (n / 32).max(1);
    let board = cell * 5;
    let mut pixels = vec![0u8; n * n * 4];
    let piece_at = |x: usize, y: usize| -> Option<u8> {
        (x < board && y < board).then(|| TILING[y / cell][x / cell])
    };
    for y in 0..board {
        for x in 0..board {
            let here = piece_at(x, y);
            // On a border when a pixel within `line` to the left, right,
            // above or below belongs to another piece or lies off the board.
            let differs = |dx: isize, dy: isize| {
                let (nx, ny) = (x as isize + dx, y as isize + dy);
                nx < 0 || ny < 0 || piece_at(nx as usize, ny as usize) != here
            };
            let l = line as isize;
            let edge =
                (1..=l).any(|d| differs(-d, 0) || differs(d, 0) || differs(0, -d) || differs(0, d));
            let rgba = if edge {
                [0x22, 0x22, 0x22, 0xFF]
            } else {
                colour(here.unwrap_or(b'I'))
            };
            let at = ((y + margin) * n + x + margin) * 4;
            pixels[at..at + 4].copy_from_slice(&rgba);
        }
    }
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, size, size);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(&pixels)?;
    writer.finish()?;
    Ok(out)
}
