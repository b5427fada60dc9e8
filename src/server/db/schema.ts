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

/** `ALTER TABLE <table> ADD COLUMN <column>;` for each column (`name TYPE`), one a line, in order. */
function addColumns(table: string, columns: readonly string[]): string {
  return columns.map((column) => `ALTER TABLE ${table} ADD COLUMN ${column};\n`).join('');
}

// What the ClearML SDK sets with tasks.edit/update and reads back (JSON text, NULL = unset).
const CORE_V3 =
  addColumns('tasks', [
    'hyperparams TEXT',
    'configuration TEXT',
    'script TEXT',
    'execution TEXT',
    'runtime TEXT',
    'models TEXT',
    'container TEXT',
    'output TEXT',
    'last_worker TEXT',
    'last_worker_report INTEGER',
  ]) + addColumns('projects', ['default_output_destination TEXT']);

// What the ClearML SDK stores on models (OutputModel, framework hooks): JSON text, NULL = unset.
const CORE_V6 =
  addColumns('models', [
    'framework TEXT',
    'design TEXT',
    'labels TEXT',
    'metadata TEXT',
    'parent TEXT',
    'ui_cache TEXT',
  ]) + 'CREATE INDEX models_task ON models(task);\n';

// The cluster: queues and their waiting tasks (in line order), queue length samples, workers
// (one row per company, user and worker name, as real servers key them; gone after `expires`),
// their runtime properties and status reports (kept for a day); and the status a queued task
// had before it was queued, which dequeueing it restores.
const CORE_V8 = `
CREATE TABLE queues (
  id TEXT PRIMARY KEY,
  company TEXT NOT NULL,
  user TEXT,
  name TEXT NOT NULL,
  tags TEXT NOT NULL DEFAULT '[]',
  system_tags TEXT NOT NULL DEFAULT '[]',
  created INTEGER NOT NULL,
  last_update INTEGER NOT NULL,
  UNIQUE (company, name)
);
CREATE TABLE queue_entries (
  queue TEXT NOT NULL REFERENCES queues(id) ON DELETE CASCADE,
  task TEXT NOT NULL,
  added INTEGER NOT NULL,
  position INTEGER NOT NULL,
  PRIMARY KEY (queue, task)
);
CREATE INDEX queue_entries_line ON queue_entries(queue, position);
CREATE INDEX queue_entries_task ON queue_entries(task);
CREATE TABLE queue_samples (
  queue TEXT NOT NULL REFERENCES queues(id) ON DELETE CASCADE,
  time INTEGER NOT NULL,
  length INTEGER NOT NULL,
  avg_wait REAL NOT NULL
);
CREATE INDEX queue_samples_time ON queue_samples(queue, time);
CREATE TABLE workers (
  company TEXT NOT NULL,
  user TEXT NOT NULL,
  id TEXT NOT NULL,
  ip TEXT NOT NULL DEFAULT '',
  queues TEXT NOT NULL DEFAULT '[]',
  tags TEXT NOT NULL DEFAULT '[]',
  system_tags TEXT NOT NULL DEFAULT '[]',
  register_time INTEGER NOT NULL,
  timeout INTEGER NOT NULL,
  expires INTEGER NOT NULL,
  last_activity_time INTEGER NOT NULL,
  last_report_time INTEGER,
  task TEXT,
  queue TEXT,
  PRIMARY KEY (company, user, id)
);
CREATE TABLE worker_properties (
  company TEXT NOT NULL,
  user TEXT NOT NULL,
  worker TEXT NOT NULL,
  key TEXT NOT NULL,
  value TEXT NOT NULL,
  expires INTEGER,
  PRIMARY KEY (company, user, worker, key)
);
CREATE TABLE worker_reports (
  company TEXT NOT NULL,
  worker TEXT NOT NULL,
  time INTEGER NOT NULL,
  task TEXT,
  stats TEXT NOT NULL
);
CREATE INDEX worker_reports_time ON worker_reports(company, time);
CREATE INDEX worker_reports_worker ON worker_reports(company, worker, time);
ALTER TABLE tasks ADD COLUMN enqueue_status TEXT;
`;

// Core and events migrations interleave by version: applied in that order.
export const MIGRATIONS: Migration[] = [
  ...AUTH_MIGRATIONS,
  { version: 1, sql: CORE_V1 },
  ...EVENTS_MIGRATIONS,
  { version: 3, sql: CORE_V3 },
  { version: 6, sql: CORE_V6 },
  { version: 8, sql: CORE_V8 },
].sort((a, b) => a.version - b.version);
