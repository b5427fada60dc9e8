// Query patterns use Python `re` syntax (docs/wire-facts.md §9.3). They are translated to JavaScript
// syntax (src/wire/pattern.ts, shared with the client's check of typed filters) for the
// differences that matter in practice and matched in linear time: a pattern
// without quantifiers cannot backtrack catastrophically and runs on V8 (≈ 10x faster); any
// other pattern runs on RE2 (re2js), whose time is linear in the text whatever the pattern.
// Every in-memory filtering pass also runs under a V8 watchdog (node:vm timeout) that bounds a
// scan over a huge table: it is stopped after FILTER_TIME_BUDGET_MS and the request answers 400.
import vm from 'node:vm';
import type { RE2JS } from 're2js';
import { ERRORS } from '../../wire/errors.js';
import { PatternError, re2Flags, re2js, translatePattern } from '../../wire/pattern.js';
import { ServerError } from '../http/errors.js';
import { FILTER_TIME_BUDGET_MS, MAX_PATTERN_LENGTH } from '../http/limits.js';

function invalid(field: string, why: string): ServerError {
  return new ServerError(ERRORS.validationError, `error for field '${field}'. invalid regular expression: ${why}`);
}

/** Python `re` pattern → JavaScript source and flags. Throws a 400/12 for what cannot be translated. */
export function translatePythonRegex(pattern: string, field: string): { source: string; flags: string } {
  try {
    return translatePattern(pattern);
  } catch (err) {
    if (err instanceof PatternError) throw invalid(field, err.reason);
    throw err;
  }
}

/** What a query pattern is used for: an unanchored search in a text. */
interface QueryMatcher {
  test(text: string): boolean;
}

/** True when the (translated) pattern has no quantifier outside a character class or escape. */
function isQuantifierFree(source: string): boolean {
  let inClass = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i] as string;
    if (c === '\\') {
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
    } else if (c === '[') inClass = true;
    else if (c === '*' || c === '+' || c === '{') return false;
    // `?` after `(` opens a group kind ((?<name>, (?:, (?=); anywhere else it is a quantifier.
    else if (c === '?' && source[i - 1] !== '(') return false;
  }
  return true;
}

/**
 * Compiles a query pattern (Python syntax) into a linear-time matcher, or throws 400/12 naming
 * the field. Every pattern must compile in RE2, so what is accepted does not depend on which
 * engine runs it (back-references and look-arounds are refused).
 */
export function compileQueryRegex(pattern: string, field: string, caseInsensitive = false): QueryMatcher {
  if (pattern.length > MAX_PATTERN_LENGTH)
    throw invalid(
      field,
      `the pattern is ${pattern.length} characters long; at most ${MAX_PATTERN_LENGTH} are accepted`,
    );
  const { source, flags } = translatePythonRegex(pattern, field);
  const allFlags = caseInsensitive && !flags.includes('i') ? `${flags}i` : flags;
  let re2: RE2JS;
  try {
    re2 = re2js().compile(source, re2Flags(allFlags));
  } catch (err) {
    throw invalid(field, `${(err as Error).message.replace(/^error parsing regexp: /, '')}`);
  }
  const viaRe2: QueryMatcher = { test: (text) => re2.test(text) };
  if (!isQuantifierFree(source)) return viaRe2;
  try {
    // `u`: V8 then agrees with RE2 on what `.` and classes match (code points, not halves).
    const re = new RegExp(source, `${allFlags}u`);
    return { test: (text) => re.test(text) };
  } catch {
    // An escape RE2 accepts that V8's unicode mode refuses (`\_`): RE2 answers it alone.
    return viaRe2;
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
