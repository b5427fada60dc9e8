// Ink 6.8 builds every frame from scratch: each text line is tokenised into styled cells, each
// cell measured, and each screen row turned back into an ANSI string, with caches that live
// for one frame only. A key press that changes two rows of a 120x40 screen paid for all 40
// (about 60 % of the CPU per key, profiled with --cpu-prof). Our install edits Ink's output.js
// with four changes that leave its output byte for byte the same:
//   - the tokenising and width caches outlive the frame (dropped whole past a bound on their
//     entries and on the characters of their keys, so days of changing log lines cannot grow
//     them without end: paging through a long log grew a bound of 20,000 entries alone to
//     ~700 MB of RSS; a line's styled cells take about 60 bytes a character, 270 before
//     scripts/ansi-tokenize-fast.mjs made them compact);
//   - blank cells are one shared object rather than width x height new ones per frame;
//   - a row whose cells are the very same objects as last frame's row reuses its string;
//   - lines cut to a clipping box (every line: the monitor's root box clips) and the widest
//     line of each text node (render-node-to-output.js) are remembered the same way.
// Ink's own module-wide caches of text sizes and wrapped text (measure-text.js, wrap-text.js)
// keep every string ever drawn: over days of log lines that is memory without end, so they
// get the same bound.
// The edits are applied under node_modules (scripts/dependency-edits.mjs), so the tests run them too;
// test/scripts/ink-output-cache.test.ts checks that the edited module writes what the published one does.
import { applyEdits } from './source-edits.mjs';

/** Entries each shared cache holds before it is dropped and rebuilt. */
export const OUTPUT_CACHE_LIMIT = 5_000;
/**
 * Characters of keys (lines of text) each cache holds before it is dropped: about twelve
 * screens of 160x50, so redrawing what is on screen finds it cached.
 */
export const OUTPUT_CACHE_CHARS = 100_000;

/** A Map remembering `compute(key)`, dropped whole past OUTPUT_CACHE_LIMIT entries or OUTPUT_CACHE_CHARS. */
const BOUNDED_MEMO = `
function boundedMemo(compute) {
    let memo = new Map();
    let chars = 0;
    return (key, ...args) => {
        let value = memo.get(key);
        if (value === undefined) {
            if (memo.size >= ${OUTPUT_CACHE_LIMIT} || chars >= ${OUTPUT_CACHE_CHARS}) {
                memo = new Map();
                chars = 0;
            }
            value = compute(key, ...args);
            memo.set(key, value);
            chars += key.length;
        }
        return value;
    };
}
`;

const OUTPUT_HELPERS = `${BOUNDED_MEMO}
const slices = boundedMemo((key, line, from, to) => sliceAnsi(line, from, to));
const BLANK_CELL = { type: 'char', value: ' ', fullWidth: false, styles: [] };
let sharedCaches;
function sharedOutputCaches() {
    if (sharedCaches === undefined ||
        sharedCaches.chars >= ${OUTPUT_CACHE_CHARS} ||
        sharedCaches.styledChars.size + sharedCaches.widths.size + sharedCaches.blockWidths.size > ${OUTPUT_CACHE_LIMIT}) {
        sharedCaches = new OutputCaches();
    }
    return sharedCaches;
}
/** Characters of the lines the shared caches hold now (for the tests). */
export function outputCacheChars() {
    return sharedCaches === undefined ? 0 : sharedCaches.chars;
}
const previousRows = [];
function rowText(y, cells) {
    const previous = previousRows[y];
    if (previous !== undefined && previous.cells.length === cells.length && previous.cells.every((cell, x) => cell === cells[x])) {
        return previous.text;
    }
    const text = styledCharsToString(cells).trimEnd();
    previousRows[y] = { cells, text };
    return text;
}
`;

const OUTPUT_EDITS = [
  ['caches = new OutputCaches();', 'caches = sharedOutputCaches();'],
  ['    styledChars = new Map();', '    styledChars = new Map();\n    chars = 0;'],
  [
    '            this.styledChars.set(line, cached);',
    '            this.styledChars.set(line, cached);\n            this.chars += line.length;',
  ],
  [
    '            this.widths.set(text, cached);',
    '            this.widths.set(text, cached);\n            this.chars += text.length;',
  ],
  [
    `row.push({
                    type: 'char',
                    value: ' ',
                    fullWidth: false,
                    styles: [],
                });`,
    'row.push(BLANK_CELL);',
  ],
  [
    `.map(line => {
            // See https://github.com/vadimdemedes/ink/pull/564#issuecomment-1637022742
            const lineWithoutEmptyItems = line.filter(item => item !== undefined);
            return styledCharsToString(lineWithoutEmptyItems).trimEnd();`,
    `.map((line, rowIndex) => {
            const lineWithoutEmptyItems = line.filter(item => item !== undefined);
            return rowText(rowIndex, lineWithoutEmptyItems);`,
  ],
  ['return sliceAnsi(line, from, to);', 'return slices(`${from}:${to}:${line}`, line, from, to);'],
];

const RENDER_EDITS = [["import widestLine from 'widest-line';", "import uncachedWidestLine from 'widest-line';"]];
const RENDER_HELPERS = `${BOUNDED_MEMO}
const widestLine = boundedMemo(uncachedWidestLine);
`;

const MEASURE_EDITS = [
  [
    'cache.set(text, dimensions);',
    `if (cache.size >= ${OUTPUT_CACHE_LIMIT}) cache.clear();\n    cache.set(text, dimensions);`,
  ],
];

const WRAP_EDITS = [
  ['const cache = {};', 'let cache = {};\nlet cacheSize = 0;'],
  [
    'cache[cacheKey] = wrappedText;',
    `if (++cacheSize > ${OUTPUT_CACHE_LIMIT}) {\n        cache = {};\n        cacheSize = 1;\n    }\n    cache[cacheKey] = wrappedText;`,
  ],
];

/** The edits per Ink module (file name under ink/build/). */
export const INK_EDITS = {
  'output.js': (source) => edit(source, 'output.js', OUTPUT_EDITS, OUTPUT_HELPERS),
  'render-node-to-output.js': (source) => edit(source, 'render-node-to-output.js', RENDER_EDITS, RENDER_HELPERS),
  'measure-text.js': (source) => edit(source, 'measure-text.js', MEASURE_EDITS, ''),
  'wrap-text.js': (source) => edit(source, 'wrap-text.js', WRAP_EDITS, ''),
};

function edit(source, file, edits, helpers) {
  return applyEdits(source, edits, helpers, { what: `ink/build/${file}`, review: 'scripts/ink-output-cache.mjs' });
}

/** Ink's output.js with the caching edits; throws when Ink's code is not the one expected. */
export function cacheInkOutput(source) {
  return INK_EDITS['output.js'](source);
}

/** Ink's render-node-to-output.js with the widest-line memo; throws as `cacheInkOutput` does. */
export function cacheInkRenderNode(source) {
  return INK_EDITS['render-node-to-output.js'](source);
}
