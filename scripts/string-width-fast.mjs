// string-width 8 (Ink's and widest-line's) measures printable ASCII by its length and sends
// every other string through Intl.Segmenter, emoji regexes and an East Asian Width lookup per
// cluster. Nearly every line of the monitor has a border, a sparkline or a status mark, so the
// first frame measured each of them the slow way: about a quarter of its render time
// (--cpu-prof). Our install widens the fast path to the box drawing, block, geometric, arrow,
// punctuation and check-mark characters the monitor draws: each is one cluster of width 1 on
// its own and never joins a neighbour into a cluster, so the width of a string made only of
// them is its length. Only with the default `ambiguousIsNarrow` (several are East Asian
// "ambiguous", wide when that option is off). test/scripts/string-width-fast.test.ts checks
// every one of them, and every pair, against the original.
//
// Both string-widths (8, and wrap-ansi's own 7) also build an Intl.Segmenter and Unicode
// property regexes when their module loads: `\p{RGI_Emoji}` with the `v` flag alone took about
// 10 ms, the segmenter about 6 (--cpu-prof of the monitor's start, by line), all on the way to
// the first frame, whose lines the fast path measures without them. Our install builds each on
// its first use instead.

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
/** NARROW_RANGES as the inside of a regex character class. */
export const NARROW_CLASS = NARROW_RANGES.map(([from, to]) => `${hex(from)}-${hex(to)}`).join('');

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

/** string-width 8's module-level segmenter and regexes, built when a slow-path string is first measured. */
export const DEFERRED_8 = [
  'segmenter',
  'visibleCharacterRegex',
  'spacingMarkRegex',
  'rgiEmojiRegex',
  'extendedPictographicRegex',
];
/** The same in string-width 7 (wrap-ansi's). */
export const DEFERRED_7 = ['segmenter', 'defaultIgnorableCodePointRegex'];

/**
 * Each `const NAME = EXPRESSION;` at the top of `source` becomes a function that builds the
 * value on its first call and keeps it, and each use of NAME a call of it. Throws when a
 * declaration is not found once: the package changed and the list needs a review.
 */
export function deferConstants(source, names, what) {
  let out = source;
  for (const name of names) {
    const declaration = new RegExp(`^const ${name} = ([^\\n]+);$`, 'gm');
    const found = [...out.matchAll(declaration)];
    if (found.length !== 1)
      throw new Error(
        `${what}: \`const ${name} = …;\` found ${found.length} times; review scripts/string-width-fast.mjs`,
      );
    const expression = found[0][1];
    out = out
      .replace(declaration, () => `let ${name}Built;\nconst ${name}Once = () => (${name}Built ??= ${expression});`)
      // `\b` does not match inside `${name}Built` or `${name}Once`: only the other uses.
      .replace(new RegExp(`\\b${name}\\b`, 'g'), `${name}Once()`);
  }
  return out;
}

/** The hoisted string-width 8 as our install edits it. */
export function transformStringWidth8(source) {
  return deferConstants(widenStringWidthFastPath(source), DEFERRED_8, 'string-width 8');
}

/** wrap-ansi's string-width 7 as our install edits it. */
export function transformStringWidth7(source) {
  return deferConstants(source, DEFERRED_7, 'string-width 7');
}
