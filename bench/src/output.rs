//! `rocada-datagen`'s output file: whole games appended in the order of their numbers, and a
//! state file beside it (`OUT.state`: `GAMES BYTES` on the first line, `run DESCRIPTION` on
//! the second) saying how many games the file holds, where the last of them ends, and which
//! run made them (its nodes, seed, evaluation). Threads finish games out of order; a game
//! waits in memory until every game before it is written. So a run stopped at any point (even
//! in the middle of a write) resumes exactly: the file is cut back to the state's length and
//! the next game is the state's count. The file is then the same bytes whatever the number of
//! threads and however often the run was stopped.
//!
//! Hours of data are not lost or mixed by a wrong command line: a new run refuses a file that
//! already holds data, a resume refuses a file without its state, and a resume whose run
//! differs from the state's (other nodes, seed or net) is refused. A state of the first
//! format (one line, no run) is taken as this run's.

use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{self, Seek, SeekFrom, Write};

/// The output of one run.
pub struct Output {
    file: File,
    state_path: String,
    /// What makes the games, as the state records it.
    run: String,
    /// The game whose records are written next.
    next: u64,
    /// The file's length once every game before `next` is written.
    bytes: u64,
    /// Games that finished before some earlier game: their bytes, by game number.
    waiting: BTreeMap<u64, Vec<u8>>,
}

impl Output {
    /// Opens `path` for run `run` (one line describing what makes its games: nodes, seed,
    /// evaluation). A new run needs an absent or empty file; with `resume`, the run that
    /// `path.state` describes goes on (the file cut back to its last whole game), and an absent
    /// or empty file with no state starts one.
    pub fn open(path: &str, resume: bool, run: &str) -> io::Result<Output> {
        let state_path = format!("{path}.state");
        let refuse = |msg: String| Err(io::Error::new(io::ErrorKind::InvalidData, msg));
        let len = match std::fs::metadata(path) {
            Ok(meta) => meta.len(),
            Err(e) if e.kind() == io::ErrorKind::NotFound => 0,
            Err(e) => return Err(e),
        };
        let (next, bytes) = match std::fs::read_to_string(&state_path) {
            _ if !resume && len > 0 => {
                return refuse(format!("{path} already holds {len} bytes: --resume goes on with its run, or remove it for a new one"))
            }
            Ok(text) if resume => match parse_state(&text) {
                None => return refuse(format!("{state_path}: expected `GAMES BYTES` and `run ...`, found {:?}", text.trim())),
                Some((_, _, Some(old))) if old != run => {
                    return refuse(format!("{state_path} is the run `{old}`, not `{run}`: resume it with its own options"))
                }
                Some((games, bytes, _)) => (games, bytes),
            },
            Err(e) if resume && e.kind() != io::ErrorKind::NotFound => return Err(e),
            Err(_) if resume && len > 0 => {
                return refuse(format!("{path} holds {len} bytes but has no {state_path}: it cannot be resumed"))
            }
            _ => (0, 0),
        };
        if len < bytes {
            return refuse(format!("{path} has {len} bytes, but {state_path} says {bytes}: the file is not the one the state describes"));
        }
        let file = OpenOptions::new().create(true).truncate(false).write(true).open(path)?;
        file.set_len(bytes)?;
        let mut out = Output { file, state_path, run: run.to_owned(), next, bytes, waiting: BTreeMap::new() };
        out.save_state()?;
        Ok(out)
    }

    /// The game written next: after [`Output::open`], the first game of this run.
    pub fn next_game(&self) -> u64 {
        self.next
    }

    /// The bytes of the games written.
    pub fn bytes(&self) -> u64 {
        self.bytes
    }

    /// Game `n`'s records, finished. They are written once every game before `n` is; returns
    /// how many games this call wrote (0 while an earlier one is still being played).
    pub fn finish(&mut self, n: u64, records: Vec<u8>) -> io::Result<u64> {
        assert!(n >= self.next && !self.waiting.contains_key(&n), "game {n} finished twice");
        self.waiting.insert(n, records);
        let mut written = 0;
        while let Some(records) = self.waiting.remove(&self.next) {
            // Where the state says the data ends: after a failed write the file may be longer,
            // and the state (not the file's length) is the truth.
            self.file.seek(SeekFrom::Start(self.bytes))?;
            self.file.write_all(&records)?;
            self.bytes += records.len() as u64;
            self.next += 1;
            written += 1;
        }
        if written > 0 {
            self.save_state()?;
        }
        Ok(written)
    }

    /// Writes `GAMES BYTES` and `run ...` to the state file through a temporary file and a
    /// rename, so the state is always whole.
    fn save_state(&mut self) -> io::Result<()> {
        self.file.sync_data()?;
        let tmp = format!("{}.tmp", self.state_path);
        std::fs::write(&tmp, format!("{} {}\nrun {}\n", self.next, self.bytes, self.run))?;
        std::fs::rename(&tmp, &self.state_path)
    }
}

