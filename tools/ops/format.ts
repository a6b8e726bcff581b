/** How the API subcommands of `npm run ops` print times, durations and counts over time. */

/** Epoch ms → `2026-12-07 05:31:02.123Z`; null → `-`. */
export const timeOf = (ms: number | null | undefined): string =>
  ms === null || ms === undefined ? '-' : new Date(ms).toISOString().replace('T', ' ');

/** 850 → `850 ms`, 12_300 → `12.3 s`, 4_000_000 → `1 h 6 min`. */
export const durationOf = (ms: number | null | undefined): string => {
  if (ms === null || ms === undefined) return '-';
  if (ms < 1_000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1_000).toFixed(1)} s`;
  if (ms < 3_600_000) return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1_000)} s`;
  return `${Math.floor(ms / 3_600_000)} h ${Math.round((ms % 3_600_000) / 60_000)} min`;
};

const BARS = '▁▂▃▄▅▆▇█';

/** Counts over time as one line of bars, the tallest bucket full; an empty bucket is a space. */
export const sparkline = (counts: readonly number[], width = 48): string => {
  if (counts.length === 0) return '';
  // Wider than the line: neighbouring buckets are added together.
  const per = Math.ceil(counts.length / width);
  const merged: number[] = [];
  for (let i = 0; i < counts.length; i += per) merged.push(counts.slice(i, i + per).reduce((a, b) => a + b, 0));
  const max = Math.max(...merged);
  return merged
    .map((n) => (n === 0 ? ' ' : BARS[Math.min(BARS.length - 1, Math.floor((n / max) * (BARS.length - 1)))]!))
    .join('');
};

/** `[#########...........] 450/1000 45%`. */
export const progressBar = (done: number, total: number, width = 30): string => {
  const share = total === 0 ? 1 : Math.min(1, done / total);
  const filled = Math.round(share * width);
  return `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} ${Math.floor(share * 100)}%`;
};

/** Text padded or cut to a column's width. */
export const column = (text: string, width: number): string =>
  text.length > width ? `${text.slice(0, width - 1)}…` : text.padEnd(width);
