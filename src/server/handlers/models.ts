// models.create / models.get_all_ex with real servers' shapes. As on real servers, a model
// is created `ready` (published, so locked for events) unless `ready: false` is sent.
import { handler, type ServedHandlersOf } from './handler.js';
import type { ModelsCreateRequest, ModelsCreateResponse, ModelsGetAllExRequest } from '../../wire/tasks.js';
import { normaliseTags } from '../db/entities.js';
import { newId } from '../db/ids.js';
import { requireProject } from '../db/project-store.js';
import type { SqlPart } from '../query/list-filter.js';
import { MODELS } from '../query/list-query.js';
import { stmt } from '../db/statements.js';
import { requireTask } from '../db/task-store.js';
import { requestShape, v, validate } from '../http/validate.js';
import { listQueryHandler } from './list-calls.js';

const create = handler(
  requestShape<ModelsCreateRequest>()({
    name: v.str({ minLength: 1 }),
    uri: v.str().opt(),
    ready: v.bool().default(true),
    project: v.str().opt(),
    task: v.str().opt(),
    comment: v.str().opt(),
    tags: v.list(v.str()).opt(),
    system_tags: v.list(v.str()).opt(),
  }),
  (req, ctx): ModelsCreateResponse => {
    if (req.project) requireProject(ctx.db, ctx.identity.company, req.project);
    if (req.task) requireTask(ctx, req.task);
    const id = newId();
    const now = ctx.now();
    stmt(
      ctx.db,
      `INSERT INTO models (id, company, user, name, uri, ready, project, task, comment, tags, system_tags, created, last_update)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      id,
      ctx.identity.company,
      ctx.identity.user,
      req.name,
      req.uri ?? null,
      req.ready ? 1 : 0,
      // An empty id means "none", as an absent one.
      req.project || null,
      req.task || null,
      req.comment ?? '',
      JSON.stringify(normaliseTags(req.tags)),
      JSON.stringify(normaliseTags(req.system_tags)),
      now,
      now,
    );
    return { id, created: true };
  },
);

/** The model list's own field besides the query. */
const READY_SHAPE = requestShape<Pick<ModelsGetAllExRequest, 'ready'>>()({ ready: v.bool().opt() });

function readyCondition(body: Record<string, unknown>): SqlPart[] {
  const { ready } = validate(body, READY_SHAPE);
  return ready === undefined ? [] : [{ sql: 't.ready = ?', params: [ready ? 1 : 0] }];
}

export const modelsHandlers: ServedHandlersOf<'models.create' | 'models.get_all_ex'> = {
  'models.create': create,
  'models.get_all_ex': listQueryHandler({
    spec: MODELS,
    key: 'models',
    scrollKind: 'models.get_all_ex',
    where: readyCondition,
  }),
};
