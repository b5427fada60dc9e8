// Number, time and size formatting for narrow terminal columns.

const SI_SUFFIXES = ['', 'k', 'M', 'G', 'T', 'P', 'E'] as const;

/** What is shown when nothing fits the requested width. */
function overflow(maxWidth: number): string {
  return '#'.repeat(Math.max(1, maxWidth));
}

function nonFinite(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  return value > 0 ? 'inf' : '-inf';
}

/** Removes trailing zeros of a decimal fraction ("1.2300" -> "1.23", "2.0" -> "2"). */
function trimZeros(text: string): string {
  if (!text.includes('.')) return text;
  return text.replace(/0+$/, '').replace(/\.$/, '');
}

/** "-0", "-0.00" and the like become unsigned. */
function unsignZero(text: string): string {
  return /^-[0.]*$/.test(text) ? text.slice(1) : text;
}

function groupThousands(digits: string): string {
  const negative = digits.startsWith('-');
  const body = negative ? digits.slice(1) : digits;
  const dot = body.indexOf('.');
  const whole = dot === -1 ? body : body.slice(0, dot);
  const fraction = dot === -1 ? '' : body.slice(dot);
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return (negative ? '-' : '') + grouped + fraction;
}

function compactExponent(value: number, fractionDigits: number): string {
  const [mantissa = '', exponent = ''] = value.toExponential(fractionDigits).split('e');
  return `${trimZeros(mantissa)}e${exponent.replace('+', '')}`;
}

/** `value` with a shared SI suffix (k, M, G, ...) and the given decimals, or undefined below 1000. */
function siFormat(value: number, decimals: number): string | undefined {
  const magnitude = Math.abs(value);
  if (magnitude < 1000) return undefined;
  let power = Math.min(SI_SUFFIXES.length - 1, Math.floor(Math.log10(magnitude) / 3));
  let mantissa = (value / 1000 ** power).toFixed(decimals);
  // Rounding can carry into the next unit (999.96k -> 1000.0k -> 1.0M).
  if (Math.abs(Number(mantissa)) >= 1000 && power < SI_SUFFIXES.length - 1) {
    power += 1;
    mantissa = (value / 1000 ** power).toFixed(decimals);
  }
  // Beyond the largest suffix (1e21 and up) an exponent reads better.
  if (Math.abs(Number(mantissa)) >= 1000) return undefined;
  return trimZeros(mantissa) + SI_SUFFIXES[power];
}

/** `value` rounded to `significant` digits in plain decimal notation. */
function fixedSignificant(value: number, significant: number): string {
  const exponent = Math.floor(Math.log10(Math.abs(value)));
  const decimals = Math.min(100, Math.max(0, significant - 1 - exponent));
  return unsignZero(trimZeros(value.toFixed(decimals)));
}

function* numberCandidates(value: number): Generator<string> {
  const magnitude = Math.abs(value);
  if (Number.isInteger(value) && magnitude < 1e21) {
    const plain = String(value);
    yield groupThousands(plain);
    yield plain;
  } else if (magnitude >= 1e-4 && magnitude < 1e21) {
    for (let significant = 6; significant >= 1; significant--) {
      yield fixedSignificant(value, significant);
    }
  }
  for (let decimals = 2; decimals >= 0; decimals--) {
    const si = siFormat(value, decimals);
    if (si !== undefined) yield si;
  }
  for (let digits = 4; digits >= 0; digits--) yield compactExponent(value, digits);
}

/**
 * Formats a number into at most `maxWidth` characters, keeping as much precision as fits:
 * integers with thousands separators, then plain, then SI suffixes (12.3k, 4.5M), then
 * exponent (1.2e-5). NaN and infinities show as `NaN`, `inf`, `-inf`; -0 shows as `0`.
 * Widths below 7 may not fit every number: then the result is `#` repeated.
 */
export function formatNumber(value: number, maxWidth = 10): string {
  if (!Number.isFinite(value)) {
    const text = nonFinite(value);
    return text.length <= maxWidth ? text : overflow(maxWidth);
  }
  if (value === 0) return '0';
  for (const candidate of numberCandidates(value)) {
    if (candidate.length <= maxWidth) return candidate;
  }
  return overflow(maxWidth);
}

/**
 * Decimals that show a label step: enough for its first significant digit, one more when that
 * would misstate the step by over 10% (a step of 0.25 needs 0.75, not 0.8).
 */
function decimalsForStep(step: number): number {
  const first = Math.max(0, Math.ceil(-Math.log10(step) - 1e-9));
  const rounded = Number(step.toFixed(Math.min(100, first)));
  return Math.abs(rounded - step) > step * 0.1 ? first + 1 : first;
}

