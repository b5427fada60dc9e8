// users.get_all_ex / users.get_current_user (docs/wire-facts.md §12.4): every person of the
// company, one per key pair (`tracktop serve keys`), revoked pairs' people included since
// their runs stay recorded under them.
import { handler, type ServedHandlersOf } from './handler.js';
import type { User, UsersGetAllExResponse, UsersGetCurrentUserResponse } from '../../wire/users.js';
import { COMPANY_NAME } from '../db/server-meta.js';
import { stmt } from '../db/statements.js';
import { isoTime } from '../db/time.js';
import { ServerError } from '../http/errors.js';
import { ERRORS } from '../../wire/errors.js';
import { requestShape, v } from '../http/validate.js';

interface UserRow {
  id: string;
  name: string;
  company: string;
  role: string;
  created: number;
}

const USER_FIELDS = ['id', 'name', 'company', 'role', 'created'] as const;

function userDoc(row: UserRow): Required<User> {
  return { id: row.id, name: row.name, company: row.company, role: row.role, created: isoTime(row.created) };
}

const getAllEx = handler(
  requestShape<{ id?: string[]; active_in_projects?: string[]; only_fields?: string[] }>()({
    id: v.list(v.str()).opt(),
    active_in_projects: v.list(v.str()).opt(),
    only_fields: v.list(v.str()).opt(),
  }),
  (req, ctx): UsersGetAllExResponse => {
    const conditions = ['u.company = @company'];
    if (req.id !== undefined) conditions.push('u.id IN (SELECT value FROM json_each(@ids))');
    // Real servers list the users who own a task in those projects.
    if (req.active_in_projects !== undefined)
      conditions.push(
        'u.id IN (SELECT t.user FROM tasks t WHERE t.company = @company AND t.project IN (SELECT value FROM json_each(@projects)))',
      );
    const rows = stmt(
      ctx.db,
      `SELECT u.id, u.name, u.company, u.role, u.created FROM users u WHERE ${conditions.join(' AND ')} ORDER BY u.name, u.id`,
    ).all({
      company: ctx.identity.company,
      ids: JSON.stringify(req.id ?? []),
      projects: JSON.stringify(req.active_in_projects ?? []),
    }) as UserRow[];
    const wanted = req.only_fields === undefined ? undefined : new Set(['id', ...req.only_fields]);
    const users = rows.map((row) => {
      const doc = userDoc(row);
      if (wanted === undefined) return doc;
      const picked: User = { id: doc.id };
      for (const f of USER_FIELDS) if (wanted.has(f)) Object.assign(picked, { [f]: doc[f] });
      return picked;
    });
    return { users };
  },
);

const getCurrentUser = handler(requestShape<Record<string, never>>()({}), (_req, ctx): UsersGetCurrentUserResponse => {
  const row = stmt(ctx.db, 'SELECT id, name, company, role, created FROM users WHERE id = ? AND company = ?').get(
    ctx.identity.user,
    ctx.identity.company,
  ) as UserRow | undefined;
  if (row === undefined) throw new ServerError(ERRORS.badRequest, 'failed loading user');
  const doc = userDoc(row);
  return {
    user: { ...doc, company: { id: row.company, name: COMPANY_NAME }, role: ctx.identity.role },
    getting_started: null,
  };
});

export const usersHandlers: ServedHandlersOf<'users.get_all_ex' | 'users.get_current_user'> = {
  'users.get_all_ex': getAllEx,
  'users.get_current_user': getCurrentUser,
};
