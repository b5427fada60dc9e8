// Query patterns use Python `re` syntax (REFERENCE §9.3). They are translated to JavaScript
// regexes for the differences that matter in practice, and every in-memory filtering pass runs
// under a V8 watchdog (node:vm timeout) so a catastrophically backtracking pattern cannot stall
// the server: it is stopped after FILTER_TIME_BUDGET_MS and the request answers 400.
import vm from 'node:vm';
import { ERRORS } from '../wire/errors.js';
import { ServerError } from './errors.js';
import { FILTER_TIME_BUDGET_MS, MAX_PATTERN_LENGTH } from './limits.js';

function invalid(field: string, why: string): ServerError {
  return new ServerError(ERRORS.validationError, `error for field '${field}'. invalid regular expression: ${why}`);
}

const INLINE_FLAGS: Record<string, string> = { i: 'i', m: 'm', s: 's', a: '', u: '', L: '' };

/** Python `re` pattern → JavaScript source and flags. Throws a 400/12 for what cannot be translated. */
export function translatePythonRegex(pattern: string, field: string): { source: string; flags: string } {
  let flags = '';
  let src = pattern;
  // Global inline flags at the start: (?i), (?ms), ...
  const lead = /^\(\?([aiLmsux]+)\)/.exec(src);
  if (lead) {
    for (const f of lead[1] as string) {
      if (f === 'x') throw invalid(field, 'verbose mode (?x) is not supported');
      const js = INLINE_FLAGS[f] ?? '';
      if (js && !flags.includes(js)) flags += js;
    }
    src = src.slice(lead[0].length);
  }
  let out = '';
  let inClass = false;
  for (let i = 0; i < src.length; i++) {
    const c = src[i] as string;
    if (c === '\\') {
      const next = src[i + 1];
      if (next === undefined) throw invalid(field, 'the pattern ends with a lone backslash');
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
        throw invalid(field, 'inline flags are only supported at the start of the pattern');
    }
    out += c;
  }
  return { source: out, flags };
}

/** Compiles a query pattern (Python syntax) into a RegExp, or throws 400/12 naming the field. */
export function compileQueryRegex(pattern: string, field: string, caseInsensitive = false): RegExp {
  if (pattern.length > MAX_PATTERN_LENGTH)
    throw invalid(
      field,
      `the pattern is ${pattern.length} characters long; at most ${MAX_PATTERN_LENGTH} are accepted`,
    );
  const { source, flags } = translatePythonRegex(pattern, field);
  const allFlags = caseInsensitive && !flags.includes('i') ? `${flags}i` : flags;
  try {
    return new RegExp(source, allFlags);
  } catch (err) {
    throw invalid(field, `${(err as Error).message.replace(/^Invalid regular expression: /, '')}`);
  }
}

const budgets = new WeakMap<object, number>();

/** Sets the filtering time budget of one server (its database); tests use a short one. */
export function setFilterBudget(db: object, ms: number): void {
  budgets.set(db, ms);
}

export function filterBudget(db: object): number {
  return budgets.get(db) ?? FILTER_TIME_BUDGET_MS;
}

const budgetContext = vm.createContext({});
const runScript = new vm.Script('run()');

/**
 * Runs `fn` with a wall-time budget. V8 interrupts even a single long regex match, so a
 * catastrophically backtracking pattern ends here with a 400 instead of stalling the server.
 */
export function runWithinBudget<T>(fn: () => T, budgetMs: number = FILTER_TIME_BUDGET_MS): T {
  (budgetContext as { run?: () => T }).run = fn;
  try {
    return runScript.runInContext(budgetContext, { timeout: budgetMs }) as T;
  } catch (err) {
    if ((err as { code?: unknown })?.code === 'ERR_SCRIPT_EXECUTION_TIMEOUT')
      throw new ServerError(
        ERRORS.validationError,
        `matching the query's regular expressions took longer than ${budgetMs} ms; use a simpler pattern`,
      );
    throw err;
  } finally {
    (budgetContext as { run?: () => T }).run = undefined;
  }
}
