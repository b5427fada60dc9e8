// Versioned schema. A migration never changes once shipped: add a new one instead.
// Times are epoch milliseconds (INTEGER); lists and maps are JSON text.
import { AUTH_MIGRATIONS } from '../auth/schema.js';
import { EVENTS_MIGRATIONS } from '../events/storage/schema.js';
import type { Migration } from './migration.js';

export type { Migration } from './migration.js';

const CORE_V1 = `
CREATE TABLE server_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

CREATE TABLE users (
  id TEXT PRIMARY KEY,
  company TEXT NOT NULL,
  name TEXT NOT NULL,
  role TEXT NOT NULL DEFAULT 'user',
  created INTEGER NOT NULL
);

CREATE TABLE credentials (
  access_key TEXT PRIMARY KEY,
  secret_hash TEXT NOT NULL,
  user TEXT NOT NULL REFERENCES users(id),
  created INTEGER NOT NULL
);

CREATE TABLE projects (
  id TEXT PRIMARY KEY,
  company TEXT NOT NULL,
  user TEXT,
  name TEXT NOT NULL,
  basename TEXT NOT NULL,
  parent TEXT REFERENCES projects(id),
  description TEXT NOT NULL DEFAULT '',
  tags TEXT NOT NULL DEFAULT '[]',
  system_tags TEXT NOT NULL DEFAULT '[]',
  created INTEGER NOT NULL,
  last_update INTEGER NOT NULL,
  UNIQUE (company, name)
);
CREATE INDEX projects_parent ON projects(parent);

CREATE TABLE tasks (
  id TEXT PRIMARY KEY,
  company TEXT NOT NULL,
  user TEXT NOT NULL,
  name TEXT NOT NULL,
  type TEXT NOT NULL,
  status TEXT NOT NULL DEFAULT 'created',
  comment TEXT NOT NULL DEFAULT '',
  project TEXT REFERENCES projects(id),
  parent TEXT,
  tags TEXT NOT NULL DEFAULT '[]',
  system_tags TEXT NOT NULL DEFAULT '[]',
  report TEXT,
  report_assets TEXT,
  created INTEGER NOT NULL,
  started INTEGER,
  completed INTEGER,
  last_update INTEGER NOT NULL,
  last_change INTEGER NOT NULL,
  last_changed_by TEXT,
  status_changed INTEGER,
  status_reason TEXT,
  status_message TEXT,
  published INTEGER,
  last_iteration INTEGER NOT NULL DEFAULT 0,
  last_metrics TEXT NOT NULL DEFAULT '{}',
  metric_stats TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX tasks_company_last_update ON tasks(company, last_update DESC);
CREATE INDEX tasks_project ON tasks(project);
-- Lists of one type (reports): in insertion (rowid) order, or newest first, without sorting.
CREATE INDEX tasks_company_type ON tasks(company, type);
CREATE INDEX tasks_company_type_last_update ON tasks(company, type, last_update);

CREATE TABLE models (
  id TEXT PRIMARY KEY,
  company TEXT NOT NULL,
  user TEXT NOT NULL,
  name TEXT NOT NULL,
  uri TEXT,
  ready INTEGER NOT NULL DEFAULT 0,
  project TEXT REFERENCES projects(id),
  task TEXT,
  comment TEXT NOT NULL DEFAULT '',
  tags TEXT NOT NULL DEFAULT '[]',
  system_tags TEXT NOT NULL DEFAULT '[]',
  created INTEGER NOT NULL,
  last_update INTEGER NOT NULL,
  last_iteration INTEGER NOT NULL DEFAULT 0,
  last_metrics TEXT NOT NULL DEFAULT '{}',
  metric_stats TEXT NOT NULL DEFAULT '{}'
);

CREATE INDEX models_project ON models(project);

-- Server-side cursors: debug_images/plots iteration states, sample navigation, get_all_ex scrolls.
CREATE TABLE scroll_states (
  id TEXT PRIMARY KEY,
  kind TEXT NOT NULL,
  company TEXT NOT NULL,
  state TEXT NOT NULL,
  expires INTEGER NOT NULL
);
CREATE INDEX scroll_states_expires ON scroll_states(expires);
`;

// What the ClearML SDK sets with tasks.edit/update and reads back (JSON text, NULL = unset).
const CORE_V3 = `
ALTER TABLE tasks ADD COLUMN hyperparams TEXT;
ALTER TABLE tasks ADD COLUMN configuration TEXT;
ALTER TABLE tasks ADD COLUMN script TEXT;
ALTER TABLE tasks ADD COLUMN execution TEXT;
ALTER TABLE tasks ADD COLUMN runtime TEXT;
ALTER TABLE tasks ADD COLUMN models TEXT;
ALTER TABLE tasks ADD COLUMN container TEXT;
ALTER TABLE tasks ADD COLUMN output TEXT;
ALTER TABLE tasks ADD COLUMN last_worker TEXT;
ALTER TABLE tasks ADD COLUMN last_worker_report INTEGER;
ALTER TABLE projects ADD COLUMN default_output_destination TEXT;
`;

// What the ClearML SDK stores on models (OutputModel, framework hooks): JSON text, NULL = unset.
const CORE_V6 = `
ALTER TABLE models ADD COLUMN framework TEXT;
ALTER TABLE models ADD COLUMN design TEXT;
ALTER TABLE models ADD COLUMN labels TEXT;
ALTER TABLE models ADD COLUMN metadata TEXT;
ALTER TABLE models ADD COLUMN parent TEXT;
ALTER TABLE models ADD COLUMN ui_cache TEXT;
CREATE INDEX models_task ON models(task);
`;

// Core and events migrations interleave by version: applied in that order.
export const MIGRATIONS: Migration[] = [
  ...AUTH_MIGRATIONS,
  { version: 1, sql: CORE_V1 },
  ...EVENTS_MIGRATIONS,
  { version: 3, sql: CORE_V3 },
  { version: 6, sql: CORE_V6 },
].sort((a, b) => a.version - b.version);
