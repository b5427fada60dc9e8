// Rewrites the characters whose width terminals and Ink disagree on, so that what Ink lays out
// (string-width) is what tmux draws (width.ts). Without this a row with 👍🏽 is two columns
// wider on screen than in Ink's layout: the row wraps and the frame scrolls.
//
// - Format characters (Cf: zero-width space/joiners, bidi marks and controls, word joiner,
//   BOM, soft hyphen, Arabic letter mark, tag characters...) are removed rather than made
//   visible: they draw nothing, a terminal cannot show them the same way twice, and showing a
//   marker would change the width of names that merely contain one. A ZWJ is kept only
//   between two wide pictographs (an emoji ZWJ sequence, which tmux and Ink both draw as one
//   2-column glyph).
// - Unassigned code points become U+FFFD: tmux drops them (wcwidth -1), Ink gives them a
//   column, and a newer Unicode may give them any width.
// - Hangul fillers are removed (drawn blank by tmux, nothing by Ink: invisible names), and a
//   vowel or final consonant jamo with no syllable before it becomes U+FFFD (tmux draws it
//   inside the previous cell, Ink in a column of its own).
// - Halfwidth (semi-)voiced sound marks (U+FF9E/F) take a column in tmux but join the
//   character before them in Ink: ｶﾞ becomes ガ (2 columns, as tmux draws ｶﾞ), a mark after
//   anything else becomes the spacing mark ゛/゜.
// - A pair of regional indicators that is not a flag (🇫🇩) becomes its two letters: Ink
//   counts such a pair as 1 column, tmux as 2.
// - A spacing mark (Mc) with no letter or mark before it becomes U+FFFD: Ink folds it into
//   the emoji or symbol before it, tmux gives it its own column.
// - Combining marks on an emoji or flag are removed: Ink then no longer sees an emoji and
//   counts 1 column, tmux still draws 2.
// - Emoji presentation/text selectors (VS16, VS15) are removed: tmux keeps the base's width
//   while Ink widens ❤️ or #️⃣ to 2.
// - The keycap mark (U+20E3) is removed: Ink counts 1⃣ as a 2-column emoji, tmux as 1.
// - Skin-tone modifiers are removed: tmux draws them as a 2-column swatch of their own, Ink
//   counts them as part of whatever character precedes them.
// - Thai and Lao AM become their decomposition (nikhahit + aa): Ink counts กำ as 1 column,
//   tmux as 2; decomposed, both count 2.
// - A linking virama followed by a letter gets a ZWNJ after it (the explicit non-conjunct
//   form): Ink counts क्ष as one cluster of 1 column, tmux draws each letter.
import { codePointWidth, hangulJoins, isPictographic } from './width.js';

const ZWJ = 0x200d;
const ZWNJ = '\u200c';
/** Anything that may need a rewrite; text without it is returned as it is. */
const NEEDS_REWRITE =
  /[\p{M}\p{Cf}\p{Cn}\u{1f1e6}-\u{1f1ff}\uff9e\uff9f\u115f-\u11ff\u3164\uffa0\ud7b0-\ud7ff\ufe0e\ufe0f\u20e3\u0e33\u0eb3\u094d\u09cd\u0a4d\u0acd\u0b4d\u0c4d\u0ccd\u0d4d\u{1f3fb}-\u{1f3ff}]/u;
const FORMAT = /^\p{Cf}$/u;
const SPACING_MARK = /^\p{Mc}$/u;
const MARK = /^\p{M}$/u;
const LETTER_OR_MARK = /^[\p{L}\p{M}]$/u;
const UNASSIGNED = /^\p{Cn}$/u;
const LETTER = /^\p{L}$/u;
const LINKING_VIRAMAS = new Set([0x94d, 0x9cd, 0xa4d, 0xacd, 0xb4d, 0xc4d, 0xccd, 0xd4d]);
const DECOMPOSED: ReadonlyMap<number, string> = new Map([
  [0x0e33, '\u0e4d\u0e32'],
  [0x0eb3, '\u0ecd\u0eb2'],
]);

