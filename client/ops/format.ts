/** Times as the console shows them: the operator's local date and time to the second, in the interface's locale. */
export const formatTime = (ms: number | null | undefined, locale: string): string =>
  ms === null || ms === undefined
    ? '—'
    : new Date(ms).toLocaleString(locale, {
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
      });

/** A duration in the largest unit that keeps it short: 850 ms, 4.2 s, 3 min 5 s, 2 h 10 min. */
export const formatDuration = (ms: number | null | undefined): string => {
  if (ms === null || ms === undefined) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  if (ms < 3_600_000) return `${Math.floor(ms / 60_000)} min ${Math.round((ms % 60_000) / 1000)} s`;
  return `${Math.floor(ms / 3_600_000)} h ${Math.round((ms % 3_600_000) / 60_000)} min`;
};

/** An id shortened for a dense column; the whole id stays in the title and the link. */
export const shortId = (id: string): string => (id.length > 12 ? `${id.slice(0, 8)}…${id.slice(-4)}` : id);
