// The query vocabulary shared by tasks.get_all_ex, models/projects.get_all_ex,
// reports.get_all_ex and reports.get_task_data (docs/wire-facts.md §9.3): list filters, the `filters`
// object, regex patterns, `_any_`/`_all_`, date conditions, search_text, hidden handling,
// only_fields with joins, order_by, page/page_size and DB-cursor scrolls.
//
// Everything expressible in SQL runs in SQLite with LIMIT/OFFSET. Regex and text conditions
// are evaluated in JavaScript over the SQL candidates (ids and the few columns they need),
// under a time budget; only the rows of the returned page are then read whole.
import type { RequestContext } from '../handlers/handler-types.js';
import type { Db } from '../db/db.js';
import { fieldTexts, PROJECTS, TASKS, type EntitySpec, type RefKind } from './entity-specs.js';
import { MAX_PAGE_SIZE } from '../http/limits.js';
import { joinParts, listFilterSql, structuredFilterSql, type SqlPart } from './list-filter.js';
import { HIDDEN_TAG, withDescendants } from '../db/project-store.js';
import { applyProjection, parseProjection, requestedJoins } from './projection.js';
import { loadQueryScroll, saveQueryScroll } from './list-scroll.js';
import { compileQueryRegex, filterBudget, runWithinBudget } from './regex.js';
import { COMPANY_NAME } from '../db/server-meta.js';
import { stmt } from '../db/statements.js';
import { searchTextPredicate, searchTextPrefilter } from './search-text.js';
import { parseQueryDate } from '../db/time.js';
import { validationError, type ParsedQuery } from './parse-query.js';

type Doc = Record<string, unknown>;
type Candidate = Record<string, unknown>;
type Predicate = (row: Candidate) => boolean;

export { MODELS, PROJECTS, QUEUES, TASKS, type EntitySpec } from './entity-specs.js';

export { parseQuery, type ParsedQuery, type PatternCondition } from './parse-query.js';

const DATE_PREFIX = /^(>=|>|<=|<)?(.*)$/s;

function dateConditionsSql(field: string, col: string, values: readonly (string | null)[]): SqlPart[] {
  const parseOrFail = (text: string): number => {
    const ms = parseQueryDate(text);
    if (ms === undefined)
      throw validationError(field, `cannot read ${JSON.stringify(text)} as a date (ISO-8601 or epoch seconds)`);
    return ms;
  };
  const hasModifier = values.some((x) => x !== null && /^[<>]/.test(x));
  if (values.length === 2 && !hasModifier) {
    const [lo, hi] = values;
    if (lo == null && hi == null) throw validationError(field, 'a range needs a minimum or a maximum');
    const parts: SqlPart[] = [];
    if (hi != null) parts.push({ sql: `${col} <= ?`, params: [parseOrFail(hi)] });
    if (lo != null) parts.push({ sql: `${col} >= ?`, params: [parseOrFail(lo)] });
    else return [joinParts([joinParts(parts, 'AND'), { sql: `${col} IS NULL`, params: [] }], 'OR')];
    return parts;
  }
  const ops: Record<string, string> = { '>=': '>=', '>': '>', '<=': '<=', '<': '<', '': '=' };
  return values
    .filter((x): x is string => x !== null)
    .map((x) => {
      const m = DATE_PREFIX.exec(x) as RegExpExecArray;
      return { sql: `${col} ${ops[m[1] ?? '']} ?`, params: [parseOrFail(m[2] as string)] };
    });
}

function jsonPath(parts: readonly string[]): string | undefined {
  if (parts.some((p) => p.includes('"') || p === '')) return undefined;
  return `$${parts.map((p) => `."${p}"`).join('')}`;
}

