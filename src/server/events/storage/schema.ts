// The events store (owned by the events handlers). Versions start at 2, after the core schema.
//
// Layout, chosen for ingest speed and reads that never parse JSON on the hot paths:
// * event_series: one row per (owner, type, metric, variant). Events point at it by integer id,
//   so metric discovery reads this small table instead of the events.
// * scalar_events: clustered by (series, iter, ikey) WITHOUT ROWID. The primary key is the event
//   identity (docs/wire-facts.md §3.4: task, iter, metric, variant, key) and the rows are in histogram
//   order, so a histogram is a range scan of the table itself.
// * doc_events: vectors, debug images and plots; the same identity as a unique index, the
//   type-specific fields in `extra` (JSON).
// * log_events (v2): never overwritten, so no identity; indexed by time for paging and by
//   iteration for get_task_events. Replaced in v4, see EVENTS_V4.
// `iter` is never NULL: an event sent without one is stored at NO_ITER (-2^63) and read back
// without an `iter` field. `ikey` is '' when the event has no `key`, else '=' + key.
// `written` is the server's write time (the `@timestamp` field), epoch ms.
import type { Migration } from '../../db/migration.js';

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

// v4: logs in a third of the space, and a page of them is one range scan.
// * log_events is clustered by (owner, timestamp, seq) WITHOUT ROWID: a get_task_log page reads
//   consecutive rows of the table itself, no index lookups.
// * owner is an integer (event_owners.id) instead of the 32-character task id in every row and
//   index entry; worker and level are integers (event_strings.id).
// * seq orders the logs of one owner that share a timestamp (insertion order); it is 0 for the
//   first log at a timestamp, so it costs no bytes in the usual case.
// * written_after = written - timestamp: the write time is close to the event time, so a few
//   bytes instead of six.
// * log_events_iter serves get_task_events (by iteration) and the owner's last iteration.
const EVENTS_V4 = `
CREATE TABLE event_owners (
  id INTEGER PRIMARY KEY,
  owner TEXT NOT NULL UNIQUE
);
CREATE TABLE event_strings (
  id INTEGER PRIMARY KEY,
  text TEXT NOT NULL UNIQUE
);
INSERT INTO event_owners (owner) SELECT DISTINCT owner FROM log_events ORDER BY owner;
INSERT INTO event_strings (text) SELECT worker FROM log_events UNION SELECT level FROM log_events WHERE level IS NOT NULL;

CREATE TABLE log_events_v4 (
  owner INTEGER NOT NULL,
  timestamp INTEGER NOT NULL,
  seq INTEGER NOT NULL,
  series INTEGER NOT NULL,
  iter INTEGER NOT NULL,
  written_after INTEGER NOT NULL,
  worker INTEGER NOT NULL,
  level INTEGER,
  msg TEXT,
  extra TEXT,
  PRIMARY KEY (owner, timestamp, seq)
) WITHOUT ROWID;
INSERT INTO log_events_v4
  SELECT o.id, l.timestamp, row_number() OVER (PARTITION BY l.owner, l.timestamp ORDER BY l.seq) - 1, l.series,
    l.iter, l.written - l.timestamp, w.id, lv.id, l.msg, l.extra
  FROM log_events l
  JOIN event_owners o ON o.owner = l.owner
  JOIN event_strings w ON w.text = l.worker
  LEFT JOIN event_strings lv ON lv.text = l.level
  ORDER BY 1, 2, 3; -- in key order, so the pages fill as a live log's do
DROP TABLE log_events;
ALTER TABLE log_events_v4 RENAME TO log_events;
CREATE INDEX log_events_iter ON log_events(owner, iter);
`;

// v5: the (owner, iter) index (18 bytes a line) gives way to log_iterations, one row per
// iteration of a log series with its first and last timestamp, kept at ingest (log-store.ts).
// Reads by iteration walk it in order and read each iteration as a timestamp range of
// log_events; the owner's last iteration and iteration discovery read it alone.
const EVENTS_V5 = `
CREATE TABLE log_iterations (
  owner INTEGER NOT NULL,
  iter INTEGER NOT NULL,
  series INTEGER NOT NULL,
  first_timestamp INTEGER NOT NULL,
  last_timestamp INTEGER NOT NULL,
  PRIMARY KEY (owner, iter, series)
) WITHOUT ROWID;
INSERT INTO log_iterations
  SELECT owner, iter, series, min(timestamp), max(timestamp) FROM log_events GROUP BY owner, iter, series;
DROP INDEX log_events_iter;
`;

export const EVENTS_MIGRATIONS: Migration[] = [
  { version: 2, sql: EVENTS_V2 },
  { version: 4, sql: EVENTS_V4 },
  { version: 5, sql: EVENTS_V5 },
];
