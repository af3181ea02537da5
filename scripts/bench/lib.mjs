// Helpers shared by the benchmark sections: timing, medians, tables.

/**
 * A stopwatch reading both clocks: `seconds` (wall) and `cpu` (CPU seconds of this process,
 * user + system, all its threads). On a machine shared with other work the CPU clock is the
 * steadier one: time spent waiting for a core is not counted.
 */
export function stopwatch() {
  const wall = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  return () => {
    const c = process.cpuUsage(cpu);
    return { seconds: Number(process.hrtime.bigint() - wall) / 1e9, cpu: (c.user + c.system) / 1e6 };
  };
}

/** Seconds to use for a rate under `clock` ('cpu' or 'wall'). */
export const secondsBy = (clock, t) => (clock === 'cpu' && Number.isFinite(t.cpu) && t.cpu > 0 ? t.cpu : t.seconds);

export function median(xs) {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** Half the range of `xs` as a fraction of their median: a rough noise figure. */
export function spread(xs) {
  if (xs.length < 2) return NaN;
  return (Math.max(...xs) - Math.min(...xs)) / 2 / median(xs);
}

/** Summary of a list of rates: `{ median, spread, n }`. */
export function summarize(rates) {
  return { median: median(rates), spread: spread(rates), n: rates.length };
}

export const int = (n) => n.toLocaleString('en-US');

/** `123.4M ±3%` (or a placeholder). */
export function fmtRate(s, { unit = 'M', scale = 1e6, digits } = {}) {
  if (!s) return '-';
  if (s.error) return 'WRONG';
  if (!Number.isFinite(s.median)) return '-';
  const v = s.median / scale;
  const d = digits ?? (v >= 100 ? 0 : v >= 10 ? 1 : 2);
  const noise = Number.isFinite(s.spread) ? ` ±${Math.round(s.spread * 100)}%` : '';
  return `${v.toFixed(d)}${unit}${noise}`;
}

export function fmtRatio(r) {
  return Number.isFinite(r) ? `${r >= 10 ? r.toFixed(0) : r.toFixed(2)}x` : '-';
}

/** Plain-text table; `align` has 'l' or 'r' per column. */
export function table(header, rows, align = []) {
  const all = [header, ...rows].map((r) => r.map((c) => String(c ?? '')));
  const widths = header.map((_, i) => Math.max(...all.map((r) => r[i].length)));
  const line = (r) =>
    r
      .map((c, i) => ((align[i] ?? (i === 0 ? 'l' : 'r')) === 'l' ? c.padEnd(widths[i]) : c.padStart(widths[i])))
      .join('  ')
      .trimEnd();
  return [line(all[0]), line(widths.map((w) => '-'.repeat(w))), ...all.slice(1).map(line)].join('\n');
}
