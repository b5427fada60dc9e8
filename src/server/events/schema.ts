// The events store (owned by the events handlers). Versions start at 2, after the core schema.
//
// Layout, chosen for ingest speed and reads that never parse JSON on the hot paths:
// * event_series: one row per (owner, type, metric, variant). Events point at it by integer id,
//   so metric discovery reads this small table instead of the events.
// * scalar_events: clustered by (series, iter, ikey) WITHOUT ROWID. The primary key is the event
//   identity (REFERENCE §3.4: task, iter, metric, variant, key) and the rows are in histogram
//   order, so a histogram is a range scan of the table itself.
// * doc_events: vectors, debug images and plots; the same identity as a unique index, the
//   type-specific fields in `extra` (JSON).
// * log_events: never overwritten, so no identity; indexed by time for paging and by iteration
//   for get_task_events.
// `iter` is never NULL: an event sent without one is stored at NO_ITER (-2^63) and read back
// without an `iter` field. `ikey` is '' when the event has no `key`, else '=' + key.
// `written` is the server's write time (the `@timestamp` field), epoch ms.
import type { Migration } from '../migration.js';

const EVENTS_V2 = `
CREATE TABLE event_series (
  id INTEGER PRIMARY KEY,
  owner TEXT NOT NULL,          -- task id, or model id when model_event = 1
  model_event INTEGER NOT NULL,
  type INTEGER NOT NULL,        -- see TYPE_CODES in event-types.ts
  metric TEXT NOT NULL,
  variant TEXT NOT NULL,
  -- Scalars: write time of the newest event with value > 0 (get_task_latest_scalar_values).
  last_written INTEGER NOT NULL DEFAULT 0,
  UNIQUE (owner, type, metric, variant)
);
CREATE INDEX event_series_type ON event_series(type);

CREATE TABLE scalar_events (
  series INTEGER NOT NULL,
  iter INTEGER NOT NULL,
  ikey TEXT NOT NULL,
  value REAL NOT NULL,
  timestamp INTEGER NOT NULL,
  written INTEGER NOT NULL,
  worker TEXT NOT NULL,
  extra TEXT,                   -- JSON object of fields the client sent beyond the known ones
  PRIMARY KEY (series, iter, ikey)
) WITHOUT ROWID;

CREATE TABLE doc_events (
  seq INTEGER PRIMARY KEY,
  series INTEGER NOT NULL,
  iter INTEGER NOT NULL,
  ikey TEXT NOT NULL,
  timestamp INTEGER NOT NULL,
  written INTEGER NOT NULL,
  worker TEXT NOT NULL,
  url TEXT,                     -- debug images
  extra TEXT                    -- JSON: value (vectors), plot_str/plot_data/plot_len (plots), key, unknown fields
);
CREATE UNIQUE INDEX doc_events_identity ON doc_events(series, iter, ikey);

CREATE TABLE log_events (
  seq INTEGER PRIMARY KEY,
  owner TEXT NOT NULL,
  series INTEGER NOT NULL,
  iter INTEGER NOT NULL,
  timestamp INTEGER NOT NULL,
  written INTEGER NOT NULL,
  worker TEXT NOT NULL,
  level TEXT,
  msg TEXT,
  extra TEXT
);
CREATE INDEX log_events_time ON log_events(owner, timestamp);
CREATE INDEX log_events_iter ON log_events(owner, iter, timestamp);
`;

export const EVENTS_MIGRATIONS: Migration[] = [{ version: 2, sql: EVENTS_V2 }];