/** More decimals than the step needs that `exactEnds` may add (beyond that labels clutter). */
const MAX_EXTRA_DECIMALS = 3;

/** Decimals `formatNumber` shows for `value` in plain notation (six significant digits). */
function decimalsOf(value: number): number {
  if (value === 0 || !Number.isFinite(value)) return 0;
  const text = fixedSignificant(value, 6);
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - dot - 1;
}

/**
 * Builds one formatter for all labels of an axis from `min` to `max` split into `steps`
 * intervals: the same number of decimals (or the same SI unit, or the same exponent digits)
 * on every label, enough to tell neighbouring labels apart, within `maxWidth` characters.
 * With `exactEnds`, below a million, the labels take as many more decimals (up to three) as
 * `min` and `max` need to read as `formatNumber` shows them (a chart's extremes as the scalars
 * pane lists them), when that still fits.
 */
export function axisLabelFormatter(
  min: number,
  max: number,
  steps: number,
  maxWidth = 10,
  exactEnds = false,
): (value: number) => string {
  const fallback = (value: number): string => formatNumber(value, maxWidth);
  if (!Number.isFinite(min) || !Number.isFinite(max)) return fallback;
  const lo = Math.min(min, max);
  const hi = Math.max(min, max);
  const step = (hi - lo) / Math.max(1, steps);
  if (step <= 0) return fallback;
  const fits = (format: (v: number) => string): boolean =>
    format(lo).length <= maxWidth && format(hi).length <= maxWidth;

  const largest = Math.max(Math.abs(lo), Math.abs(hi));
  const decimals = decimalsForStep(step);
  const fixed = (v: number): string => unsignZero(v.toFixed(Math.min(20, decimals)));
  const grouped = (v: number): string => groupThousands(fixed(v));
  let si: ((v: number) => string) | undefined;
  if (largest >= 1000 && largest < 1e21) {
    const power = Math.min(SI_SUFFIXES.length - 1, Math.floor(Math.log10(largest) / 3));
    const scale = 1000 ** power;
    const suffix = SI_SUFFIXES[power] ?? '';
    const siDecimals = Math.min(20, decimalsForStep(step / scale));
    si = (v: number): string => unsignZero((v / scale).toFixed(siDecimals)) + suffix;
  }
  // Up to six digits read well in full; beyond that a shared SI unit is easier to compare.
  const order = largest >= 1e6 && si ? [si, grouped, fixed] : [grouped, fixed, si];
  const endDecimals = Math.max(decimals, decimalsOf(lo), decimalsOf(hi));
  if (exactEnds && largest < 1e6 && endDecimals > decimals && endDecimals <= decimals + MAX_EXTRA_DECIMALS) {
    const exact = (v: number): string => groupThousands(unsignZero(v.toFixed(endDecimals)));
    if (fits(exact)) return exact;
  }
  if (decimals <= 20) {
    for (const format of order) if (format && fits(format)) return format;
  } else if (si && fits(si)) {
    return si;
  }

  const wanted = Math.max(0, Math.min(20, Math.ceil(Math.log10(largest / step) - 1e-9)));
  for (let digits = wanted; digits >= 0; digits--) {
    const exponent = (v: number): string => {
      if (v === 0) return '0';
      const [mantissa = '', power = ''] = v.toExponential(digits).split('e');
      return `${mantissa}e${power.replace('+', '')}`;
    };
    if (fits(exponent)) return exponent;
  }
  return fallback;
}

