//! `rocada-datagen`'s output file: whole games appended in the order of their numbers, and a
//! state file beside it (`OUT.state`, `GAMES BYTES`) saying how many games the file holds and
//! where the last of them ends. Threads finish games out of order; a game waits in memory
//! until every game before it is written. So a run stopped at any point (even in the middle
//! of a write) resumes exactly: the file is cut back to the state's length and the next game
//! is the state's count. The file is then the same bytes whatever the number of threads and
//! however often the run was stopped.

use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{self, Seek, SeekFrom, Write};

/// The output of one run.
pub struct Output {
    file: File,
    state_path: String,
    /// The game whose records are written next.
    next: u64,
    /// The file's length once every game before `next` is written.
    bytes: u64,
    /// Games that finished before some earlier game: their bytes, by game number.
    waiting: BTreeMap<u64, Vec<u8>>,
}

impl Output {
    /// Opens `path` for a new run (emptied), or with `resume` for the run that `path.state`
    /// describes (cut back to its last whole game; a missing state is a new run).
    pub fn open(path: &str, resume: bool) -> io::Result<Output> {
        let state_path = format!("{path}.state");
        let (next, bytes) = match std::fs::read_to_string(&state_path) {
            Ok(text) if resume => parse_state(&text).ok_or_else(|| {
                io::Error::new(io::ErrorKind::InvalidData, format!("{state_path}: expected `GAMES BYTES`, found {:?}", text.trim()))
            })?,
            Err(e) if resume && e.kind() != io::ErrorKind::NotFound => return Err(e),
            _ => (0, 0),
        };
        let file = OpenOptions::new().create(true).truncate(false).write(true).open(path)?;
        let len = file.metadata()?.len();
        if len < bytes {
            let msg = format!("{path} has {len} bytes, but {state_path} says {bytes}: the file is not the one the state describes");
            return Err(io::Error::new(io::ErrorKind::InvalidData, msg));
        }
        file.set_len(bytes)?;
        let mut out = Output { file, state_path, next, bytes, waiting: BTreeMap::new() };
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

    /// Writes `GAMES BYTES` to the state file through a temporary file and a rename, so the
    /// state is always one whole line.
    fn save_state(&mut self) -> io::Result<()> {
        self.file.sync_data()?;
        let tmp = format!("{}.tmp", self.state_path);
        std::fs::write(&tmp, format!("{} {}\n", self.next, self.bytes))?;
        std::fs::rename(&tmp, &self.state_path)
    }
}

fn parse_state(text: &str) -> Option<(u64, u64)> {
    let mut words = text.split_whitespace().map(str::parse::<u64>);
    match (words.next(), words.next(), words.next()) {
        (Some(Ok(games)), Some(Ok(bytes)), None) => Some((games, bytes)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(n: u64) -> Vec<u8> {
        vec![n as u8; 32 * (1 + n as usize % 3)]
    }

    fn temp(name: &str) -> String {
        let dir = std::env::temp_dir().join(format!("rocada-output-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir.join("out.bin").to_string_lossy().into_owned()
    }

    /// Games finished in any order are written in number order, and a run stopped with games
    /// waiting, with garbage after the last whole game, resumes to the same file as a run
    /// never stopped.
    #[test]
    fn a_stopped_run_resumes_to_the_same_bytes() {
        let whole = temp("whole");
        let mut out = Output::open(&whole, false).unwrap();
        for n in [1, 0, 3, 2, 5, 4] {
            out.finish(n, game(n)).unwrap();
        }
        let expected: Vec<u8> = (0..6).flat_map(game).collect();
        assert_eq!(std::fs::read(&whole).unwrap(), expected);
        assert_eq!(std::fs::read_to_string(format!("{whole}.state")).unwrap(), format!("6 {}\n", expected.len()));

        let stopped = temp("stopped");
        let mut out = Output::open(&stopped, false).unwrap();
        assert_eq!(out.finish(1, game(1)).unwrap(), 0, "game 1 waits for game 0");
        assert_eq!(out.finish(0, game(0)).unwrap(), 2);
        assert_eq!(out.finish(3, game(3)).unwrap(), 0);
        drop(out);
        // A write cut short by the stop: half a record after the last whole game.
        let mut f = OpenOptions::new().append(true).open(&stopped).unwrap();
        f.write_all(&[0xAA; 16]).unwrap();
        drop(f);
        let mut out = Output::open(&stopped, true).unwrap();
        assert_eq!(out.next_game(), 2, "game 3 was never written, so it is played again");
        for n in [3, 2, 5, 4] {
            out.finish(n, game(n)).unwrap();
        }
        assert_eq!(std::fs::read(&stopped).unwrap(), expected);
    }

    #[test]
    fn a_new_run_empties_the_file_and_a_wrong_state_is_refused() {
        let path = temp("new");
        std::fs::write(&path, [1u8; 64]).unwrap();
        std::fs::write(format!("{path}.state"), "2 64\n").unwrap();
        let out = Output::open(&path, false).unwrap();
        assert_eq!(out.next_game(), 0);
        assert_eq!(std::fs::metadata(&path).unwrap().len(), 0);
        drop(out);
        std::fs::write(format!("{path}.state"), "7\n").unwrap();
        assert!(Output::open(&path, true).is_err(), "a state without its byte count");
        std::fs::write(format!("{path}.state"), "2 64\n").unwrap();
        assert!(Output::open(&path, true).is_err(), "a state longer than its file");
    }
}
