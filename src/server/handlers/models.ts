// models.create / get_all / get_all_ex / get_by_id / delete / archive_many / unarchive_many with
// the shapes of the SDK's v2_23 models. As on real servers, a model is created `ready`
// (published, so locked for events) unless `ready: false` is sent (the SDK always sends it).
import { handler, type ServedHandlersOf } from './handler.js';
import { ERRORS } from '../../wire/errors.js';
import type * as W from '../../wire/models.js';
import type { RequestContext } from './handler-types.js';
import { ARCHIVED_TAG } from '../../wire/reports.js';
import { modelToJson, normaliseTags, parseList, withPlainReferences } from '../db/entities.js';
import { getModel, insertModel, metadataMap, requireModel, updateModelFields } from '../db/model-store.js';
import { requireProject } from '../db/project-store.js';
import type { SqlPart } from '../query/list-filter.js';
import { MODELS } from '../query/list-query.js';
import { stmt } from '../db/statements.js';
import { getTask, requireTask } from '../db/task-store.js';
import { ServerError } from '../http/errors.js';
import { requestShape, TAG_RULES, v, validate, validateField } from '../http/validate.js';
import { listQueryHandler } from './list-calls.js';
import { MODEL_CONTENT_RULES } from './model-rules.js';

const create = handler(
  requestShape<W.ModelsCreateRequest>()({
    name: v.str({ minLength: 1 }),
    ready: v.bool().default(true),
    public: v.bool().opt(),
    project: v.str().opt(),
    task: v.str().opt(),
    comment: v.str().opt(),
    ...TAG_RULES,
    ...MODEL_CONTENT_RULES,
  }),
  (req, ctx): W.ModelsCreateResponse => {
    if (req.project) requireProject(ctx.db, ctx.identity.company, req.project);
    if (req.task) requireTask(ctx, req.task);
    const id = insertModel(ctx, {
      name: req.name,
      uri: req.uri ?? null,
      ready: req.ready ? 1 : 0,
      // An empty id means "none", as an absent one.
      project: req.project || null,
      task: req.task || null,
      comment: req.comment ?? '',
      tags: normaliseTags(req.tags),
      system_tags: normaliseTags(req.system_tags),
      framework: req.framework ?? null,
      design: req.design ?? null,
      labels: req.labels ?? null,
      parent: req.parent || null,
      metadata: req.metadata ? metadataMap(req.metadata) : null,
    });
    return { id, created: true };
  },
);

/** The model list's own field besides the query. */
const READY_SHAPE = requestShape<Pick<W.ModelsGetAllExRequest, 'ready'>>()({ ready: v.bool().opt() });

const METADATA_FIELD = /^metadata\.(.+)\.(value|type)$/s;
const MAX_METADATA_FILTERS = 20;

/**
 * `ready`, and `metadata.<key>.value` / `.type` filters (Model.query_models(metadata=...)):
 * one value or a list of values any of which matches.
 */
function modelConditions(body: Record<string, unknown>): SqlPart[] {
  const { ready } = validate(body, READY_SHAPE);
  const parts: SqlPart[] = ready === undefined ? [] : [{ sql: 't.ready = ?', params: [ready ? 1 : 0] }];
  for (const field of Object.keys(body)) {
    const match = METADATA_FIELD.exec(field);
    if (!match) continue;
    if (parts.length > MAX_METADATA_FILTERS)
      throw new ServerError(ERRORS.validationError, `at most ${MAX_METADATA_FILTERS} metadata filters per query`);
    const values = validateField(body, field, v.list(v.str())) ?? [];
    parts.push({
      sql: `EXISTS (SELECT 1 FROM json_each(t.metadata) m WHERE m.key = ? AND json_extract(m.value, '$.${match[2]}') IN (${values.map(() => '?').join(', ')}))`,
      params: [match[1], ...values],
    });
  }
  return parts;
}

const getById = handler(
  requestShape<W.ModelsGetByIdRequest>()({ model: v.str() }),
  (req, ctx): W.ModelsGetByIdResponse => ({
    model: withPlainReferences(modelToJson(requireModel(ctx, req.model))) as W.PlainModel,
  }),
);

/** A ready model whose creating task is published needs `force` (as on real servers). */
const remove = handler(
  requestShape<W.ModelsDeleteRequest>()({ model: v.str(), force: v.bool().default(false) }),
  (req, ctx): W.ModelsDeleteResponse => {
    const model = requireModel(ctx, req.model);
    const task = model.task ? getTask(ctx.db, ctx.identity.company, model.task) : undefined;
    if (!req.force && task?.status === 'published')
      throw new ServerError(
        ERRORS.invalidModelId,
        "the model's task is published; pass force: true to delete the model anyway",
        { id: model.id, task: task.id },
      );
    const deleted = stmt(ctx.db, 'DELETE FROM models WHERE id = ?').run(model.id).changes > 0;
    return model.uri ? { deleted, url: model.uri } : { deleted };
  },
);

const MANY_SHAPE = requestShape<W.ModelsManyRequest>()({ ids: v.list(v.str(), { minItems: 1 }) });

/** Adds or removes the `archived` system tag on each model; unknown ids are listed as failed. */
function setArchived(ctx: RequestContext, ids: readonly string[], archived: boolean) {
  const succeeded: string[] = [];
  const failed: W.ManyFailure[] = [];
  for (const id of ids) {
    const model = getModel(ctx, id);
    if (!model) {
      const code = ERRORS.invalidModelId;
      failed.push({ id, error: { codes: [code.code, code.subcode], msg: code.text, data: { id } } });
      continue;
    }
    const tags = new Set(parseList(model.system_tags));
    if (archived) tags.add(ARCHIVED_TAG);
    else tags.delete(ARCHIVED_TAG);
    updateModelFields(ctx, model, { system_tags: normaliseTags([...tags]) });
    succeeded.push(id);
  }
  return { succeeded, failed };
}

export const modelsHandlers: ServedHandlersOf<
  | 'models.create'
  | 'models.get_all_ex'
  | 'models.get_all'
  | 'models.get_by_id'
  | 'models.delete'
  | 'models.archive_many'
  | 'models.unarchive_many'
> = {
  'models.create': create,
  'models.get_all_ex': listQueryHandler({
    spec: MODELS,
    key: 'models',
    scrollKind: 'models.get_all_ex',
    where: modelConditions,
  }),
  'models.get_all': listQueryHandler({
    spec: MODELS,
    key: 'models',
    scrollKind: 'models.get_all',
    where: modelConditions,
    asItem: withPlainReferences,
  }),
  'models.get_by_id': getById,
  'models.delete': remove,
  'models.archive_many': handler(MANY_SHAPE, (req, ctx) => {
    const { succeeded, failed } = setArchived(ctx, req.ids, true);
    return { succeeded: succeeded.map((id) => ({ id, archived: true })), failed };
  }),
  'models.unarchive_many': handler(MANY_SHAPE, (req, ctx) => {
    const { succeeded, failed } = setArchived(ctx, req.ids, false);
    return { succeeded: succeeded.map((id) => ({ id, unarchived: true })), failed };
  }),
};
