// The log search's query: `/pattern/flags` or a plain substring, compiled once into the tests
// the window (log-window.ts) and the scan beyond it (store/logs/scan.ts) run on each line.

export type LogMatcher = (plainText: string) => boolean;

/**
 * `asciiTest` gives `test`'s answer for text of printable ASCII only (what most log lines are),
 * more cheaply: a substring becomes one case-insensitive scan, without a lowercased copy.
 * `plain` (not a regular expression): `asciiTest` then also holds for any text containing a
 * text it holds for, so a text it rejects contains no printable-ASCII part that matches.
 */
type CompiledQuery = ({ ok: true } & LogQuery) | { ok: false; error: string };

/** A query that compiled; `source` is the text it was compiled from. */
export interface LogQuery {
  source: string;
  test: LogMatcher;
  asciiTest: LogMatcher;
  plain: boolean;
}

/**
 * `/pattern/flags` is a regular expression (case-insensitive unless flags are given; `g` and
 * `y` are ignored); anything else is a case-insensitive substring.
 */
export function compileLogQuery(query: string): CompiledQuery {
  if (query.length === 0) return { ok: false, error: 'empty search' };
  const regex = /^\/(.+)\/([a-z]*)$/s.exec(query);
  if (regex) {
    const flags = (regex[2] ?? '').replace(/[gy]/g, '');
    try {
      const re = new RegExp(regex[1] as string, flags.length > 0 ? flags : 'i');
      const test = (text: string) => re.test(text);
      return { ok: true, source: query, test, asciiTest: test, plain: false };
    } catch (error) {
      return { ok: false, error: error instanceof Error ? error.message : 'invalid regular expression' };
    }
  }
  const needle = query.toLowerCase();
  // ASCII lowercases to ASCII, so such text never holds a needle with other characters.
  const asciiNeedle = /^[\x20-\x7e]*$/.test(needle) ? new RegExp(escapeRegExp(needle), 'i') : null;
  return {
    ok: true,
    source: query,
    test: (text) => text.toLowerCase().includes(needle),
    asciiTest: (text) => asciiNeedle !== null && asciiNeedle.test(text),
    plain: true,
  };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}