/** SQL for one order_by field, or undefined for fields that cannot be ordered by (ignored). */
function orderExpression(spec: EntitySpec, field: string): SqlPart | undefined {
  const kind = spec.columns[field];
  if (kind && kind !== 'json') return { sql: `t.${field}`, params: [] };
  const [head, ...rest] = field.split('.');
  if (head === undefined || rest.length === 0) return undefined;
  const ref = spec.refFields[head];
  if (ref && rest.length === 1 && spec.columns[head]) {
    const sub = rest[0] as string;
    if (ref === 'project' && /^(name|basename|created|last_update)$/.test(sub))
      return { sql: `(SELECT r.${sub} FROM projects r WHERE r.id = t.${head})`, params: [] };
    if (ref === 'user' && sub === 'name')
      return { sql: `(SELECT r.name FROM users r WHERE r.id = t.${head})`, params: [] };
    if (ref === 'task' && /^(name|status|last_update)$/.test(sub))
      return { sql: `(SELECT r.${sub} FROM tasks r WHERE r.id = t.${head})`, params: [] };
    return undefined;
  }
  if (spec.columns[head] === 'json') {
    const path = jsonPath(rest);
    return path ? { sql: `json_extract(t.${head}, ?)`, params: [path] } : undefined;
  }
  return undefined;
}

/** SQL that is true when an order field is empty, and how often it repeats the expression. */
function emptyTest(spec: EntitySpec, field: string, expr: string): { sql: string; uses: number } | undefined {
  const kind = spec.columns[field];
  const notNull = spec.notNull.includes(field);
  if (kind === 'list') return { sql: `(${expr} IS NULL OR ${expr} = '[]')`, uses: 2 };
  if (kind === 'date' || kind === 'int' || kind === 'bool')
    return notNull ? undefined : { sql: `${expr} IS NULL`, uses: 1 };
  if (kind === 'text' && notNull) return { sql: `${expr} = ''`, uses: 1 };
  return { sql: `(${expr} IS NULL OR ${expr} = '')`, uses: 2 };
}

function orderByClause(spec: EntitySpec, orderBy: readonly string[] | undefined): SqlPart {
  const fields = (orderBy ?? [])
    .map((f) => f.trim())
    .filter((f) => f !== '' && f !== '@text_score' && f !== '-@text_score');
  if (fields.length === 0) return { sql: 't.rowid', params: [] };
  if (!fields.some((f) => f === 'id' || f === '-id')) fields.push('id');
  const terms: string[] = [];
  const params: unknown[] = [];
  fields.forEach((f, i) => {
    const desc = f.startsWith('-');
    const name = desc ? f.slice(1) : f;
    const expr = orderExpression(spec, name);
    if (!expr) return;
    // Records whose first sort field is empty go last, in either direction (docs/wire-facts.md §9.3).
    if (i === 0 && name !== 'id') {
      const empty = emptyTest(spec, name, expr.sql);
      if (empty) {
        terms.push(empty.sql);
        for (let k = 0; k < empty.uses; k++) params.push(...expr.params);
      }
    }
    terms.push(`${expr.sql}${desc ? ' DESC' : ''}`);
    params.push(...expr.params);
  });
  return terms.length ? { sql: terms.join(', '), params } : { sql: 't.rowid', params: [] };
}

interface QueryOptions {
  /** Extra SQL conditions on `t` (type = 'report', resolved project lists, ...). */
  where?: SqlPart[];
  /** Parsed fields the caller handled itself (e.g. reports' `project`). */
  ignoreLists?: readonly string[];
  /** Hide rows with the `hidden` system tag unless search_hidden or an id list is given. */
  hideHidden?: boolean;
  /** Name of the scroll family, so states of different calls never mix. */
  scrollKind: string;
}

interface QueryResult {
  items: Doc[];
  /** Only when the request carried `scroll_id`. */
  scrollId?: string;
}

/** A list answer: the items under `key`, and `scroll_id` only when the request worked with a scroll. */
export function listAnswer<K extends string, T = Doc>(
  key: K,
  items: T[],
  scrollId: string | undefined,
): Record<K, T[]> & { scroll_id?: string } {
  const out = { [key]: items } as Record<K, T[]> & { scroll_id?: string };
  if (scrollId !== undefined) out.scroll_id = scrollId;
  return out;
}

