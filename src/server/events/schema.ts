// The events store (owned by the events handlers). Versions start at 2, after the core schema.
import type { Migration } from '../schema.js';

const EVENTS_V2 = `
CREATE TABLE events (
  seq INTEGER PRIMARY KEY,
  owner TEXT NOT NULL,          -- task id, or model id when model_event = 1
  model_event INTEGER NOT NULL,
  type TEXT NOT NULL,
  event_id TEXT NOT NULL,       -- md5 identity for non-log events (REFERENCE §3.4), random for logs
  iter INTEGER,
  metric TEXT NOT NULL,
  variant TEXT NOT NULL,
  timestamp INTEGER NOT NULL,
  value REAL,                   -- scalars
  url TEXT,                     -- debug images
  doc TEXT NOT NULL             -- the stored event, as returned by reads
);
CREATE UNIQUE INDEX events_identity ON events(type, event_id);
CREATE INDEX events_series ON events(owner, type, metric, variant, iter);
CREATE INDEX events_time ON events(owner, type, timestamp);
`;

export const EVENTS_MIGRATIONS: Migration[] = [{ version: 2, sql: EVENTS_V2 }];
