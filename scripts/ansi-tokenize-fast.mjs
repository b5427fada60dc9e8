// Ink's output builder turns every line of a frame into styled cells with @alcalzone/ansi-tokenize
// and every screen row back into a string. Profiled (--cpu-prof) on the monitor's first frame,
// that was about half of Ink's output time, in two places:
//   - tokenize() cuts each line into grapheme clusters with Intl.Segmenter, whose module-level
//     instance is also built when the bundle loads;
//   - styledCharsToString() works out the escape codes between every two neighbouring cells
//     (three Sets and two filters a cell), though neighbours nearly always share their style.
// Ink's output caches (scripts/ink-output-cache.mjs) keep the styled cells of up to 100,000
// characters of lines, and a soak (bench/soak.mjs) with heap snapshots found each cell cost
// about 340 bytes: built by spreading its token (`{ ...token, styles: [...codes] }`), once the
// spread's inline cache has seen tokens of several shapes V8 gives every cell a hidden class
// of its own (a map and a descriptor array, ~190 bytes), and each cell had its own copy of the
// codes. That cache was most of the monitor's heap growth over a soak.
// Our install edits the package with three changes that leave every result the same:
//   - a line made only of printable ASCII, ESC and the characters of string-width-fast's
//     NARROW_RANGES (each one cluster on its own that never joins a neighbour, the property
//     test/scripts/string-width-fast.test.ts checks against Intl.Segmenter) is cut into clusters
//     a code unit each; other lines still go through the segmenter, built on its first use;
//   - two neighbouring cells with the same codes in the same order add no codes between them
//     (what diffAnsiCodes gives for them), and a row's last cell without style closes nothing;
//   - a cell is an object literal (one hidden class for all) and the cells between two escape
//     codes share one array of codes: reduceAnsiCodesIncremental returns a new array for each
//     code and nothing (Ink's output.js, styledCharsToString) writes to a cell's styles.
// test/scripts/ansi-tokenize-fast.test.ts checks them against the package as published.
import { applyEdits } from './source-edits.mjs';
import { deferConstants, NARROW_CLASS } from './string-width-fast.mjs';

const ONE_UNIT_CLASS = `\\u0020-\\u007E\\u001B${NARROW_CLASS}`;

const TOKENIZE_EDITS = [
  ['for (const { segment, index } of segmenter.segment(str)) {', 'for (const { segment, index } of clustersOf(str)) {'],
];
const TOKENIZE_HELPERS = `
const ONE_UNIT_CLUSTERS = /^[${ONE_UNIT_CLASS}]*$/;
/** The grapheme clusters of \`str\` as the segmenter gives them (segment and index). */
function clustersOf(str) {
    if (!ONE_UNIT_CLUSTERS.test(str)) return segmenter.segment(str);
    const clusters = new Array(str.length);
    for (let index = 0; index < str.length; index++) clusters[index] = { segment: str[index], index };
    return clusters;
}
`;

const STYLED_CHARS_EDITS = [
  [
    `ret.push({
                ...token,
                styles: [...codes],
            });`,
    'ret.push({ type: token.type, value: token.value, fullWidth: token.fullWidth, styles: codes });',
  ],
  [
    'ret += ansiCodesToString(diffAnsiCodes(chars[i - 1].styles, char.styles));',
    'ret += sameCodes(chars[i - 1].styles, char.styles) ? "" : ansiCodesToString(diffAnsiCodes(chars[i - 1].styles, char.styles));',
  ],
  [
    'ret += ansiCodesToString(diffAnsiCodes(char.styles, []));',
    'ret += char.styles.length === 0 ? "" : ansiCodesToString(diffAnsiCodes(char.styles, []));',
  ],
];
const STYLED_CHARS_HELPERS = `
/** The same codes in the same order: diffAnsiCodes(from, to) is then empty. */
function sameCodes(from, to) {
    if (from === to) return true;
    if (from.length !== to.length) return false;
    for (let i = 0; i < from.length; i++) {
        if (from[i].code !== to[i].code || from[i].endCode !== to[i].endCode) return false;
    }
    return true;
}
`;

function edit(source, file, edits, helpers) {
  return applyEdits(source, edits, helpers, {
    what: `ansi-tokenize's ${file}`,
    review: 'scripts/ansi-tokenize-fast.mjs',
  });
}

/** The edits per module (file name under @alcalzone/ansi-tokenize/build/). */
export const TOKENIZE_MODULE_EDITS = {
  'tokenize.js': (source) =>
    deferConstants(edit(source, 'tokenize.js', TOKENIZE_EDITS, TOKENIZE_HELPERS), ['segmenter'], 'ansi-tokenize'),
  'styledChars.js': (source) => edit(source, 'styledChars.js', STYLED_CHARS_EDITS, STYLED_CHARS_HELPERS),
};