function loadRefs(db: Db, kind: RefKind, ids: string[]): Map<string, Doc> {
  const out = new Map<string, Doc>();
  if (ids.length === 0) return out;
  const json = JSON.stringify([...new Set(ids)]);
  if (kind === 'company') {
    for (const id of ids) out.set(id, { id, name: COMPANY_NAME });
    return out;
  }
  if (kind === 'user') {
    const rows = stmt(db, 'SELECT u.id, u.name FROM json_each(?) j JOIN users u ON u.id = j.value').all(json) as Doc[];
    for (const r of rows) out.set(r.id as string, { id: r.id, name: r.name });
    return out;
  }
  const table = kind === 'project' ? 'projects' : 'tasks';
  const toJson = kind === 'project' ? PROJECTS.toJson : TASKS.toJson;
  const rows = stmt(db, `SELECT r.* FROM json_each(?) j JOIN ${table} r ON r.id = j.value`).all(json) as Record<
    string,
    unknown
  >[];
  for (const r of rows) out.set(r.id as string, toJson(r));
  return out;
}

function buildWhere(ctx: RequestContext, spec: EntitySpec, q: ParsedQuery, opts: QueryOptions): SqlPart {
  const parts: SqlPart[] = [{ sql: 't.company = ?', params: [ctx.identity.company] }, ...(opts.where ?? [])];
  for (const [field, values] of Object.entries(q.lists)) {
    if (opts.ignoreLists?.includes(field)) continue;
    let vals = values;
    if (field === 'project' && q.includeSubprojects) {
      const plain = vals.filter((x): x is string => x !== null && !x.startsWith('-') && !x.startsWith('__$'));
      const others = vals.filter((x) => x === null || x.startsWith('-') || x.startsWith('__$'));
      vals = [...withDescendants(ctx.db, ctx.identity.company, plain), ...others];
    }
    const sql = listFilterSql(field, vals, { expr: `t.${field}`, isList: spec.columns[field] === 'list' });
    if (sql) parts.push(sql);
  }
  for (const [field, filter] of Object.entries(q.filters ?? {})) {
    const sql = structuredFilterSql(filter, { expr: `t.${field}`, isList: spec.columns[field] === 'list' });
    if (sql) parts.push(sql);
  }
  for (const [field, values] of Object.entries(q.dates)) parts.push(...dateConditionsSql(field, `t.${field}`, values));
  if (q.searchText !== undefined) {
    const pre = searchTextPrefilter(spec, q.searchText);
    if (pre) parts.push(pre);
  }
  if (opts.hideHidden && !q.searchHidden && q.lists.id === undefined)
    parts.push({
      sql: `NOT EXISTS (SELECT 1 FROM json_each(t.system_tags) WHERE value = '${HIDDEN_TAG}')`,
      params: [],
    });
  return joinParts(parts, 'AND');
}

function buildPredicates(spec: EntitySpec, q: ParsedQuery): { predicates: Predicate[]; columns: Set<string> } {
  const predicates: Predicate[] = [];
  const columns = new Set<string>();
  for (const [field, pattern] of Object.entries(q.patterns)) {
    const re = compileQueryRegex(pattern, field);
    columns.add(field);
    predicates.push((row) => fieldTexts(spec, row, field).some((s) => re.test(s)));
  }
  for (const [key, cond, combine] of [
    ['_any_', q.any, 'some'],
    ['_all_', q.all, 'every'],
  ] as const) {
    if (!cond || cond.fields.length === 0) continue;
    const re = compileQueryRegex(cond.pattern, `${key}.pattern`, true);
    for (const f of cond.fields) if (spec.columns[f]) columns.add(f);
    predicates.push((row) => cond.fields[combine]((f) => fieldTexts(spec, row, f).some((s) => re.test(s))));
  }
  if (q.searchText !== undefined) {
    for (const f of spec.searchTextFields) columns.add(f);
    predicates.push(searchTextPredicate(spec, q.searchText));
  }
  return { predicates, columns };
}

