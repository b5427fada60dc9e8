// The query pattern dialect (docs/wire-facts.md §9.3): Python `re` syntax, matched with RE2 semantics.
// The server compiles patterns with it; the client checks a typed filter with the same rules,
// so "invalid" means the same on both sides and is said before any request is sent.
import { createRequire } from 'node:module';
import type * as Re2js from 're2js';
import type { RE2JS } from 're2js';

const requireFromHere = createRequire(import.meta.url);
let re2Class: typeof RE2JS | undefined;

/**
 * re2js, loaded by the first pattern compiled rather than at import: its start-up (about 8 ms)
 * would otherwise sit in the monitor's way to its first frame, and most sessions never filter.
 * One copy serves the client's check and the server's matcher.
 */
export function re2js(): typeof RE2JS {
  re2Class ??= (requireFromHere('re2js') as typeof Re2js).RE2JS;
  return re2Class;
}

/** A pattern the dialect refuses: why, and where (1-based column of the pattern; 0 when unknown). */
export class PatternError extends Error {
  constructor(
    readonly reason: string,
    readonly at: number,
  ) {
    super(reason);
    this.name = 'PatternError';
  }
}

const INLINE_FLAGS: Record<string, string> = { i: 'i', m: 'm', s: 's', a: '', u: '', L: '' };

/** Python `re` pattern → JavaScript source and flags. Throws PatternError for what cannot be translated. */
export function translatePattern(pattern: string): { source: string; flags: string } {
  let flags = '';
  let src = pattern;
  // Global inline flags at the start: (?i), (?ms), ...
  const lead = /^\(\?([aiLmsux]+)\)/.exec(src);
  if (lead) {
    for (const f of lead[1] as string) {
      if (f === 'x') throw new PatternError('verbose mode (?x) is not supported', 1);
      const js = INLINE_FLAGS[f] ?? '';
      if (js && !flags.includes(js)) flags += js;
    }
    src = src.slice(lead[0].length);
  }
  const offset = pattern.length - src.length;
  let out = '';
  let inClass = false;
  for (let i = 0; i < src.length; i++) {
    const c = src[i] as string;
    if (c === '\\') {
      const next = src[i + 1];
      if (next === undefined) throw new PatternError('the pattern ends with a lone backslash', offset + i + 1);
      if (!inClass && next === 'A') out += '^';
      else if (!inClass && next === 'Z') out += '$';
      else out += c + next;
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      out += c;
      continue;
    }
    if (c === '[') {
      inClass = true;
      out += c;
      // A leading ']' (or '^]') is a literal in Python.
      if (src[i + 1] === '^') {
        out += '^';
        i++;
      }
      if (src[i + 1] === ']') {
        out += '\\]';
        i++;
      }
      continue;
    }
    if (c === '(' && src[i + 1] === '?') {
      const rest = src.slice(i);
      const named = /^\(\?P<([A-Za-z_][A-Za-z0-9_]*)>/.exec(rest);
      if (named) {
        out += `(?<${named[1]}>`;
        i += named[0].length - 1;
        continue;
      }
      const backref = /^\(\?P=([A-Za-z_][A-Za-z0-9_]*)\)/.exec(rest);
      if (backref) {
        out += `\\k<${backref[1]}>`;
        i += backref[0].length - 1;
        continue;
      }
      const comment = /^\(\?#[^)]*\)/.exec(rest);
      if (comment) {
        i += comment[0].length - 1;
        continue;
      }
      if (/^\(\?[aiLmsux-]+[:)]/.test(rest))
        throw new PatternError('inline flags are only supported at the start of the pattern', offset + i + 1);
    }
    out += c;
  }
  return { source: out, flags };
}

/** RE2 flags for JavaScript-style flag letters. */
export function re2Flags(flags: string): number {
  const { CASE_INSENSITIVE, MULTILINE, DOTALL } = re2js();
  let out = 0;
  if (flags.includes('i')) out |= CASE_INSENSITIVE;
  if (flags.includes('m')) out |= MULTILINE;
  if (flags.includes('s')) out |= DOTALL;
  return out;
}

/**
 * Columns (1-based) of the first unclosed `(` and `[` and of the first unmatched `)` in a
 * Python pattern (escapes and class contents skipped): where RE2's "missing closing" errors are.
 */
function bracketProblems(pattern: string): { openParen: number; openClass: number; strayParen: number } {
  const opens: number[] = [];
  let openClass = 0;
  let strayParen = 0;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (openClass > 0) {
      if (c === ']') openClass = 0;
      continue;
    }
    if (c === '[') {
      openClass = i + 1;
      // A leading ']' (after an optional '^') is a literal.
      if (pattern[i + 1] === '^') i++;
      if (pattern[i + 1] === ']') i++;
    } else if (c === '(') opens.push(i + 1);
    else if (c === ')' && opens.pop() === undefined && strayParen === 0) strayParen = i + 1;
  }
  return { openParen: opens[0] ?? 0, openClass, strayParen };
}

/** Why RE2 refused a (translated) pattern and where, in terms of the pattern the user typed. */
function re2Problem(pattern: string, err: unknown): PatternError {
  const e = err as { error?: unknown; input?: unknown; message?: unknown };
  const kind = typeof e.error === 'string' ? e.error : String(e.message ?? 'invalid pattern');
  const input = typeof e.input === 'string' ? e.input : '';
  const brackets = bracketProblems(pattern);
  if (kind === 'missing closing )') return new PatternError('missing )', brackets.openParen);
  if (kind === 'missing closing ]') return new PatternError('missing ]', brackets.openClass);
  if (kind === 'unexpected )') return new PatternError('unexpected )', brackets.strayParen);
  const at = input === '' ? 0 : pattern.indexOf(input) + 1;
  return new PatternError(input === '' ? kind : `${kind}: ${input}`, at);
}

/** Compiles a pattern as the server does. Throws PatternError naming what is wrong and where. */
export function compilePattern(pattern: string, caseInsensitive = false): RE2JS {
  const { source, flags } = translatePattern(pattern);
  const allFlags = caseInsensitive && !flags.includes('i') ? `${flags}i` : flags;
  try {
    return re2js().compile(source, re2Flags(allFlags));
  } catch (err) {
    throw re2Problem(pattern, err);
  }
}

/** Null when the server accepts the pattern; else "invalid pattern at 1: missing )". */
export function patternProblem(pattern: string): string | null {
  try {
    compilePattern(pattern);
    return null;
  } catch (err) {
    if (!(err instanceof PatternError)) throw err;
    return err.at > 0 ? `invalid pattern at ${err.at}: ${err.reason}` : `invalid pattern: ${err.reason}`;
  }
}
