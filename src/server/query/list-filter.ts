// List filters of the query vocabulary (docs/wire-facts.md §9.3) compiled to SQL:
//  - the list form: values OR-ed; "-x" or "__$not", "x" excludes; "__$all"/"__$and" make the
//    following values AND-ed, "__$any"/"__$or" OR-ed again; null matches empty/missing. As real
//    servers do, the groups of one list are joined by the first operator seen (OR by default).
//  - the `filters` object: {field: {any: {include, exclude}, all: {include, exclude}, op}}.
// Works for scalar columns (status, user, ...) and JSON-list columns (tags, system_tags).
import { ERRORS } from '../../wire/errors.js';
import { ServerError } from '../http/errors.js';

export interface SqlPart {
  sql: string;
  params: unknown[];
}

interface FilterColumn {
  /** SQL expression of the column, e.g. `t.tags`. */
  expr: string;
  /** JSON list column (tags) rather than a scalar. */
  isList: boolean;
}

const part = (sql: string, ...params: unknown[]): SqlPart => ({ sql, params });

// Lists are stored as JSON.stringify output, so an element `v` appears verbatim as
// JSON.stringify(v) in the text: a cheap instr() test rules most rows out before json_each
// confirms (the text test alone can be fooled by quotes inside other elements).
const QUICK_TEST_MAX_VALUES = 8;

function has(col: FilterColumn, values: readonly string[]): SqlPart {
  const unique = [...new Set(values)];
  const json = JSON.stringify(unique);
  if (!col.isList) return part(`${col.expr} IN (SELECT value FROM json_each(?))`, json);
  const exact = `EXISTS (SELECT 1 FROM json_each(${col.expr}) WHERE value IN (SELECT value FROM json_each(?)))`;
  if (unique.length > QUICK_TEST_MAX_VALUES) return part(exact, json);
  const quick = unique.map(() => `instr(${col.expr}, ?) > 0`).join(' OR ');
  return part(`((${quick}) AND ${exact})`, ...unique.map((v) => JSON.stringify(v)), json);
}

function hasNone(col: FilterColumn, values: readonly string[]): SqlPart {
  const p = has(col, values);
  return col.isList ? part(`NOT ${p.sql}`, ...p.params) : part(`(${col.expr} IS NULL OR NOT ${p.sql})`, ...p.params);
}

function hasAll(col: FilterColumn, values: readonly string[]): SqlPart {
  const unique = [...new Set(values)];
  if (!col.isList) return unique.length === 1 ? part(`${col.expr} IS ?`, unique[0]) : part('0');
  return part(
    `(SELECT COUNT(DISTINCT value) FROM json_each(${col.expr}) WHERE value IN (SELECT value FROM json_each(?))) = ?`,
    JSON.stringify(unique),
    unique.length,
  );
}

function notAll(col: FilterColumn, values: readonly string[]): SqlPart {
  const p = hasAll(col, values);
  return part(`NOT (${p.sql})`, ...p.params);
}

function isEmpty(col: FilterColumn): SqlPart {
  return col.isList
    ? part(`(${col.expr} IS NULL OR json_array_length(${col.expr}) = 0)`)
    : part(`(${col.expr} IS NULL OR ${col.expr} = '')`);
}

function isNotEmpty(col: FilterColumn): SqlPart {
  const p = isEmpty(col);
  return part(`NOT ${p.sql}`);
}

export function joinParts(parts: readonly SqlPart[], op: 'AND' | 'OR'): SqlPart {
  if (parts.length === 1) return parts[0] as SqlPart;
  if (parts.length === 0) return part(op === 'AND' ? '1' : '0');
  return { sql: `(${parts.map((p) => p.sql).join(` ${op} `)})`, params: parts.flatMap((p) => p.params) };
}

function fieldsValueError(field: string, what: string, extra: Record<string, unknown> = {}): ServerError {
  return new ServerError(ERRORS.fieldsValueError, what, { field, ...extra });
}

/** The list form. Undefined when the list asks for nothing (e.g. `[]`). */
export function listFilterSql(
  field: string,
  values: readonly (string | null)[],
  col: FilterColumn,
): SqlPart | undefined {
  type Op = 'AND' | 'OR';
  let context: Op = 'OR';
  let globalOp: Op | undefined;
  let pendingNot = false;
  let allowEmpty = false;
  const actions = { in: [] as string[], nin: [] as string[], all: [] as string[], notAll: [] as string[] };
  for (const value of values) {
    if (value === null) {
      pendingNot = false;
      globalOp ??= context;
      allowEmpty = true;
      continue;
    }
    if (value.startsWith('__$')) {
      if (pendingNot) throw fieldsValueError(field, 'Value is expected after', { operator: '__$not' });
      if (value === '__$not') {
        pendingNot = true;
        continue;
      }
      if (value === '__$all' || value === '__$and') context = 'AND';
      else if (value === '__$any' || value === '__$or') context = 'OR';
      else throw fieldsValueError(field, 'Unsupported operator', { operator: value });
      globalOp ??= context;
      continue;
    }
    globalOp ??= context;
    let include = true;
    let v = value;
    if (v.startsWith('-')) {
      v = v.slice(1);
      if (!v) throw fieldsValueError(field, 'Missing value after the exclude prefix -');
      include = false;
    } else if (pendingNot) {
      include = false;
    }
    pendingNot = false;
    if (context === 'OR') (include ? actions.in : actions.nin).push(v);
    else (include ? actions.all : actions.notAll).push(v);
  }
  if (pendingNot) throw fieldsValueError(field, 'Value is expected after', { operator: '__$not' });
  const parts: SqlPart[] = [];
  if (actions.in.length) parts.push(has(col, actions.in));
  if (actions.nin.length) parts.push(hasNone(col, actions.nin));
  if (actions.all.length) parts.push(hasAll(col, actions.all));
  if (actions.notAll.length) parts.push(notAll(col, actions.notAll));
  if (parts.length === 0) return allowEmpty ? isEmpty(col) : undefined;
  const combined = joinParts(parts, globalOp ?? 'OR');
  return allowEmpty ? joinParts([combined, isEmpty(col)], 'OR') : combined;
}

export interface StructuredFilter {
  any?: { include?: (string | null)[]; exclude?: (string | null)[] };
  all?: { include?: (string | null)[]; exclude?: (string | null)[] };
  op?: 'and' | 'or';
}

/** The `filters` object form. `any` terms are OR-ed, `all` terms AND-ed, `op` joins both. */
export function structuredFilterSql(filter: StructuredFilter, col: FilterColumn): SqlPart | undefined {
  const term = (value: string | null, include: boolean): SqlPart => {
    if (value === null) return include ? isEmpty(col) : isNotEmpty(col);
    return include ? has(col, [value]) : hasNone(col, [value]);
  };
  const group = (g: StructuredFilter['any'], op: 'AND' | 'OR'): SqlPart | undefined => {
    const terms = [...(g?.include ?? []).map((x) => term(x, true)), ...(g?.exclude ?? []).map((x) => term(x, false))];
    return terms.length ? joinParts(terms, op) : undefined;
  };
  const parts = [group(filter.any, 'OR'), group(filter.all, 'AND')].filter((p): p is SqlPart => p !== undefined);
  if (parts.length === 0) return undefined;
  return joinParts(parts, filter.op === 'or' ? 'OR' : 'AND');
}
