// Dates in `data` are ISO-8601 UTC with an explicit offset and a 6-digit fraction, the
// fraction left out when zero (docs/wire-facts.md §1.3). Stored values are epoch milliseconds.

export function isoTime(ms: number): string {
  const d = new Date(ms);
  const base = d.toISOString().slice(0, 19);
  const millis = d.getUTCMilliseconds();
  return millis === 0 ? `${base}+00:00` : `${base}.${String(millis).padStart(3, '0')}000+00:00`;
}

/**
 * Parses a date given in a query: ISO-8601 (a missing offset means UTC) or epoch seconds
 * (epoch milliseconds when the number is too large to be seconds). Undefined when unparsable.
 */
export function parseQueryDate(text: string): number | undefined {
  const s = text.trim();
  if (/^-?\d+(\.\d+)?$/.test(s)) {
    const n = Number(s);
    return Math.abs(n) >= 1e11 ? Math.round(n) : Math.round(n * 1000);
  }
  if (!/^\d{4}-\d{2}-\d{2}/.test(s)) return undefined;
  const hasZone = /(Z|[+-]\d{2}:?\d{2})$/i.test(s);
  // Python isoformat() may carry microseconds; JS Date takes milliseconds at most.
  const normalised = s.replace(/(\.\d{3})\d+/, '$1').replace(' ', 'T');
  const ms = Date.parse(hasZone ? normalised : `${normalised}${normalised.includes('T') ? '' : 'T00:00:00'}Z`);
  return Number.isNaN(ms) ? undefined : ms;
}
