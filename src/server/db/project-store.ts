// Projects: full names are paths (`a/b/c`), parents are created on demand, `.reports`
// projects hold reports (docs/wire-facts.md §9.1).
import { REPORTS_PROJECT_BASENAME } from '../../wire/reports.js';
import { ERRORS } from '../../wire/errors.js';
import type { Db } from './db.js';
import type { ProjectRow } from './entities.js';
import { ServerError } from '../http/errors.js';
import { newId } from './ids.js';
import { stmt } from './statements.js';

export const HIDDEN_TAG = 'hidden';
export const REPORTS_TAG = 'reports';
const REPORTS_PROJECT_DESCRIPTION = 'Reports project';

function getProject(db: Db, company: string, id: string): ProjectRow | undefined {
  return stmt(db, 'SELECT * FROM projects WHERE id = ? AND company = ?').get(id, company) as ProjectRow | undefined;
}

/** The project or a 400/401 naming the id. */
export function requireProject(db: Db, company: string, id: string, field = 'project'): ProjectRow {
  const p = getProject(db, company, id);
  if (!p) throw new ServerError(ERRORS.invalidProjectId, `no project with this id (field '${field}')`, { id });
  return p;
}

export function findProjectByName(db: Db, company: string, name: string): ProjectRow | undefined {
  return stmt(db, 'SELECT * FROM projects WHERE company = ? AND name = ?').get(company, name) as ProjectRow | undefined;
}

/** Splits and trims a project path; throws 400/12 for empty parts. */
export function projectPathParts(name: string, field: string): string[] {
  const parts = name.split('/').map((p) => p.trim());
  if (parts.some((p) => p === ''))
    throw new ServerError(
      ERRORS.validationError,
      `error for field '${field}'. a project name must not be empty or contain empty path parts: ${JSON.stringify(name)}`,
    );
  return parts;
}

/**
 * Renames a project within its parent (a new last path part) and its descendants with it;
 * returns the new full name. Moving under another parent is refused (400/12).
 */
export function renameProject(db: Db, project: ProjectRow, newName: string): string {
  const parts = projectPathParts(newName, 'name');
  const oldParts = project.name.split('/');
  if (parts.length !== oldParts.length || parts.slice(0, -1).join('/') !== oldParts.slice(0, -1).join('/'))
    throw new ServerError(
      ERRORS.validationError,
      `error for field 'name'. a rename keeps the project under its parent ${JSON.stringify(oldParts.slice(0, -1).join('/'))}`,
    );
  const fullName = parts.join('/');
  if (findProjectByName(db, project.company, fullName))
    throw new ServerError(ERRORS.projectNameExists, undefined, { name: fullName });
  stmt(db, 'UPDATE projects SET name = ?, basename = ? WHERE id = ?').run(fullName, parts.at(-1), project.id);
  const prefix = `${project.name}/`;
  stmt(db, 'UPDATE projects SET name = ? || substr(name, ?) WHERE company = ? AND substr(name, 1, ?) = ?').run(
    `${fullName}/`,
    prefix.length + 1,
    project.company,
    prefix.length,
    prefix,
  );
  return fullName;
}

interface NewProjectFields {
  description?: string;
  tags?: string[];
  systemTags?: string[];
}

function insertProject(
  db: Db,
  company: string,
  user: string,
  name: string,
  basename: string,
  parent: string | null,
  now: number,
  fields: NewProjectFields,
): string {
  const id = newId();
  stmt(
    db,
    `INSERT INTO projects (id, company, user, name, basename, parent, description, tags, system_tags, created, last_update)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  ).run(
    id,
    company,
    user,
    name,
    basename,
    parent,
    fields.description ?? '',
    JSON.stringify([...new Set(fields.tags ?? [])].sort()),
    JSON.stringify([...new Set(fields.systemTags ?? [])].sort()),
    now,
    now,
  );
  return id;
}

/**
 * Returns the id of the project with this full name, creating it and any missing parents.
 * `leaf` fields apply only when the last project is created here.
 */
export function ensureProjectPath(
  db: Db,
  company: string,
  user: string,
  parts: readonly string[],
  now: number,
  leaf: NewProjectFields = {},
): { id: string; created: boolean } {
  let parent: string | null = null;
  let created = false;
  for (let i = 0; i < parts.length; i++) {
    const name = parts.slice(0, i + 1).join('/');
    const existing = findProjectByName(db, company, name);
    if (existing) {
      parent = existing.id;
      created = false;
      continue;
    }
    parent = insertProject(
      db,
      company,
      user,
      name,
      parts[i] as string,
      parent,
      now,
      i === parts.length - 1 ? leaf : {},
    );
    created = true;
  }
  return { id: parent as string, created };
}

/** The `.reports` project under `parentName` (root `.reports` when empty), created on demand. */
export function ensureReportsProject(db: Db, company: string, user: string, parentName: string, now: number): string {
  const trimmed = parentName.replace(/^\/+|\/+$/g, '');
  const parts = trimmed ? projectPathParts(trimmed, 'project_name') : [];
  if (parts[parts.length - 1] !== REPORTS_PROJECT_BASENAME) parts.push(REPORTS_PROJECT_BASENAME);
  return ensureProjectPath(db, company, user, parts, now, {
    description: REPORTS_PROJECT_DESCRIPTION,
    systemTags: [HIDDEN_TAG, REPORTS_TAG],
  }).id;
}

/** Deletes a `.reports` project left without tasks, models or subprojects. */
export function deleteReportsProjectIfEmpty(db: Db, projectId: string | null): void {
  if (!projectId) return;
  const p = stmt(db, 'SELECT basename FROM projects WHERE id = ?').get(projectId) as { basename: string } | undefined;
  if (!p || p.basename !== REPORTS_PROJECT_BASENAME) return;
  const used = stmt(
    db,
    `SELECT EXISTS (SELECT 1 FROM tasks WHERE project = ?) OR EXISTS (SELECT 1 FROM models WHERE project = ?)
       OR EXISTS (SELECT 1 FROM projects WHERE parent = ?) AS used`,
  ).get(projectId, projectId, projectId) as { used: number };
  if (!used.used) stmt(db, 'DELETE FROM projects WHERE id = ?').run(projectId);
}

/** The given project ids and all their descendants. */
export function withDescendants(db: Db, company: string, ids: readonly string[]): string[] {
  if (ids.length === 0) return [];
  const rows = stmt(
    db,
    `WITH RECURSIVE d(id) AS (
       SELECT value FROM json_each(@ids)
       UNION SELECT p.id FROM projects p JOIN d ON p.parent = d.id WHERE p.company = @company)
     SELECT id FROM d`,
  ).all({ ids: JSON.stringify(ids), company }) as { id: string }[];
  return rows.map((r) => r.id);
}
