// Limits of the embedded server. The README documents these numbers.

const MiB = 1024 * 1024;

/** Largest request body accepted by `events.add_batch` (JSON lines of many events). */
export const ADD_BATCH_BODY_LIMIT_BYTES = 64 * MiB;
/** Largest request body accepted by every other endpoint. */
export const DEFAULT_BODY_LIMIT_BYTES = 16 * MiB;

/** Largest upload (one multipart POST: a debug image or an artifact) the files host accepts. */
export const MAX_UPLOAD_BYTES = 100 * MiB;

export function bodyLimitFor(endpoint: string): number {
  return endpoint === 'events.add_batch' ? ADD_BATCH_BODY_LIMIT_BYTES : DEFAULT_BODY_LIMIT_BYTES;
}

/** get_all_ex: largest page and the cap when no paging is asked for (docs/wire-facts.md §9.3). */
export const MAX_PAGE_SIZE = 500;
/** get_all_ex DB-cursor scroll states live this long after their last use (docs/wire-facts.md §7). */
export const QUERY_SCROLL_TTL_MS = 600_000;

/** Longest regular expression accepted in a query. */
export const MAX_PATTERN_LENGTH = 500;
/**
 * Wall time a request may spend matching regular expressions and other in-memory filters.
 * JavaScript regexes backtrack; the filtering runs under a V8 watchdog that stops it after
 * this budget, so a pathological pattern costs at most this long and answers 400.
 */
export const FILTER_TIME_BUDGET_MS = 1000;

/** Failed key-pair checks an access key gets before it must wait (429). */
export const LOGIN_BACKOFF_FREE_FAILURES = 5;
/** Longest wait after repeated failures; the wait doubles from 1 s up to this. */
export const LOGIN_BACKOFF_MAX_MS = 60_000;
/** Access keys whose failures are remembered (the oldest is forgotten first). */
export const LOGIN_BACKOFF_MAX_KEYS = 10_000;

/** Deepest nesting of arrays and objects accepted in a request body. */
export const MAX_JSON_DEPTH = 64;
/** Longest string field (UTF-16 units) unless the field allows more. */
export const MAX_TEXT_CHARS = 65_536;
/** Longest long-text field (a report's markdown body). */
export const MAX_LONG_TEXT_CHARS = 4 * 1024 * 1024;
/** Most items of a list field unless the field allows fewer. */
export const MAX_LIST_ITEMS = 10_000;
/** Most `only_fields` entries of a query; each is a dotted path of at most MAX_FIELD_PATH_CHARS. */
export const MAX_ONLY_FIELDS = 100;
/** Most `order_by` entries of a query. */
export const MAX_ORDER_BY = 10;
export const MAX_FIELD_PATH_CHARS = 200;
/** Longest `search_text` of a query. */
export const MAX_SEARCH_TEXT_CHARS = 1000;
