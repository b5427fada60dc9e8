// string-width 8 (Ink's and widest-line's) measures printable ASCII by its length and sends
// every other string through Intl.Segmenter, emoji regexes and an East Asian Width lookup per
// cluster. Nearly every line of the monitor has a border, a sparkline or a status mark, so the
// first frame measured each of them the slow way: about a quarter of its render time
// (--cpu-prof). The bundle widens the fast path to the box drawing, block, geometric, arrow,
// punctuation and check-mark characters the monitor draws: each is one cluster of width 1 on
// its own and never joins a neighbour into a cluster, so the width of a string made only of
// them is its length. Only with the default `ambiguousIsNarrow` (several are East Asian
// "ambiguous", wide when that option is off). test/scripts/string-width-fast.test.ts checks
// every one of them, and every pair, against the original.
import { readFileSync } from 'node:fs';

/** Code point ranges (inclusive) of width 1 that never join a neighbour, besides printable ASCII. */
export const NARROW_RANGES = [
  [0x00a1, 0x00ac], // Latin-1 punctuation and signs (U+00AD, the soft hyphen, is zero-width)
  [0x00ae, 0x00ff],
  [0x2010, 0x2027], // dashes, quotes, bullets, ellipsis (U+2028/9 separate lines)
  [0x2030, 0x205e],
  [0x2190, 0x21ff], // arrows
  [0x2500, 0x25fc], // box drawing, blocks, geometric shapes (U+25FD/E are emoji)
  [0x2713, 0x2717], // check marks and crosses
];

const hex = (cp) => `\\u${cp.toString(16).padStart(4, '0')}`;
const NARROW_CLASS = NARROW_RANGES.map(([from, to]) => `${hex(from)}-${hex(to)}`).join('');

const ASCII_FAST_PATH = 'if (/^[\\u0020-\\u007E]*$/.test(string)) {';

/** string-width's source with the wider fast path; throws when its code is not the one expected. */
export function widenStringWidthFastPath(source) {
  const count = source.split(ASCII_FAST_PATH).length - 1;
  if (count !== 1)
    throw new Error(`string-width's fast path changed (${count} found); review scripts/string-width-fast.mjs`);
  return source.replace(
    ASCII_FAST_PATH,
    `if ((ambiguousIsNarrow ? /^[\\u0020-\\u007E${NARROW_CLASS}]*$/ : /^[\\u0020-\\u007E]*$/).test(string)) {`,
  );
}

const NESTED = /[\\/]node_modules[\\/][^\\/]+[\\/]node_modules[\\/]string-width[\\/]/;

export const stringWidthFast = {
  name: 'string-width-fast',
  setup(b) {
    // The hoisted string-width 8 only: wrap-ansi's own string-width 7 (nested in its
    // node_modules) has no fast path to widen.
    b.onLoad({ filter: /[\\/]node_modules[\\/]string-width[\\/]index\.js$/ }, (args) =>
      NESTED.test(args.path)
        ? undefined
        : { contents: widenStringWidthFastPath(readFileSync(args.path, 'utf8')), loader: 'js' },
    );
  },
};
