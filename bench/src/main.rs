//! Native side of `npm run bench` (driven by scripts/bench/perft.mjs).
//!
//! ```text
//! rocada-bench engines            # one `name<TAB>bytes per position` line per engine
//! rocada-bench perft --engines rocada,shakmaty,cozy-chess --modes bulk,leaf --warmup 1 --reps 5 < positions
//! rocada-bench serve --engines rocada,shakmaty,cozy-chess --modes bulk,leaf < positions, blank line, commands
//! ```
//! `positions`: one `depth<TAB>expected-count<TAB>fen` per line, up to a blank line or the end.
//! A round runs every (engine, mode) over the whole set once. Every count is checked against
//! the expected one; a wrong count is reported as an error, never as a time.
//!
//! - `perft` runs `warmup + reps` rounds and prints one JSON object
//!   `{"results":[{"engine","mode","runs":[{"nodes","seconds","cpu"}],"error"}]}` (warm-up rounds left out).
//! - `serve` runs one round for each `round` line that follows the blank line and answers with
//!   one JSON line `{"round":[{"engine","mode","nodes","seconds","cpu","error"}]}`, so that the Node
//!   driver can interleave native rounds with its wasm and JS rounds (load from other processes
//!   then falls on all of them alike).

use std::io::{BufRead, Write};
use std::process::ExitCode;
use std::time::Instant;

use rocada_bench::Engine;

struct Position {
    depth: u32,
    expected: u64,
    fen: String,
}

struct Job {
    engine: Engine,
    bulk: bool,
    error: Option<String>,
}

/// Outcome of one job in one round, or `None` once it failed.
#[derive(Clone, Copy)]
struct Run {
    nodes: u64,
    /// Wall-clock seconds.
    seconds: f64,
    /// CPU seconds of this (single-threaded) process: what it got of the machine's time, so
    /// that other processes' load disturbs this figure less than the wall clock.
    cpu: f64,
}

/// CPU time used by this process so far, in seconds (NaN where there is no such clock).
fn cpu_seconds() -> f64 {
    #[cfg(unix)]
    {
        let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
        // SAFETY: clock_gettime only writes the timespec it is given.
        if unsafe { libc::clock_gettime(libc::CLOCK_PROCESS_CPUTIME_ID, &mut ts) } == 0 {
            return ts.tv_sec as f64 + ts.tv_nsec as f64 * 1e-9;
        }
    }
    f64::NAN
}

fn json_str(s: &str) -> String {
    let mut out = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

fn json_opt(s: Option<&str>) -> String {
    s.map_or("null".to_string(), json_str)
}

/// `{"nodes":..,"seconds":..,"cpu":..}` (zeros for a failed run; NaN CPU time as null).
fn run_json(run: Option<Run>) -> String {
    let r = run.unwrap_or(Run { nodes: 0, seconds: 0.0, cpu: 0.0 });
    let cpu = if r.cpu.is_finite() { format!("{:.9}", r.cpu) } else { "null".into() };
    format!("{{\"nodes\":{},\"seconds\":{:.9},\"cpu\":{cpu}}}", r.nodes, r.seconds)
}

fn mode_name(bulk: bool) -> &'static str {
    if bulk {
        "bulk"
    } else {
        "leaf"
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("engines") => {
            for e in Engine::ALL {
                println!("{}\t{}", e.name(), e.position_size());
            }
            Ok(ExitCode::SUCCESS)
        }
        Some("perft") => batch(&args[1..]),
        Some("serve") => serve(&args[1..]),
        _ => Err("usage: rocada-bench engines | perft|serve --engines a,b --modes bulk,leaf [--warmup N --reps N] < positions".into()),
    };
    result.unwrap_or_else(|e| {
        eprintln!("rocada-bench: {e}");
        ExitCode::from(2)
    })
}

struct Options {
    jobs: Vec<Job>,
    warmup: u32,
    reps: u32,
}

fn options(args: &[String]) -> Result<Options, String> {
    let mut engines: Vec<Engine> = Engine::ALL.to_vec();
    let mut modes = vec![true, false];
    let (mut warmup, mut reps) = (1u32, 5u32);
    let mut it = args.iter();
    while let Some(flag) = it.next() {
        let value = it.next().ok_or_else(|| format!("{flag} needs a value"))?;
        match flag.as_str() {
            "--engines" => {
                engines = value
                    .split(',')
                    .map(|n| Engine::from_name(n).ok_or_else(|| format!("engine {n:?} is not in this build")))
                    .collect::<Result<_, _>>()?
            }
            "--modes" => {
                modes = value
                    .split(',')
                    .map(|m| match m {
                        "bulk" => Ok(true),
                        "leaf" => Ok(false),
                        _ => Err(format!("mode {m:?}: expected bulk or leaf")),
                    })
                    .collect::<Result<_, _>>()?
            }
            "--warmup" => warmup = value.parse().map_err(|_| format!("--warmup {value:?}"))?,
            "--reps" => reps = value.parse().map_err(|_| format!("--reps {value:?}"))?,
            _ => return Err(format!("unknown option {flag}")),
        }
    }
    let jobs = engines.iter().flat_map(|&engine| modes.iter().map(move |&bulk| Job { engine, bulk, error: None })).collect();
    Ok(Options { jobs, warmup, reps })
}

