// projects.create / projects.get_all_ex with real servers' shapes. Names are paths: `a/b`
// creates `a` when missing. Hidden projects (system tag `hidden`, e.g. `.reports`) are listed
// only with `search_hidden` or when asked for by id.
import { handler, type ServedHandlersOf } from './handler.js';
import { ERRORS } from '../../wire/errors.js';
import type * as W from '../../wire/tasks.js';
import { normaliseTags } from '../db/entities.js';
import { ServerError } from '../http/errors.js';
import {
  ensureProjectPath,
  findProjectByName,
  projectPathParts,
  renameProject,
  requireProject,
} from '../db/project-store.js';
import { stmt } from '../db/statements.js';
import { isoTime } from '../db/time.js';
import { PROJECTS } from '../query/list-query.js';
import { requestShape, TAG_RULES, v } from '../http/validate.js';
import { listQueryHandler } from './list-calls.js';

const create = handler(
  requestShape<W.ProjectsCreateRequest>()({
    name: v.str({ minLength: 1 }),
    description: v.str().opt(),
    ...TAG_RULES,
  }),
  (req, ctx): W.ProjectsCreateResponse => {
    const parts = projectPathParts(req.name, 'name');
    const fullName = parts.join('/');
    if (findProjectByName(ctx.db, ctx.identity.company, fullName))
      throw new ServerError(ERRORS.projectNameExists, undefined, { name: fullName });
    const { id } = ensureProjectPath(ctx.db, ctx.identity.company, ctx.identity.user, parts, ctx.now(), {
      description: req.description ?? '',
      tags: req.tags ?? [],
      systemTags: req.system_tags ?? [],
    });
    return { id };
  },
);

/** Fields the SDK sets on a project (a dataset's system tags, its default output destination). */
const update = handler(
  requestShape<W.ProjectsUpdateRequest>()({
    project: v.str(),
    name: v.str({ minLength: 1 }).opt(),
    description: v.str().opt(),
    ...TAG_RULES,
    default_output_destination: v.str().opt(),
  }),
  (req, ctx): W.TaskUpdatedResponse => {
    const project = requireProject(ctx.db, ctx.identity.company, req.project);
    const now = ctx.now();
    const fields: Record<string, unknown> = {};
    if (req.name !== undefined && req.name !== project.name) fields.name = renameProject(ctx.db, project, req.name);
    const values: [string, string][] = [];
    if (req.description !== undefined) values.push(['description', req.description]);
    if (req.tags !== undefined) values.push(['tags', JSON.stringify(normaliseTags(req.tags))]);
    if (req.system_tags !== undefined) values.push(['system_tags', JSON.stringify(normaliseTags(req.system_tags))]);
    if (req.default_output_destination !== undefined)
      values.push(['default_output_destination', req.default_output_destination]);
    const sets = [...values.map(([column]) => `${column} = ?`), 'last_update = ?'];
    const updated = stmt(ctx.db, `UPDATE projects SET ${sets.join(', ')} WHERE id = ?`).run(
      ...values.map(([, value]) => value),
      now,
      project.id,
    ).changes;
    for (const [column, value] of values) fields[column] = column.endsWith('tags') ? JSON.parse(value) : value;
    return { updated, fields: { ...fields, last_update: isoTime(now) } };
  },
);

export const projectsHandlers: ServedHandlersOf<'projects.create' | 'projects.get_all_ex' | 'projects.update'> = {
  'projects.create': create,
  'projects.update': update,
  'projects.get_all_ex': listQueryHandler({ spec: PROJECTS, key: 'projects', scrollKind: 'projects.get_all_ex' }),
};
