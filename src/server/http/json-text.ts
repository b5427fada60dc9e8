// One linear pass over a JSON (or JSON lines) request body before it is parsed: refuses nesting
// deeper than the limit (deep values overflow the stack of JSON.stringify and of recursive
// walks) and replaces escaped lone surrogates (`\ud800` without its pair) by `\ufffd`, so every
// string the server stores is valid UTF-8. Replacing instead of refusing: the ClearML SDK sends
// Python strings, which hold lone surrogates for undecodable bytes (file names, process output
// read with surrogateescape); refusing would drop a whole event batch for one character.
import { ERRORS } from '../../wire/errors.js';
import { ServerError } from './errors.js';

const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;
const OUTSIDE_STRING = /"/g;
const INSIDE_STRING = /["\\]/g;
const HEX4 = /^[0-9a-fA-F]{4}$/;

interface JsonScan {
  /** Deepest nesting of arrays and objects, strings left out. */
  depth: number;
  /** Whether a string holds a `\uD8..`-`\uDF..` escape (paired or not). */
  surrogateEscape: boolean;
}

/**
 * One pass over the text, no allocation: the nesting depth and whether any string holds a
 * surrogate escape (only then is the text rewritten). Strings, most of a body, are skipped with
 * native indexOf from quote to quote; the next backslash is looked up only once it is passed.
 */
export function scanJson(text: string): JsonScan {
  const n = text.length;
  let depth = 0;
  let max = 0;
  let surrogateEscape = false;
  let backslash = text.indexOf('\\');
  if (backslash < 0) backslash = n;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      for (i++; ;) {
        let quote = text.indexOf('"', i);
        if (quote < 0) quote = n;
        if (backslash < i) {
          backslash = text.indexOf('\\', i);
          if (backslash < 0) backslash = n;
        }
        if (quote < backslash) {
          i = quote;
          break;
        }
        if (backslash >= n) {
          i = n;
          break;
        }
        // An escape inside the string: \u followed by d8-df is a surrogate.
        const at = backslash;
        if (text.charCodeAt(at + 1) === 0x75 && (text.charCodeAt(at + 2) | 0x20) === 0x64) {
          const h = text.charCodeAt(at + 3) | 0x20;
          if (h === 0x38 || h === 0x39 || (h >= 0x61 && h <= 0x66)) surrogateEscape = true;
        }
        i = at + 2;
      }
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) max = depth;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return { depth: max, surrogateEscape };
}

function surrogateEscapeAt(text: string, i: number): 'high' | 'low' | undefined {
  if (text[i] !== '\\' || text[i + 1] !== 'u') return undefined;
  const hex = text.slice(i + 2, i + 6);
  if (!HEX4.test(hex)) return undefined;
  const code = parseInt(hex, 16);
  if (code >= 0xd800 && code <= 0xdbff) return 'high';
  if (code >= 0xdc00 && code <= 0xdfff) return 'low';
  return undefined;
}

/** Replaces `\uXXXX` escapes of unpaired surrogates inside JSON strings by `\ufffd`. */
export function replaceLoneSurrogateEscapes(text: string): string {
  if (!SURROGATE_ESCAPE.test(text)) return text;
  let out = '';
  let copiedUpTo = 0;
  let i = 0;
  for (;;) {
    OUTSIDE_STRING.lastIndex = i;
    const open = OUTSIDE_STRING.exec(text);
    if (!open) break;
    i = open.index + 1;
    // Inside a string: jump from one quote or backslash to the next.
    for (;;) {
      INSIDE_STRING.lastIndex = i;
      const s = INSIDE_STRING.exec(text);
      if (!s) return out + text.slice(copiedUpTo);
      i = s.index;
      if (s[0] === '"') {
        i++;
        break;
      }
      const kind = surrogateEscapeAt(text, i);
      if (kind === 'high' && surrogateEscapeAt(text, i + 6) === 'low') {
        i += 12;
      } else if (kind !== undefined) {
        out += `${text.slice(copiedUpTo, i)}\\ufffd`;
        i += 6;
        copiedUpTo = i;
      } else {
        i += 2;
      }
    }
  }
  return out + text.slice(copiedUpTo);
}

/** The body text to parse, or a 400 naming the depth limit. */
export function prepareJsonText(text: string, maxDepth: number): string {
  const scan = scanJson(text);
  if (scan.depth > maxDepth)
    throw new ServerError(
      ERRORS.badRequest,
      `the request body nests arrays and objects deeper than ${maxDepth} levels`,
    );
  return scan.surrogateEscape ? replaceLoneSurrogateEscapes(text) : text;
}
