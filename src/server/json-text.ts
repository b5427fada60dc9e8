// One linear pass over a JSON (or JSON lines) request body before it is parsed: refuses nesting
// deeper than the limit (deep values overflow the stack of JSON.stringify and of recursive
// walks) and replaces escaped lone surrogates (`\ud800` without its pair) by `\ufffd`, so every
// string the server stores is valid UTF-8. Replacing instead of refusing: the ClearML SDK sends
// Python strings, which hold lone surrogates for undecodable bytes (file names, process output
// read with surrogateescape); refusing would drop a whole event batch for one character.
import { ERRORS } from '../wire/errors.js';
import { ServerError } from './errors.js';

const JSON_STRING = /"(?:[^"\\]|\\.)*"/g;
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;
const OUTSIDE_STRING = /"/g;
const INSIDE_STRING = /["\\]/g;
const HEX4 = /^[0-9a-fA-F]{4}$/;

/** Deepest nesting of arrays and objects, strings left out (≈ 6 ms per MB, native regex). */
export function jsonDepth(text: string): number {
  const structure = text.replace(JSON_STRING, '');
  let depth = 0;
  let max = 0;
  for (let i = 0; i < structure.length; i++) {
    const c = structure.charCodeAt(i);
    if (c === 0x5b || c === 0x7b) {
      if (++depth > max) max = depth;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return max;
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
  if (jsonDepth(text) > maxDepth)
    throw new ServerError(
      ERRORS.badRequest,
      `the request body nests arrays and objects deeper than ${maxDepth} levels`,
    );
  return replaceLoneSurrogateEscapes(text);
}
