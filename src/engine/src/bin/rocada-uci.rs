//! `rocada-uci`: the engine behind the Universal Chess Interface, for any chess GUI.
//!
//! The protocol is `rocada_engine::search::uci::Uci` (a state machine shared with `npx
//! rocada-uci`); this file only does the I/O: it reads lines from standard input, prints what
//! the machine answers, and runs each search on a thread so that `stop`, `ponderhit` and
//! `quit` are read while it searches. A ponder search runs under a clock that stands still
//! until `ponderhit`, so the go command's clock limits count from that moment.
//! `rocada-uci bench [depth]` runs the bench and exits.

#[cfg(target_arch = "wasm32")]
fn main() {}

#[cfg(not(target_arch = "wasm32"))]
fn main() {
    native::main();
}

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use rocada_engine::eval::nnue::{Network, MAX_FILE_BYTES};
    use rocada_engine::search::uci::{Action, EvalChange, Job, Uci, DEFAULT_HASH_MB};
    use rocada_engine::search::{bench_with, Search, BENCH_DEPTH};
    use rocada_rules::time::{SystemTime, TimeSource};
    use std::io::{BufRead, Write};
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::{Arc, Mutex};
    use std::thread::JoinHandle;
    use std::time::Instant;

    const MAX_HASH_MB: usize = 4096;

    fn say(lines: &[String]) {
        if lines.is_empty() {
            return;
        }
        let mut out = std::io::stdout().lock();
        for line in lines {
            let _ = writeln!(out, "{line}");
        }
        let _ = out.flush();
    }

    /// A time source that reads 0 until ponderhit, then the milliseconds since it.
    struct PonderClock(Arc<Mutex<Option<Instant>>>);

    impl TimeSource for PonderClock {
        fn now_ms(&self) -> u64 {
            self.0.lock().unwrap().map_or(0, |t| t.elapsed().as_millis() as u64)
        }
    }

    struct Front {
        uci: Arc<Mutex<Uci>>,
        search: Arc<Mutex<Search>>,
        stop: Arc<AtomicBool>,
        ponderhit: Arc<Mutex<Option<Instant>>>,
        thread: Option<JoinHandle<()>>,
    }

    pub fn main() {
        let args: Vec<String> = std::env::args().collect();
        if args.get(1).map(String::as_str) == Some("bench") {
            run_bench(args.get(2).and_then(|d| d.parse().ok()).unwrap_or(BENCH_DEPTH), Some(&Network::builtin()));
            return;
        }
        let name = concat!("Rocada ", env!("CARGO_PKG_VERSION"));
        let mut front = Front {
            uci: Arc::new(Mutex::new(Uci::new(name, MAX_HASH_MB).with_eval_file())),
            search: Arc::new(Mutex::new(Search::new(DEFAULT_HASH_MB))),
            stop: Arc::new(AtomicBool::new(false)),
            ponderhit: Arc::new(Mutex::new(None)),
            thread: None,
        };
        let stdin = std::io::stdin();
        for line in stdin.lock().lines() {
            let Ok(line) = line else { break };
            if !front.command(&line) {
                return;
            }
        }
        front.command("quit");
    }

    /// The bytes of the file at `path`, read no further than the largest net can be (a
    /// device or a huge file is refused, not read to the end).
    fn read_net_file(path: &str) -> Result<Vec<u8>, String> {
        use std::io::Read;
        let mut bytes = Vec::new();
        std::fs::File::open(path).and_then(|f| f.take(MAX_FILE_BYTES as u64 + 1).read_to_end(&mut bytes)).map_err(|e| e.to_string())?;
        Ok(bytes)
    }

    /// The bench with `net` (`None`: the hand-written evaluation alone), said as UCI lines.
    fn run_bench(depth: u32, net: Option<&Network>) {
        let r = bench_with(depth, net);
        say(&Uci::bench_lines(depth, r.nodes, r.time_ms));
    }

    impl Front {
        /// Handles one line; `false` means quit.
        fn command(&mut self, line: &str) -> bool {
            loop {
                let action = {
                    let mut uci = self.uci.lock().unwrap();
                    let reply = uci.command(line);
                    say(&reply.out);
                    reply.action
                };
                match action {
                    Action::None => {}
                    Action::Go(job) => self.go(*job),
                    Action::Stop => self.end_search(),
                    Action::StopThenRetry => {
                        self.end_search();
                        continue;
                    }
                    Action::PonderHit { .. } => *self.ponderhit.lock().unwrap() = Some(Instant::now()),
                    Action::NewGame => self.search.lock().unwrap().clear(),
                    Action::SetHash(mb) => self.search.lock().unwrap().resize_tt(mb),
                    Action::EvalFile(path) => say(&[self.eval_file(path.as_deref())]),
                    Action::Bench(depth) => {
                        // With the evaluation in use (the net an EvalFile gave, if any).
                        let net = self.search.lock().unwrap().net().cloned();
                        run_bench(depth, net.as_ref());
                    }
                    Action::Quit => {
                        self.end_search();
                        return false;
                    }
                }
                return true;
            }
        }

        /// Evaluates with the net in `path` (`None`: the hand-written evaluation alone; the
        /// built-in net's name: that net); the line that says so, or why it did not change.
        fn eval_file(&mut self, path: Option<&str>) -> String {
            let (change, line) = Uci::eval_file(path, read_net_file);
            match change {
                EvalChange::Net(net) => self.search.lock().unwrap().set_net(Some(net)),
                EvalChange::Builtin => self.search.lock().unwrap().set_net(Some(Network::builtin())),
                EvalChange::Handwritten => self.search.lock().unwrap().set_net(None),
                EvalChange::Unchanged => {}
            }
            line
        }

        /// Stops the running search and waits until its thread has reported the result.
        fn end_search(&mut self) {
            self.stop.store(true, Ordering::SeqCst);
            if let Some(t) = self.thread.take() {
                let _ = t.join();
            }
        }

        fn go(&mut self, job: Job) {
            if let Some(t) = self.thread.take() {
                let _ = t.join();
            }
            self.stop.store(false, Ordering::SeqCst);
            *self.ponderhit.lock().unwrap() = None;
            let (stop, search, uci) = (Arc::clone(&self.stop), Arc::clone(&self.search), Arc::clone(&self.uci));
            let ponderhit = Arc::clone(&self.ponderhit);
            let thread = std::thread::Builder::new()
                .name("search".into())
                .stack_size(64 << 20)
                .spawn(move || {
                    let mut search = search.lock().unwrap();
                    let started = Instant::now();
                    if job.ponder {
                        search.set_clock(Box::new(PonderClock(Arc::clone(&ponderhit))));
                    }
                    let mut on_info = |info: &rocada_engine::search::SearchInfo| {
                        let mut info = info.clone();
                        if job.ponder {
                            // The search's clock counts from ponderhit: report the time since go.
                            info.time_ms = started.elapsed().as_millis() as u64;
                            info.nps = info.nodes * 1000 / info.time_ms.max(1);
                        }
                        let mut uci = uci.lock().unwrap();
                        say(&uci.info(&info));
                    };
                    let mut result =
                        search.go(&job.pos, &job.history, job.limits.clone(), &mut on_info, &mut || stop.load(Ordering::Relaxed));
                    if job.ponder {
                        search.set_clock(Box::new(SystemTime::new()));
                        result.time_ms = started.elapsed().as_millis() as u64;
                    }
                    let hashfull = search.hashfull();
                    drop(search);
                    let mut uci = uci.lock().unwrap();
                    say(&uci.result(&result, hashfull));
                })
                .expect("search thread");
            self.thread = Some(thread);
        }
    }
}
