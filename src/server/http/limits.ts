// Limits of the embedded server. The README documents these numbers.

const MiB = 1024 * 1024;

/** Largest request body accepted by `events.add_batch` (JSON lines of many events). */
export const ADD_BATCH_BODY_LIMIT_BYTES = 64 * MiB;
/** Largest request body accepted by every other endpoint. */
export const DEFAULT_BODY_LIMIT_BYTES = 16 * MiB;

/** Largest upload (one multipart POST: a debug image or an artifact) the files host accepts. */
export const MAX_UPLOAD_BYTES = 100 * MiB;
/** Most files (multipart parts) in one upload. */
export const MAX_UPLOAD_PARTS = 1000;
/**
 * Uploads read at once; more wait unread. Each streams to disk holding a chunk or two (about
 * 128 KiB), so uploads in flight hold a few MiB whatever their sizes.
 */
export const UPLOADS_IN_FLIGHT = 32;

export function bodyLimitFor(endpoint: string): number {
  return endpoint === 'events.add_batch' ? ADD_BATCH_BODY_LIMIT_BYTES : DEFAULT_BODY_LIMIT_BYTES;
}

/** get_all_ex: largest page and the cap when no paging is asked for (docs/wire-facts.md §9.3). */
export const MAX_PAGE_SIZE = 500;
/** get_all_ex DB-cursor scroll states live this long after their last use (docs/wire-facts.md §7). */
export const QUERY_SCROLL_TTL_MS = 600_000;

/** Open connections at most (below the usual 1024 file descriptors, with room for files). */
export const MAX_CONNECTIONS = 800;
/** Connections that have not yet made an authenticated request, at most. */
export const MAX_UNAUTHENTICATED_CONNECTIONS = 200;
/** A new connection must send its first request within this long. */
export const FIRST_REQUEST_TIMEOUT_MS = 10_000;
/** A request's headers must arrive within this long. */
export const HEADERS_TIMEOUT_MS = 20_000;
/** An answer the client takes no byte of for this long is abandoned and its socket closed. */
export const WRITE_TIMEOUT_MS = 20_000;

/** Longest regular expression accepted in a query. */
export const MAX_PATTERN_LENGTH = 500;
/**
 * Wall time a request may spend matching regular expressions and other in-memory filters.
 * JavaScript regexes backtrack; the filtering runs under a V8 watchdog that stops it after
 * this budget, so a pathological pattern costs at most this long and answers 400.
 */
export const FILTER_TIME_BUDGET_MS = 1000;

/** Failed key-pair checks an access key gets before its wrong secrets must wait (429). */
export const LOGIN_BACKOFF_FREE_FAILURES = 5;
/** Failed key-pair checks a source address gets (over all keys) before its wrong secrets must wait. */
export const LOGIN_SOURCE_FREE_FAILURES = 20;
/** Longest wait after repeated failures; the wait doubles from 1 s up to this. */
export const LOGIN_BACKOFF_MAX_MS = 60_000;
/** Access keys (and, apart, source addresses) whose failures are remembered (the oldest is forgotten first). */
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
