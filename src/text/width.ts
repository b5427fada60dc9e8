// Display width of terminal text, and cutting/padding text to a width.
//
// Widths are what tmux draws (tmux 3.3a on glibc, measured by test/e2e/width.e2e.test.ts):
// every code point takes its own wcwidth; nothing combines into one wide glyph except a
// non-ASCII character right after a ZWJ, which tmux draws inside the previous cell. So
// 👍🏽 (emoji + skin tone) is 4 columns, ❤️ (narrow base + VS16) is 1, a flag is 1 + 1, and
// marks, format characters and unassigned code points are 0. string-width (Ink's measure)
// disagrees on some of these; the sanitiser rewrites those clusters so both agree.
//
// Text is cut into grapheme clusters in one linear pass (Intl.Segmenter is quadratic on Node
// 20), so truncation never splits a character from its marks.
//
// Input is expected to be sanitised already (printable text plus, optionally, SGR sequences).
import { eastAsianWidth } from 'get-east-asian-width';

const ESC = '\u001b';
const SGR_RESET = `${ESC}[0m`;
// Only SGR is expected in sanitised text; any other CSI is treated the same way (zero width).
const CSI_PATTERN = /\u001b\[[0-?]*[ -/]*[@-~]/y;
const PRINTABLE_ASCII = /^[\u0020-\u007e]*$/;
/** Longest cluster measured as one; longer (pathological) runs of marks are cut. */
const MAX_CLUSTER = 64;

// Code points that never start a cluster of their own: marks, joiners, variation selectors,
// emoji modifiers, tag characters, Thai/Lao AM (spacing marks by the segmentation rules though
// not by category).
const JOINS_PREVIOUS = /^[\p{Grapheme_Extend}\p{Mc}\u200d\u{1f3fb}-\u{1f3ff}\u{e0020}-\u{e007f}\u0e33\u0eb3]$/u;
// Drawn in no cell: marks, format characters (zero-width and bidi controls, soft hyphen
// aside), controls, unassigned code points (wcwidth -1: tmux drops them), line separators.
const ZERO_WIDTH = /^[\p{Mn}\p{Me}\p{Cf}\p{Cc}\p{Cn}\p{Cs}\p{Zl}\p{Zp}]$/u;
// Format characters glibc gives one column: the soft hyphen and the prepended concatenation
// marks (Arabic number signs and the like).
const ONE_COLUMN_FORMAT = new Set([
  0xad, 0x600, 0x601, 0x602, 0x603, 0x604, 0x605, 0x6dd, 0x70f, 0x890, 0x891, 0x8e2, 0x110bd, 0x110cd,
]);
const ZWJ = 0x200d;
const PICTOGRAPHIC = /^\p{Extended_Pictographic}$/u;
// Prepend characters: they join the character after them.
const PREPEND =
  /^[\u0600-\u0605\u06dd\u070f\u0890\u0891\u08e2\u{110bd}\u{110cd}\u0d4e\u{111c2}\u{111c3}\u{1193f}\u{11941}\u{11a3a}\u{11a84}-\u{11a89}\u{11d46}\u{11f02}]$/u;

const CACHE_LIMIT = 4096;
const joinsCache = new Map<number, boolean>();
const widthCache = new Map<number, number>();
const pictographicCache = new Map<number, boolean>();
const prependCache = new Map<number, boolean>();

function cached<K, T>(cache: Map<K, T>, key: K, compute: (key: K) => T): T {
  const hit = cache.get(key);
  if (hit !== undefined) return hit;
  const value = compute(key);
  if (cache.size >= CACHE_LIMIT) cache.clear();
  cache.set(key, value);
  return value;
}

const codePointMatcher =
  (re: RegExp) =>
  (cp: number): boolean =>
    re.test(String.fromCodePoint(cp));
const joinsTest = codePointMatcher(JOINS_PREVIOUS);
const pictographicTest = codePointMatcher(PICTOGRAPHIC);
const prependTest = codePointMatcher(PREPEND);

function joinsPrevious(codePoint: number): boolean {
  return codePoint >= 0x300 && cached(joinsCache, codePoint, joinsTest);
}

export function isPictographic(codePoint: number): boolean {
  return codePoint >= 0xa9 && cached(pictographicCache, codePoint, pictographicTest);
}

function isPrepend(codePoint: number): boolean {
  return codePoint >= 0x600 && cached(prependCache, codePoint, prependTest);
}

/** Hangul vowels and final consonants (conjoining jamo): drawn inside the syllable's cell. */
const isHangulJoiningJamo = (cp: number): boolean => (cp >= 0x1160 && cp <= 0x11ff) || (cp >= 0xd7b0 && cp <= 0xd7ff);

function computeWidth(cp: number): number {
  if (ONE_COLUMN_FORMAT.has(cp)) return 1;
  if (isHangulJoiningJamo(cp) || ZERO_WIDTH.test(String.fromCodePoint(cp))) return 0;
  return eastAsianWidth(cp);
}

/** Columns one code point takes on its own (wcwidth, with 0 for what tmux draws nowhere). */
export function codePointWidth(codePoint: number): number {
  if (codePoint >= 0x20 && codePoint < 0x7f) return 1;
  return cached(widthCache, codePoint, computeWidth);
}

const isRegionalIndicator = (cp: number): boolean => cp >= 0x1f1e6 && cp <= 0x1f1ff;

// Hangul syllable parts: leading consonants (L), vowels (V), trailing consonants (T), and
// precomposed syllables with (LVT) or without (LV) a trailing consonant.
const isHangulL = (cp: number): boolean => (cp >= 0x1100 && cp <= 0x115f) || (cp >= 0xa960 && cp <= 0xa97c);
const isHangulV = (cp: number): boolean => (cp >= 0x1160 && cp <= 0x11a7) || (cp >= 0xd7b0 && cp <= 0xd7c6);
const isHangulT = (cp: number): boolean => (cp >= 0x11a8 && cp <= 0x11ff) || (cp >= 0xd7cb && cp <= 0xd7fb);
const isHangulSyllable = (cp: number): boolean => cp >= 0xac00 && cp <= 0xd7a3;
const isHangulLV = (cp: number): boolean => isHangulSyllable(cp) && (cp - 0xac00) % 28 === 0;

export function hangulJoins(previous: number, cp: number): boolean {
  if (isHangulL(previous)) return isHangulL(cp) || isHangulV(cp) || isHangulSyllable(cp);
  if (isHangulV(previous) || isHangulLV(previous)) return isHangulV(cp) || isHangulT(cp);
  if (isHangulT(previous) || isHangulSyllable(previous)) return isHangulT(cp);
  return false;
}

// Indic conjuncts (consonant + virama + consonant form one cluster) in the scripts whose
// virama links consonants: Devanagari, Bengali, Gujarati, Oriya, Telugu, Malayalam.
const LINKING_VIRAMAS = new Set([0x94d, 0x9cd, 0xacd, 0xb4d, 0xc4d, 0xd4d]);
const INDIC_LETTER = /^\p{Lo}$/u;
/** Unicode block (128 code points) of a code point, to match a virama with its script. */
const block = (cp: number): number => cp >> 7;

/** End (exclusive) of the grapheme cluster starting at `start`. */
export function clusterEnd(text: string, start: number, end: number): number {
  let previous = text.codePointAt(start) as number;
  let i = start + (previous > 0xffff ? 2 : 1);
  let regionalIndicators = isRegionalIndicator(previous) ? 1 : 0;
  // Block of the last Indic virama, when only extenders followed it: a consonant of that
  // script joins (-1 otherwise).
  let linkBlock = LINKING_VIRAMAS.has(previous) ? block(previous) : -1;
  while (i < end && i - start < MAX_CLUSTER) {
    const cp = text.codePointAt(i) as number;
    let binds: boolean;
    if (isPrepend(previous)) binds = true;
    // tmux draws any non-ASCII character after a ZWJ inside the cell before it.
    else if (previous === ZWJ && cp >= 0x80) binds = true;
    else if (joinsPrevious(cp)) binds = true;
    else if (isRegionalIndicator(cp)) binds = isRegionalIndicator(previous) && regionalIndicators % 2 === 1;
    else {
      binds = hangulJoins(previous, cp) || (linkBlock === block(cp) && INDIC_LETTER.test(String.fromCodePoint(cp)));
    }
    if (!binds) break;
    if (isRegionalIndicator(cp)) regionalIndicators++;
    if (LINKING_VIRAMAS.has(cp)) linkBlock = block(cp);
    else if (!joinsPrevious(cp)) linkBlock = -1;
    previous = cp;
    i += cp > 0xffff ? 2 : 1;
  }
  return i;
}

/** Width of text[start, stop): each code point's own width; non-ASCII after a ZWJ joins. */
export function clusterWidth(text: string, start: number, stop: number): number {
  let width = 0;
  let afterZwj = false;
  for (let i = start; i < stop;) {
    const cp = text.codePointAt(i) as number;
    if (!(afterZwj && cp >= 0x80)) width += codePointWidth(cp);
    afterZwj = cp === ZWJ && i > start;
    i += cp > 0xffff ? 2 : 1;
  }
  return width;
}

/** Width of text holding no escape sequence. */
function plainWidth(text: string, start = 0, end = text.length): number {
  let width = 0;
  let i = start;
  while (i < end) {
    const code = text.charCodeAt(i);
    // Printable ASCII not followed by a mark is one column (most text, fast).
    if (code >= 0x20 && code < 0x7f && (i + 1 >= end || text.charCodeAt(i + 1) < 0x300)) {
      width += 1;
      i += 1;
      continue;
    }
    const stop = clusterEnd(text, i, end);
    width += clusterWidth(text, i, stop);
    i = stop;
  }
  return width;
}

interface Token {
  text: string;
  /** Escape sequences have width 0 and are never split. */
  escape: boolean;
}

function* tokens(text: string): Generator<Token> {
  let plainStart = 0;
  let i = text.indexOf(ESC);
  while (i !== -1) {
    CSI_PATTERN.lastIndex = i;
    const match = CSI_PATTERN.exec(text);
    if (match) {
      if (i > plainStart) yield { text: text.slice(plainStart, i), escape: false };
      yield { text: match[0], escape: true };
      plainStart = i + match[0].length;
      i = text.indexOf(ESC, plainStart);
    } else {
      i = text.indexOf(ESC, i + 1);
    }
  }
  if (plainStart < text.length) yield { text: text.slice(plainStart), escape: false };
}

/** Number of terminal columns `text` occupies. */
export function displayWidth(text: string): number {
  if (text.length === 0) return 0;
  if (PRINTABLE_ASCII.test(text)) return text.length;
  if (!text.includes(ESC)) return plainWidth(text);
  let width = 0;
  for (const token of tokens(text)) if (!token.escape) width += plainWidth(token.text);
  return width;
}

/** True when an SGR sequence leaves no attribute set (`ESC[m`, `ESC[0m`, `ESC[0;0m`). */
function isSgrReset(sequence: string): boolean {
  return /^\u001b\[[0;]*m$/.test(sequence);
}

export interface TruncateOptions {
  /** Appended when text was cut; counts toward the width. Default: none. */
  ellipsis?: string;
}

/**
 * Cuts `text` to at most `maxWidth` columns. Escape sequences are never split; a wide character
 * that would straddle the limit is dropped. When text was cut and a colour was still active,
 * `ESC[0m` is appended so the style cannot leak into what follows. Work is proportional to the
 * part kept, not to the length of `text`.
 */
export function truncateToWidth(text: string, maxWidth: number, options: TruncateOptions = {}): string {
  const limit = Math.max(0, Math.floor(maxWidth));
  if (text.length <= limit && PRINTABLE_ASCII.test(text)) return text;

  let ellipsis = options.ellipsis ?? '';
  let ellipsisWidth = displayWidth(ellipsis);
  if (ellipsisWidth > limit) {
    ellipsis = '';
    ellipsisWidth = 0;
  }
  const budget = limit - ellipsisWidth;

  // `cut` is the longest prefix within `budget`; walking on until the width passes `limit`
  // tells whether the whole text fits after all.
  let out = '';
  let cut = -1;
  let styledAtCut = false;
  let used = 0;
  let styled = false;
  for (const token of tokens(text)) {
    if (token.escape) {
      out += token.text;
      styled = !isSgrReset(token.text);
      continue;
    }
    const plain = token.text;
    let i = 0;
    while (i < plain.length) {
      const code = plain.charCodeAt(i);
      const stop =
        code >= 0x20 && code < 0x7f && (i + 1 >= plain.length || plain.charCodeAt(i + 1) < 0x300)
          ? i + 1
          : clusterEnd(plain, i, plain.length);
      const w = stop === i + 1 && code >= 0x20 && code < 0x7f ? 1 : clusterWidth(plain, i, stop);
      if (used + w > budget && cut < 0) {
        cut = out.length;
        styledAtCut = styled;
      }
      if (used + w > limit) {
        return out.slice(0, cut) + ellipsis + (styledAtCut ? SGR_RESET : '');
      }
      out += plain.slice(i, stop);
      used += w;
      i = stop;
    }
  }
  return text;
}

export type Alignment = 'left' | 'right' | 'center';

/** Cuts or pads `text` with spaces so it occupies exactly `width` columns. */
export function fitToWidth(text: string, width: number, options: TruncateOptions & { align?: Alignment } = {}): string {
  const target = Math.max(0, Math.floor(width));
  const cut = truncateToWidth(text, target, options);
  const gap = target - displayWidth(cut);
  if (gap <= 0) return cut;
  switch (options.align ?? 'left') {
    case 'right':
      return ' '.repeat(gap) + cut;
    case 'center': {
      const left = Math.floor(gap / 2);
      return ' '.repeat(left) + cut + ' '.repeat(gap - left);
    }
    default:
      return cut + ' '.repeat(gap);
  }
}

/** Removes SGR (and any other CSI) sequences, leaving the visible text. */
export function stripSgr(text: string): string {
  if (!text.includes(ESC)) return text;
  let out = '';
  for (const token of tokens(text)) if (!token.escape) out += token.text;
  return out;
}
