// projects.create / projects.get_all_ex with real servers' shapes. Names are paths: `a/b`
// creates `a` when missing. Hidden projects (system tag `hidden`, e.g. `.reports`) are listed
// only with `search_hidden` or when asked for by id.
import { handler, type ServedHandlersOf } from './handler.js';
import { ERRORS } from '../../wire/errors.js';
import type { ProjectsCreateRequest, ProjectsCreateResponse } from '../../wire/tasks.js';
import { ServerError } from '../http/errors.js';
import { ensureProjectPath, findProjectByName, projectPathParts } from '../db/project-store.js';
import { PROJECTS } from '../query/list-query.js';
import { requestShape, v } from '../http/validate.js';
import { listQueryHandler } from './list-calls.js';

const create = handler(
  requestShape<ProjectsCreateRequest>()({
    name: v.str({ minLength: 1 }),
    description: v.str().opt(),
    tags: v.list(v.str()).opt(),
    system_tags: v.list(v.str()).opt(),
  }),
  (req, ctx): ProjectsCreateResponse => {
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

export const projectsHandlers: ServedHandlersOf<'projects.create' | 'projects.get_all_ex'> = {
  'projects.create': create,
  'projects.get_all_ex': listQueryHandler({ spec: PROJECTS, key: 'projects', scrollKind: 'projects.get_all_ex' }),
};