/// `GAMES BYTES`, then `run DESCRIPTION` (absent in the first format).
fn parse_state(text: &str) -> Option<(u64, u64, Option<String>)> {
    let mut lines = text.lines();
    let mut words = lines.next()?.split_whitespace().map(str::parse::<u64>);
    let (Some(Ok(games)), Some(Ok(bytes)), None) = (words.next(), words.next(), words.next()) else { return None };
    let run = match lines.next() {
        None => None,
        Some(line) => Some(line.strip_prefix("run ")?.to_owned()),
    };
    lines.next().is_none().then_some((games, bytes, run))
}

#[cfg(test)]
mod tests {
    use super::*;

    const RUN: &str = "nodes 5000 seed 1 evaluation hand-written";

    fn game(n: u64) -> Vec<u8> {
        vec![n as u8; 32 * (1 + n as usize % 3)]
    }

    fn temp(name: &str) -> String {
        let dir = std::env::temp_dir().join(format!("rocada-output-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("out.bin").to_string_lossy().into_owned();
        for stale in [path.clone(), format!("{path}.state")] {
            let _ = std::fs::remove_file(stale);
        }
        path
    }

    /// Games finished in any order are written in number order, and a run stopped with games
    /// waiting, with garbage after the last whole game, resumes to the same file as a run
    /// never stopped.
    #[test]
    fn a_stopped_run_resumes_to_the_same_bytes() {
        let whole = temp("whole");
        let mut out = Output::open(&whole, false, RUN).unwrap();
        for n in [1, 0, 3, 2, 5, 4] {
            out.finish(n, game(n)).unwrap();
        }
        let expected: Vec<u8> = (0..6).flat_map(game).collect();
        assert_eq!(std::fs::read(&whole).unwrap(), expected);
        assert_eq!(std::fs::read_to_string(format!("{whole}.state")).unwrap(), format!("6 {}\nrun {RUN}\n", expected.len()));

        let stopped = temp("stopped");
        let mut out = Output::open(&stopped, false, RUN).unwrap();
        assert_eq!(out.finish(1, game(1)).unwrap(), 0, "game 1 waits for game 0");
        assert_eq!(out.finish(0, game(0)).unwrap(), 2);
        assert_eq!(out.finish(3, game(3)).unwrap(), 0);
        drop(out);
        // A write cut short by the stop: half a record after the last whole game.
        let mut f = OpenOptions::new().append(true).open(&stopped).unwrap();
        f.write_all(&[0xAA; 16]).unwrap();
        drop(f);
        let mut out = Output::open(&stopped, true, RUN).unwrap();
        assert_eq!(out.next_game(), 2, "game 3 was never written, so it is played again");
        for n in [3, 2, 5, 4] {
            out.finish(n, game(n)).unwrap();
        }
        assert_eq!(std::fs::read(&stopped).unwrap(), expected);
    }

    /// A command line that would lose or mix data is refused, and the file is left as it was.
    #[test]
    fn a_wrong_command_line_leaves_the_data_alone() {
        let path = temp("guard");
        let data = [1u8; 64];
        let state = |text: &str| std::fs::write(format!("{path}.state"), text).unwrap();
        let refused = |resume: bool, run: &str, why: &str| {
            assert!(Output::open(&path, resume, run).is_err(), "{why}");
            assert_eq!(std::fs::read(&path).unwrap(), data, "{why}: the file is untouched");
        };
        std::fs::write(&path, data).unwrap();
        refused(false, RUN, "a new run over a file with data");
        refused(true, RUN, "a resume without a state");
        state("7\n");
        refused(true, RUN, "a state without its byte count");
        state("2 96\n");
        refused(true, RUN, "a state longer than its file");
        state(&format!("2 64\nrun {RUN}\n"));
        refused(true, "nodes 9000 seed 1", "a resume with other options than the state's");
        state("2 64\nnodes 5000\n");
        refused(true, RUN, "a second line that is not a run");

        // The first format (no run line) is taken as this run's, and the run is then recorded.
        state("2 64\n");
        let out = Output::open(&path, true, RUN).unwrap();
        assert_eq!((out.next_game(), out.bytes()), (2, 64));
        assert_eq!(std::fs::read_to_string(format!("{path}.state")).unwrap(), format!("2 64\nrun {RUN}\n"));

        // Without data, a new run or a resume without a state starts at game 0.
        let empty = temp("empty");
        std::fs::write(&empty, []).unwrap();
        assert_eq!(Output::open(&empty, false, RUN).unwrap().next_game(), 0);
        let absent = temp("absent");
        assert_eq!(Output::open(&absent, true, RUN).unwrap().next_game(), 0);
    }
}
