// Request validation for the embedded server. Mirrors real servers: a missing required field,
// a wrong JSON type, null for a required field, an enum value not allowed or a number out of
// range → 400/12 naming the field; unknown fields are ignored (docs/wire-facts.md §1.4).
import { ERRORS } from '../../wire/errors.js';
import { isObject } from '../../wire/json.js';
import { ServerError } from './errors.js';
import { MAX_LIST_ITEMS, MAX_TEXT_CHARS } from './limits.js';

export interface FieldRule<T> {
  /** true: the key may be missing from the result (absent and no default). */
  readonly optional: boolean;
  /** Returns the checked value or throws a message (without the field name). */
  check(value: unknown, path: string): T;
}

export type Shape = Record<string, FieldRule<unknown>>;
type Out<S extends Shape> = {
  [K in keyof S as S[K] extends FieldRule<unknown> & { optional: false } ? K : never]: S[K] extends FieldRule<infer T>
    ? T
    : never;
} & {
  [K in keyof S as S[K] extends FieldRule<unknown> & { optional: true } ? K : never]?: S[K] extends FieldRule<infer T>
    ? T
    : never;
};

function fail(path: string, what: string): never {
  throw new ServerError(ERRORS.validationError, `error for field '${path}'. ${what}`);
}

class Rule<T, O extends boolean = false> implements FieldRule<T> {
  constructor(
    private readonly fn: (v: unknown, path: string) => T,
    readonly optional: O,
    private readonly fallback?: T,
  ) {}
  check(value: unknown, path: string): T {
    if (value === undefined || value === null) {
      if (this.fallback !== undefined) return this.fallback;
      if (this.optional) return undefined as T;
      fail(path, 'field is required!');
    }
    return this.fn(value, path);
  }
  /** Absent or null is allowed (the result is then undefined). */
  opt(): Rule<T, true> {
    return new Rule<T, true>(this.fn, true);
  }
  /** Absent or null takes this value. */
  default(value: T): Rule<T, false> {
    return new Rule<T, false>(this.fn, false, value);
  }
}

function checkListLength(arr: readonly unknown[], maxItems: number, path: string): void {
  if (arr.length > maxItems) fail(path, `must have at most ${maxItems} items (got ${arr.length})`);
}

export const v = {
  /** A string of at most `maxLength` UTF-16 units (default MAX_TEXT_CHARS). */
  str(opts: { minLength?: number; maxLength?: number; allowEmpty?: boolean } = {}) {
    const maxLength = opts.maxLength ?? MAX_TEXT_CHARS;
    return new Rule<string>((val, path) => {
      if (typeof val !== 'string') fail(path, 'expected string');
      if (opts.minLength !== undefined && val.trim().length < opts.minLength)
        fail(path, `must be at least ${opts.minLength} characters`);
      if (val.length > maxLength) fail(path, `must be at most ${maxLength} characters (got ${val.length})`);
      return val;
    }, false);
  },
  int(opts: { min?: number; max?: number } = {}) {
    return new Rule<number>((val, path) => {
      // Real servers coerce numeric strings in query params; JSON bodies carry numbers.
      const n = typeof val === 'string' && /^-?\d+$/.test(val) ? Number(val) : val;
      if (typeof n !== 'number' || !Number.isInteger(n)) fail(path, 'expected integer');
      if (opts.min !== undefined && n < opts.min) fail(path, `must be >= ${opts.min}`);
      if (opts.max !== undefined && n > opts.max) fail(path, `must be <= ${opts.max}`);
      return n;
    }, false);
  },
  num(opts: { min?: number; max?: number } = {}) {
    return new Rule<number>((val, path) => {
      const n = typeof val === 'string' && val.trim() !== '' && Number.isFinite(Number(val)) ? Number(val) : val;
      if (typeof n !== 'number' || !Number.isFinite(n)) fail(path, 'expected number');
      if (opts.min !== undefined && n < opts.min) fail(path, `must be >= ${opts.min}`);
      if (opts.max !== undefined && n > opts.max) fail(path, `must be <= ${opts.max}`);
      return n;
    }, false);
  },
  bool() {
    return new Rule<boolean>((val, path) => {
      if (val === 'true') return true;
      if (val === 'false') return false;
      if (typeof val !== 'boolean') fail(path, 'expected boolean');
      return val;
    }, false);
  },
  oneOf<const T extends string>(values: readonly T[]) {
    return new Rule<T>((val, path) => {
      if (typeof val !== 'string' || !(values as readonly string[]).includes(val))
        fail(path, `value must be one of ${values.join(', ')}`);
      return val as T;
    }, false);
  },
  /** A list of at most `maxItems` items (default MAX_LIST_ITEMS). */
  list<T>(item: FieldRule<T>, opts: { minItems?: number; maxItems?: number } = {}) {
    const maxItems = opts.maxItems ?? MAX_LIST_ITEMS;
    return new Rule<T[]>((val, path) => {
      // A single value where a list is expected is accepted as a one-item list (as real servers do).
      const arr = Array.isArray(val) ? val : [val];
      if (opts.minItems !== undefined && arr.length < opts.minItems)
        fail(path, `must have at least ${opts.minItems} items`);
      checkListLength(arr, maxItems, path);
      return arr.map((x, i) => item.check(x, `${path}[${i}]`));
    }, false);
  },
  /** A list whose items may be null (tag and project filters use null for "none"). */
  nullableStrList() {
    const item = v.str();
    return new Rule<(string | null)[]>((val, path) => {
      const arr = Array.isArray(val) ? val : [val];
      checkListLength(arr, MAX_LIST_ITEMS, path);
      return arr.map((x, i) => (x === null ? null : item.check(x, `${path}[${i}]`)));
    }, false);
  },
  obj<S extends Shape>(shape: S) {
    return new Rule<Out<S>>((val, path) => {
      if (!isObject(val)) fail(path, 'expected object');
      return checkShape(val, shape, `${path}.`);
    }, false);
  },
  /** Any JSON object, unchecked inside (typed as the wire type says, e.g. `{}` for an options object). */
  anyObj<T extends Record<string, unknown> = Record<string, unknown>>() {
    return new Rule<T>((val, path) => {
      if (!isObject(val)) fail(path, 'expected object');
      return val as T;
    }, false);
  },
  any() {
    return new Rule<unknown>((val) => val, false);
  },
};