const HANGUL_FILLERS = new Set([0x115f, 0x1160, 0x3164, 0xffa0]);
const isJoiningJamo = (cp: number): boolean => (cp >= 0x1160 && cp <= 0x11ff) || (cp >= 0xd7b0 && cp <= 0xd7ff);
const FLAG = new RegExp('^\\p{RGI_Emoji_Flag_Sequence}$', 'v');
const isRegionalIndicator = (cp: number): boolean => cp >= 0x1f1e6 && cp <= 0x1f1ff;
const REGIONAL_PAIR = /[\u{1f1e6}-\u{1f1ff}]{2}/gu;
const regionLetter = (c: string): string => String.fromCharCode(0x41 + (c.codePointAt(0) as number) - 0x1f1e6);
const isSkinTone = (cp: number): boolean => cp >= 0x1f3fb && cp <= 0x1f3ff;
const isWidePictograph = (cp: number): boolean => isPictographic(cp) && codePointWidth(cp) === 2;
const isFormat = (cp: number): boolean => cp >= 0xad && FORMAT.test(String.fromCodePoint(cp));

/** True when `text` holds something `agreeingClusters` would rewrite. */
export function needsRewrite(text: string): boolean {
  return NEEDS_REWRITE.test(text);
}

/** `text` with the rewrites above applied (input holds no control characters). */
export function agreeingClusters(text: string): string {
  if (!NEEDS_REWRITE.test(text)) return text;
  const cps = Array.from(text, (c) => c.codePointAt(0) as number);
  let out = '';
  let last = -1; // last code point kept
  for (let k = 0; k < cps.length; k++) {
    const cp = cps[k] as number;
    if (cp === ZWJ) {
      // Modifiers and selectors between the pictographs are dropped, so look past them.
      let next = k + 1;
      while (next < cps.length && (isSkinTone(cps[next] as number) || cps[next] === 0xfe0f)) next++;
      const following = cps[next];
      if (last >= 0 && isWidePictograph(last) && following !== undefined && isWidePictograph(following)) {
        out += '\u200d';
        last = cp;
      }
      continue;
    }
    if (cp === 0xfe0e || cp === 0xfe0f || cp === 0x20e3 || isFormat(cp)) continue;
    if (isSkinTone(cp)) continue;
    if (HANGUL_FILLERS.has(cp)) continue;
    const isMark = MARK.test(String.fromCodePoint(cp));
    if (isMark && last >= 0 && (isPictographic(last) || isRegionalIndicator(last))) continue;
    if (cp === 0xff9e || cp === 0xff9f) {
      const composed =
        last >= 0xff66 && last <= 0xff9d
          ? (String.fromCodePoint(last) + String.fromCodePoint(cp)).normalize('NFKC')
          : '';
      if (composed.length === 1) {
        out = out.slice(0, -1) + composed;
        last = composed.charCodeAt(0);
      } else {
        out += cp === 0xff9e ? '\u309b' : '\u309c';
        last = cp;
      }
      continue;
    }
    if (isJoiningJamo(cp) && !(last >= 0 && hangulJoins(last, cp))) {
      out += '\ufffd';
      last = 0xfffd;
      continue;
    }
    if (
      cp >= 0x900 &&
      SPACING_MARK.test(String.fromCodePoint(cp)) &&
      !(last >= 0 && LETTER_OR_MARK.test(String.fromCodePoint(last)))
    ) {
      out += '\ufffd';
      last = 0xfffd;
      continue;
    }
    if (cp >= 0x378 && UNASSIGNED.test(String.fromCodePoint(cp))) {
      out += '\ufffd';
      last = 0xfffd;
      continue;
    }
    const decomposed = DECOMPOSED.get(cp);
    if (decomposed !== undefined) {
      // The nikhahit is a mark: dropped on an emoji or flag, like any other mark.
      out += last >= 0 && (isPictographic(last) || isRegionalIndicator(last)) ? decomposed.slice(1) : decomposed;
      last = cp;
      continue;
    }
    out += String.fromCodePoint(cp);
    if (LINKING_VIRAMAS.has(cp) && k + 1 < cps.length && LETTER.test(String.fromCodePoint(cps[k + 1] as number))) {
      out += ZWNJ;
    }
    last = cp;
  }
  // Pairs are formed on the result: removals above can bring two regional indicators together.
  return out.replace(REGIONAL_PAIR, (pair) => (FLAG.test(pair) ? pair : Array.from(pair, regionLetter).join('')));
}