/** Epoch milliseconds from a number (epoch ms), a Date or an ISO string; NaN when invalid. */
export function toEpochMs(value: number | string | Date | null | undefined): number {
  if (value === null || value === undefined) return Number.NaN;
  if (typeof value === 'number') return Number.isFinite(value) ? value : Number.NaN;
  if (value instanceof Date) return value.getTime();
  const text = value.trim();
  // Server times without an offset are UTC; Date.parse would read them as local time.
  const hasOffset = /(?:[zZ]|[+-]\d\d:?\d\d)$/.test(text);
  const isDateTime = /^\d{4}-\d\d-\d\d[T ]\d\d:\d\d/.test(text);
  const parsed = Date.parse(isDateTime && !hasOffset ? `${text.replace(' ', 'T')}Z` : text);
  return Number.isFinite(parsed) ? parsed : Number.NaN;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const YEAR = 365 * DAY;

function ageText(ms: number): string {
  if (ms < MINUTE) return `${Math.floor(ms / SECOND)}s`;
  if (ms < HOUR) return `${Math.floor(ms / MINUTE)}m`;
  if (ms < DAY) return `${Math.floor(ms / HOUR)}h`;
  if (ms < YEAR) return `${Math.floor(ms / DAY)}d`;
  return `${Math.floor(ms / YEAR)}y`;
}

/**
 * `3s ago`, `5m ago`, `2h ago`, `3d ago`, `2y ago`; `now` within a second (either way, to absorb
 * small clock differences with the server); `in 5m` for times further in the future; `-` when
 * the time is invalid.
 */
export function formatRelativeTime(time: number | string | Date | null | undefined, now: number): string {
  const then = toEpochMs(time);
  if (!Number.isFinite(then) || !Number.isFinite(now)) return '-';
  const diff = now - then;
  if (Math.abs(diff) < SECOND) return 'now';
  return diff > 0 ? `${ageText(diff)} ago` : `in ${ageText(-diff)}`;
}

const pad2 = (n: number): string => String(n).padStart(2, '0');

/** `45s`, `3m 05s`, `1h 02m`, `2d 03h`. Negative durations show as `0s`; invalid ones as `-`. */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms)) return '-';
  const total = Math.max(0, Math.floor(ms / SECOND));
  const days = Math.floor(total / 86400);
  const hours = Math.floor((total % 86400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  if (days > 0) return `${days}d ${pad2(hours)}h`;
  if (hours > 0) return `${hours}h ${pad2(minutes)}m`;
  if (minutes > 0) return `${minutes}m ${pad2(seconds)}s`;
  return `${seconds}s`;
}

/** Local `HH:MM:SS` of an epoch-ms number or ISO string; `-` when invalid. */
export function formatTimeOfDay(time: number | string | Date | null | undefined): string {
  const ms = toEpochMs(time);
  if (!Number.isFinite(ms)) return '-';
  const d = new Date(ms);
  return `${pad2(d.getHours())}:${pad2(d.getMinutes())}:${pad2(d.getSeconds())}`;
}

/** True when two epoch-ms times fall on the same local calendar day. */
export function sameLocalDay(a: number, b: number): boolean {
  const x = new Date(a);
  const y = new Date(b);
  return x.getFullYear() === y.getFullYear() && x.getMonth() === y.getMonth() && x.getDate() === y.getDate();
}

/**
 * A log line's time: local `HH:MM:SS` when it is from the same day as `reference` (today),
 * else `MM-DD HH:MM:SS`, so an old run's log does not pass for today's; `-` when invalid.
 */
export function formatLogTime(time: number | string | Date | null | undefined, reference: number): string {
  const ms = toEpochMs(time);
  if (!Number.isFinite(ms)) return '-';
  if (sameLocalDay(ms, reference)) return formatTimeOfDay(ms);
  const d = new Date(ms);
  return `${pad2(d.getMonth() + 1)}-${pad2(d.getDate())} ${formatTimeOfDay(ms)}`;
}

/** Local `MM-DD HH:MM` of an epoch-ms number or ISO string; `-` when invalid. */
export function formatMonthDayTime(time: number | string | Date | null | undefined): string {
  const ms = toEpochMs(time);
  if (!Number.isFinite(ms)) return '-';
  const d = new Date(ms);
  return `${pad2(d.getMonth() + 1)}-${pad2(d.getDate())} ${pad2(d.getHours())}:${pad2(d.getMinutes())}`;
}

const BYTE_UNITS = ['B', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB', 'EiB'] as const;

/** `512 B`, `1.5 KiB`, `23.4 MiB`, `512 GiB` (binary units, 3 significant digits); `-` when invalid. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '-';
  let unit = 0;
  let value = bytes;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  if (unit === 0) return `${Math.round(value)} B`;
  let text = value >= 100 ? String(Math.round(value)) : trimZeros(value.toPrecision(3));
  if (text === '1024' && unit < BYTE_UNITS.length - 1) {
    unit += 1;
    text = '1';
  }
  return `${text} ${BYTE_UNITS[unit]}`;
}

/** `noun` for one, else its plural (`noun` + s unless given). */
export function plural(n: number, noun: string, nouns = `${noun}s`): string {
  return n === 1 ? noun : nouns;
}

/** A count with its noun: `no tasks`, `1 task`, `12 tasks`; `more` (a partial count) adds `+`: `50+ tasks`. */
export function counted(n: number, noun: string, more = false): string {
  if (more) return `${n}+ ${plural(2, noun)}`;
  return n === 0 ? `no ${plural(0, noun)}` : `${n} ${plural(n, noun)}`;
}