function checkShape<S extends Shape>(body: Record<string, unknown>, shape: S, prefix: string): Out<S> {
  const out: Record<string, unknown> = {};
  for (const [key, rule] of Object.entries(shape)) {
    const value = rule.check(body[key], `${prefix}${key}`);
    if (value !== undefined) out[key] = value;
  }
  return out as Out<S>;
}

/**
 * One field whose name is data, not a wire type's key (the list, pattern and date fields of a
 * list query come from the entity's spec, src/server/query/entity-specs.ts).
 */
export function validateField<T>(body: Record<string, unknown>, field: string, rule: FieldRule<T>): T | undefined {
  return rule.check(body[field], field);
}

declare const wireType: unique symbol;
/**
 * The mark of a shape made by `requestShape<R>()`: type-only (no such property exists), and
 * invariant in R, so a shape made for one request type does not pass for another.
 */
export type WireTyped<R> = { readonly [wireType]: (request: R) => R };

/** What `validate` returns for a shape. */
export type Validated<S extends Shape> = Out<S>;

/**
 * Validates a request body against a shape made by `requestShape<R>()` (a plain object of rules
 * does not compile here); unknown fields are dropped.
 */
export function validate<S extends Shape>(body: unknown, shape: S & { readonly [wireType]: unknown }): Out<S> {
  if (!isObject(body)) throw new ServerError(ERRORS.badRequest, 'request body must be a JSON object');
  return checkShape<S>(body, shape, '');
}

/**
 * The rules for a request type R: exactly R's fields (a field of R without a rule, or a rule
 * for a field R does not declare, does not compile), each producing a value R accepts.
 */
type RequestShape<R> = { readonly [K in keyof R]-?: FieldRule<NonNullable<R[K]>> };

/**
 * Ties a handler's rules to the wire request type it answers, so that a field added to the
 * wire type cannot be forgotten by the handler: `requestShape<GetTaskLogRequest>()({...})`.
 */
export function requestShape<R>() {
  return <S extends RequestShape<R>>(
    shape: S & Record<Exclude<keyof S, keyof R | typeof wireType>, never>,
  ): S & WireTyped<R> => shape as unknown as S & WireTyped<R>;
}

/** A tagged entity's `tags` and `system_tags`, as the create and edit calls of each service take them. */
export const TAG_RULES = { tags: v.list(v.str()).opt(), system_tags: v.list(v.str()).opt() };
