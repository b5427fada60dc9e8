// Parsing the query part of a list request (docs/wire-facts.md §9.3) into a ParsedQuery: the fields
// every list query has are tied to the wire's TaskQuery; the entity's own list, pattern and
// date fields come from its spec.
import { ERRORS } from '../../wire/errors.js';
import type { FieldFilter, TaskQuery } from '../../wire/tasks.js';
import type { CommonQueryKey, EntitySpec } from './entity-specs.js';
import { ServerError } from '../http/errors.js';
import { MAX_FIELD_PATH_CHARS, MAX_ONLY_FIELDS, MAX_ORDER_BY, MAX_SEARCH_TEXT_CHARS } from '../http/limits.js';
import type { StructuredFilter } from './list-filter.js';
import { requestShape, v, validate, validateField } from '../http/validate.js';

export interface PatternCondition {
  pattern: string;
  fields: string[];
}

export interface ParsedQuery {
  lists: Record<string, (string | null)[]>;
  patterns: Record<string, string>;
  dates: Record<string, (string | null)[]>;
  any?: PatternCondition;
  all?: PatternCondition;
  filters?: Record<string, StructuredFilter>;
  searchText?: string;
  includeSubprojects: boolean;
  searchHidden: boolean;
  onlyFields?: string[];
  orderBy?: string[];
  page?: number;
  pageSize?: number;
  size?: number;
  /** Present (possibly null/"") when the request carries the `scroll_id` key. */
  scroll?: { id: string | null };
  refreshScroll: boolean;
}

const patternRule = v.obj({ pattern: v.str(), fields: v.list(v.str()) });
const filterListRule = v.obj({ include: v.nullableStrList().opt(), exclude: v.nullableStrList().opt() });
const FIELD_FILTER_SHAPE = requestShape<FieldFilter>()({
  any: filterListRule.opt(),
  all: filterListRule.opt(),
  op: v.oneOf(['and', 'or'] as const).opt(),
});

export function validationError(field: string, what: string): ServerError {
  return new ServerError(ERRORS.validationError, `error for field '${field}'. ${what}`);
}

function parseFilters(value: unknown, spec: EntitySpec): Record<string, StructuredFilter> | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) throw validationError('filters', 'expected object');
  const out: Record<string, StructuredFilter> = {};
  for (const [field, raw] of Object.entries(value as Record<string, unknown>)) {
    if (!spec.listFields.includes(field))
      throw validationError(`filters.${field}`, `filters are supported on ${spec.listFields.join(', ')}`);
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
      throw validationError(`filters.${field}`, 'expected object');
    for (const key of Object.keys(raw)) {
      if (!['any', 'all', 'op'].includes(key))
        throw validationError(`filters.${field}.${key}`, "unknown key; expected 'any', 'all' or 'op'");
    }
    out[field] = validate(raw, FIELD_FILTER_SHAPE) as StructuredFilter;
  }
  return out;
}

const fieldPathRule = v.str({ maxLength: MAX_FIELD_PATH_CHARS });

/**
 * The fields every list query has, besides the entity's own (lists, patterns, dates);
 * `filters` and `scroll_id` are checked below.
 */
const QUERY_BASE_SHAPE = requestShape<Pick<TaskQuery, Exclude<CommonQueryKey, 'filters' | 'scroll_id'>>>()({
  search_text: v.str({ maxLength: MAX_SEARCH_TEXT_CHARS }).opt(),
  include_subprojects: v.bool().default(false),
  search_hidden: v.bool().default(false),
  only_fields: v.list(fieldPathRule, { maxItems: MAX_ONLY_FIELDS }).opt(),
  order_by: v.list(fieldPathRule, { maxItems: MAX_ORDER_BY }).opt(),
  page: v.int({ min: 0 }).opt(),
  page_size: v.int({ min: 1 }).opt(),
  size: v.int({ min: 1 }).opt(),
  refresh_scroll: v.bool().default(false),
  _any_: patternRule.opt(),
  _all_: patternRule.opt(),
});

/** Validates the query part of a request body (400/12 naming the field). */
export function parseQuery(body: Record<string, unknown>, spec: EntitySpec): ParsedQuery {
  const base = validate(body, QUERY_BASE_SHAPE);
  const q: ParsedQuery = {
    lists: {},
    patterns: {},
    dates: {},
    includeSubprojects: base.include_subprojects,
    searchHidden: base.search_hidden,
    refreshScroll: base.refresh_scroll,
    filters: parseFilters(body.filters, spec),
  };
  if (base.search_text !== undefined && base.search_text.trim() !== '') q.searchText = base.search_text;
  if (base.only_fields) q.onlyFields = base.only_fields;
  if (base.order_by) q.orderBy = base.order_by;
  if (base.page !== undefined) q.page = base.page;
  if (base.page_size !== undefined) q.pageSize = base.page_size;
  if (base.size !== undefined) q.size = base.size;
  // The spec names the pattern conditions `any`/`all`; real servers `_any_`/`_all_`.
  const isPattern = (x: unknown) => typeof x === 'object' && x !== null && !Array.isArray(x) && 'pattern' in x;
  q.any = base._any_ ?? (isPattern(body.any) ? validateField(body, 'any', patternRule) : undefined);
  q.all = base._all_ ?? (isPattern(body.all) ? validateField(body, 'all', patternRule) : undefined);
  if (q.any === undefined) delete q.any;
  if (q.all === undefined) delete q.all;
  for (const field of spec.listFields) {
    const r = validateField(body, field, v.nullableStrList().opt());
    if (r !== undefined) q.lists[field] = r;
  }
  for (const field of spec.patternFields) {
    if (spec.listFields.includes(field)) continue;
    const r = validateField(body, field, v.str().opt());
    if (r !== undefined && r !== '') q.patterns[field] = r;
  }
  for (const field of spec.dateFields) {
    const r = validateField(body, field, v.nullableStrList().opt());
    if (r !== undefined) q.dates[field] = r;
  }
  if (Object.hasOwn(body, 'scroll_id')) {
    const id = body.scroll_id;
    if (id !== null && typeof id !== 'string') throw validationError('scroll_id', 'expected string');
    if (q.size === undefined)
      throw validationError(
        'size',
        'an integer size of at least 1 must be given when working with a scroll (scroll_id)',
      );
    q.scroll = { id };
  }
  return q;
}