/** Runs a query and returns the projected documents of the requested page or scroll step. */
export function runQuery(ctx: RequestContext, spec: EntitySpec, q: ParsedQuery, opts: QueryOptions): QueryResult {
  const { db } = ctx;
  const where = buildWhere(ctx, spec, q, opts);
  const order = orderByClause(spec, q.orderBy);
  const { predicates, columns } = buildPredicates(spec, q);

  let start: number;
  let limit: number;
  let scrollState: { id: string; position: number } | undefined;
  if (q.scroll) {
    scrollState = loadQueryScroll(db, opts.scrollKind, ctx.identity.company, q.scroll.id, ctx.now());
    limit = q.size as number;
    if (q.refreshScroll) {
      limit = Math.max(scrollState.position, limit);
      scrollState.position = 0;
    }
    start = scrollState.position;
  } else {
    limit = Math.min(q.pageSize ?? q.size ?? MAX_PAGE_SIZE, MAX_PAGE_SIZE);
    start = (q.page ?? 0) * limit;
  }

  let ids: string[];
  const from = `FROM ${spec.table} t WHERE ${where.sql} ORDER BY ${order.sql}`;
  if (predicates.length === 0) {
    const rows = stmt(db, `SELECT t.id ${from} LIMIT ? OFFSET ?`).all(
      ...where.params,
      ...order.params,
      limit,
      start,
    ) as {
      id: string;
    }[];
    ids = rows.map((r) => r.id);
  } else {
    const cols = ['id', ...[...columns].filter((c) => c !== 'id')].map((c) => `t.${c}`).join(', ');
    // Candidates stream from SQLite and the scan stops once the page is full. If the time
    // budget cuts the scan, the iterator is closed here so the cached statement stays usable.
    const candidates = stmt(db, `SELECT ${cols} ${from}`).iterate(
      ...where.params,
      ...order.params,
    ) as IterableIterator<Candidate>;
    try {
      ids = runWithinBudget(() => {
        const out: string[] = [];
        let skipped = 0;
        for (const row of candidates) {
          if (!predicates.every((p) => p(row))) continue;
          if (skipped < start) {
            skipped++;
            continue;
          }
          out.push(row.id as string);
          if (out.length >= limit) break;
        }
        return out;
      }, filterBudget(db));
    } finally {
      candidates.return?.();
    }
  }

  const rows = ids.length
    ? (stmt(db, `SELECT r.* FROM json_each(?) j JOIN ${spec.table} r ON r.id = j.value`).all(
        JSON.stringify(ids),
      ) as Record<string, unknown>[])
    : [];
  const byId = new Map(rows.map((r) => [r.id as string, r]));
  const projection = parseProjection(q.onlyFields);
  const docs = ids.map((id) => spec.toJson(byId.get(id) as Record<string, unknown>));
  for (const ref of requestedJoins(projection, Object.keys(spec.refFields))) {
    const kind = spec.refFields[ref] as RefKind;
    const refIds = docs.map((d) => (d[ref] as { id?: string } | undefined)?.id).filter((x): x is string => !!x);
    const loaded = loadRefs(db, kind, refIds);
    for (const d of docs) {
      const id = (d[ref] as { id?: string } | undefined)?.id;
      const joined = id ? loaded.get(id) : undefined;
      if (joined) d[ref] = joined;
    }
  }
  const items = docs.map((d) => applyProjection(d, projection));

  if (scrollState) {
    scrollState.position = start + items.length;
    saveQueryScroll(db, opts.scrollKind, ctx.identity.company, scrollState, ctx.now());
    return { items, scrollId: scrollState.id };
  }
  return { items };
}
