// The entity specs against the real schema: every column a spec declares exists in its table
// with a matching SQLite type, and the spec's NOT NULL columns are exactly the table's.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/server/db/db.js';
import { MODELS, PROJECTS, TASKS, type ColumnKind } from '../../../src/server/query/entity-specs.js';

const dir = mkdtempSync(join(tmpdir(), 'tracktop-specs-'));
const db = openDatabase(join(dir, 'server.db'));
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

interface TableColumn {
  name: string;
  type: string;
  notnull: number;
  pk: number;
}

/** NOT NULL, or the primary key (never NULL here: every row is made with an id). */
function isNotNull(column: TableColumn | undefined): boolean {
  return column !== undefined && (column.notnull === 1 || column.pk > 0);
}

/** SQLite's declared type for each kind of column the query engine knows. */
const SQL_TYPE: Record<ColumnKind, string> = {
  text: 'TEXT',
  list: 'TEXT',
  json: 'TEXT',
  int: 'INTEGER',
  date: 'INTEGER',
  bool: 'INTEGER',
};

describe.each([TASKS, MODELS, PROJECTS])('$table spec', (spec) => {
  const table = new Map(
    (db.prepare(`PRAGMA table_info(${spec.table})`).all() as TableColumn[]).map((c) => [c.name, c]),
  );

  it('declares only columns of the table, with their SQLite type', () => {
    for (const [name, kind] of Object.entries(spec.columns))
      expect(table.get(name)?.type, `${spec.table}.${name}`).toBe(SQL_TYPE[kind]);
  });

  it('marks NOT NULL exactly the declared columns the table declares NOT NULL', () => {
    const notNullInTable = Object.keys(spec.columns).filter((name) => isNotNull(table.get(name)));
    expect([...spec.notNull].sort()).toEqual(notNullInTable.sort());
  });

  it('filters, matches and searches only declared columns', () => {
    const fields = [...spec.listFields, ...spec.patternFields, ...spec.dateFields, ...spec.searchTextFields];
    for (const field of fields) expect(spec.columns[field], `${spec.table}.${field}`).toBeDefined();
    for (const field of spec.dateFields) expect(spec.columns[field]).toBe('date');
  });
});