/// Reads position lines up to a blank line or the end of input.
fn read_positions(input: &mut impl BufRead) -> Result<Vec<Position>, String> {
    let mut positions = Vec::new();
    let mut line = String::new();
    loop {
        line.clear();
        if input.read_line(&mut line).map_err(|e| e.to_string())? == 0 || line.trim().is_empty() {
            break;
        }
        let l = line.trim_end_matches(['\r', '\n']);
        let mut f = l.splitn(3, '\t');
        let (Some(d), Some(n), Some(fen)) = (f.next(), f.next(), f.next()) else {
            return Err(format!("bad position line {l:?}"));
        };
        positions.push(Position {
            depth: d.parse().map_err(|_| format!("bad depth in {l:?}"))?,
            expected: n.parse().map_err(|_| format!("bad count in {l:?}"))?,
            fen: fen.to_string(),
        });
    }
    if positions.is_empty() {
        return Err("no positions on stdin".into());
    }
    Ok(positions)
}

/// Runs every job that has not failed over the whole set once.
fn round(jobs: &mut [Job], positions: &[Position]) -> Vec<Option<Run>> {
    jobs.iter_mut()
        .map(|job| {
            if job.error.is_some() {
                return None;
            }
            let mut nodes = 0;
            let cpu_start = cpu_seconds();
            let start = Instant::now();
            for p in positions {
                match job.engine.perft(&p.fen, p.depth, job.bulk) {
                    Ok(n) if n == p.expected => nodes += n,
                    Ok(n) => {
                        job.error = Some(format!("perft({}, {}) = {n}, expected {}", p.fen, p.depth, p.expected));
                        return None;
                    }
                    Err(e) => {
                        job.error = Some(format!("{}: {e}", p.fen));
                        return None;
                    }
                }
            }
            let seconds = start.elapsed().as_secs_f64();
            Some(Run { nodes, seconds, cpu: cpu_seconds() - cpu_start })
        })
        .collect()
}

fn batch(args: &[String]) -> Result<ExitCode, String> {
    let Options { mut jobs, warmup, reps } = options(args)?;
    let positions = read_positions(&mut std::io::stdin().lock())?;
    let mut runs: Vec<Vec<Run>> = jobs.iter().map(|_| Vec::new()).collect();
    for r in 0..warmup + reps {
        for (i, run) in round(&mut jobs, &positions).into_iter().enumerate() {
            if let (Some(run), true) = (run, r >= warmup) {
                runs[i].push(run);
            }
        }
    }
    let results: Vec<String> = jobs
        .iter()
        .zip(&runs)
        .map(|(j, runs)| {
            let runs: Vec<String> = runs.iter().map(|r| run_json(Some(*r))).collect();
            format!(
                "{{\"engine\":{},\"mode\":\"{}\",\"runs\":[{}],\"error\":{}}}",
                json_str(j.engine.name()),
                mode_name(j.bulk),
                runs.join(","),
                json_opt(j.error.as_deref())
            )
        })
        .collect();
    println!("{{\"results\":[{}]}}", results.join(","));
    let failed = jobs.iter().any(|j| j.error.is_some());
    Ok(if failed { ExitCode::from(1) } else { ExitCode::SUCCESS })
}

fn serve(args: &[String]) -> Result<ExitCode, String> {
    let Options { mut jobs, .. } = options(args)?;
    let stdin = std::io::stdin();
    let mut input = stdin.lock();
    let positions = read_positions(&mut input)?;
    let mut out = std::io::stdout().lock();
    let mut line = String::new();
    loop {
        line.clear();
        if input.read_line(&mut line).map_err(|e| e.to_string())? == 0 {
            return Ok(ExitCode::SUCCESS);
        }
        match line.trim() {
            "round" => {}
            "" => continue,
            "quit" => return Ok(ExitCode::SUCCESS),
            other => return Err(format!("unknown command {other:?}")),
        }
        let runs = round(&mut jobs, &positions);
        let items: Vec<String> = jobs
            .iter()
            .zip(runs)
            .map(|(j, run)| {
                let run = run_json(run);
                format!(
                    "{{\"engine\":{},\"mode\":\"{}\",{},\"error\":{}}}",
                    json_str(j.engine.name()),
                    mode_name(j.bulk),
                    run.trim_start_matches('{').trim_end_matches('}'),
                    json_opt(j.error.as_deref())
                )
            })
            .collect();
        writeln!(out, "{{\"round\":[{}]}}", items.join(",")).map_err(|e| e.to_string())?;
        out.flush().map_err(|e| e.to_string())?;
    }
}
