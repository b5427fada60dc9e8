// models.edit / update / update_for_task / set_ready / add_or_update_metadata and
// tasks.add_or_update_model: how the ClearML SDK's OutputModel and framework hooks register
// weights (a draft model, then its uri, then the task's `models.output` item), with the
// request and response shapes of its v2_23 models.
import { handler, type ServedHandlersOf } from './handler.js';
import { ERRORS } from '../../wire/errors.js';
import type {
  ModelsAddOrUpdateMetadataRequest,
  ModelsEditRequest,
  ModelsSetReadyRequest,
  ModelsSetReadyResponse,
  ModelsUpdateForTaskRequest,
  ModelsUpdateForTaskResponse,
  ModelsUpdateRequest,
  ModelUpdatedResponse,
  TasksAddOrUpdateModelRequest,
} from '../../wire/models.js';
import type { UpdatedCountResponse } from '../../wire/tasks.js';
import { normaliseTags, type ModelRow } from '../db/entities.js';
import { insertModel, metadataMap, modelMetadata, requireModel, updateModelFields } from '../db/model-store.js';
import type { ColumnValues } from '../db/column-values.js';
import { requireProject } from '../db/project-store.js';
import { raiseLastIteration, setTaskModel, taskModelItems } from '../db/task-models.js';
import { changeTaskStatus, requireTask } from '../db/task-store.js';
import { ServerError } from '../http/errors.js';
import { requestShape, TAG_RULES, v, type Validated } from '../http/validate.js';
import type { RequestContext } from './handler-types.js';
import { MODEL_CONTENT_RULES, metadataItemRule } from './model-rules.js';

/** The fields models.update sets; models.edit sets these and the model's content fields. */
const UPDATE_FIELDS = {
  model: v.str(),
  name: v.str({ minLength: 1 }).opt(),
  comment: v.str().opt(),
  ready: v.bool().opt(),
  project: v.str().opt(),
  task: v.str().opt(),
  ...TAG_RULES,
  iteration: v.int().opt(),
};

const UPDATE_SHAPE = requestShape<ModelsUpdateRequest>()({ ...UPDATE_FIELDS, ui_cache: v.anyObj().opt() });
const EDIT_SHAPE = requestShape<ModelsEditRequest>()({ ...UPDATE_FIELDS, ...MODEL_CONTENT_RULES });

type UpdateFields = Omit<Validated<typeof UPDATE_SHAPE>, 'model' | 'iteration' | 'ui_cache'>;

/** The column values of the fields a request names (references checked first). */
function commonValues(ctx: RequestContext, req: UpdateFields): ColumnValues {
  if (req.project) requireProject(ctx.db, ctx.identity.company, req.project);
  if (req.task) requireTask(ctx, req.task);
  const values: ColumnValues = {};
  if (req.name !== undefined) values.name = req.name;
  if (req.comment !== undefined) values.comment = req.comment;
  if (req.ready !== undefined) values.ready = req.ready ? 1 : 0;
  if (req.project !== undefined) values.project = req.project || null;
  if (req.task !== undefined) values.task = req.task || null;
  if (req.tags !== undefined) values.tags = normaliseTags(req.tags);
  if (req.system_tags !== undefined) values.system_tags = normaliseTags(req.system_tags);
  return values;
}

/** Writes the values (if any) and raises the model's task's last_iteration to `iteration`. */
function applyUpdate(
  ctx: RequestContext,
  model: ModelRow,
  values: ColumnValues,
  iteration: number | undefined,
): ModelUpdatedResponse {
  const task = typeof values.task === 'string' ? values.task : model.task;
  if (task) raiseLastIteration(ctx, task, iteration);
  return Object.keys(values).length === 0 ? { updated: 0 } : updateModelFields(ctx, model, values);
}

const update = handler(UPDATE_SHAPE, (req, ctx): ModelUpdatedResponse => {
  const model = requireModel(ctx, req.model);
  const values = commonValues(ctx, req);
  if (req.ui_cache !== undefined) values.ui_cache = req.ui_cache;
  return applyUpdate(ctx, model, values, req.iteration);
});

/** Object fields (design) are merged into the stored object, as real servers merge them. */
const edit = handler(EDIT_SHAPE, (req, ctx): ModelUpdatedResponse => {
  const model = requireModel(ctx, req.model);
  const values = commonValues(ctx, req);
  if (req.uri !== undefined) {
    values.uri = req.uri;
    // New weights: the UI's cached preview of the old ones no longer applies.
    values.ui_cache = {};
  }
  if (req.framework !== undefined) values.framework = req.framework;
  if (req.design !== undefined) values.design = req.design;
  if (req.labels !== undefined) values.labels = req.labels;
  if (req.parent !== undefined) values.parent = req.parent || null;
  if (req.metadata !== undefined) values.metadata = metadataMap(req.metadata);
  return applyUpdate(ctx, model, values, req.iteration);
});

const OUTPUT_MODEL_NAME = 'Output Model';

/** The older call: the task's output model gets a uri (creating the model) or becomes another model. */
const updateForTask = handler(
  requestShape<ModelsUpdateForTaskRequest>()({
    task: v.str(),
    uri: v.str().opt(),
    override_model_id: v.str().opt(),
    name: v.str({ minLength: 1 }).opt(),
    comment: v.str().opt(),
    ...TAG_RULES,
    iteration: v.int().opt(),
  }),
  (req, ctx): ModelsUpdateForTaskResponse => {
    if (!req.uri === !req.override_model_id)
      throw new ServerError(ERRORS.missingRequiredFields, 'exactly one of uri and override_model_id is required', {
        fields: ['uri', 'override_model_id'],
      });
    const task = requireTask(ctx, req.task);
    if (task.status !== 'created' && task.status !== 'in_progress')
      throw new ServerError(ERRORS.invalidTaskStatus, 'model can only be updated for created or in_progress tasks', {
        id: task.id,
        status: task.status,
      });
    raiseLastIteration(ctx, task.id, req.iteration);
    if (req.override_model_id) {
      const model = requireModel(ctx, req.override_model_id);
      setTaskModel(ctx, requireTask(ctx, task.id), 'output', { name: OUTPUT_MODEL_NAME, model: model.id });
      return { id: model.id, created: false };
    }
    const fields = {
      name: req.name ?? task.name,
      comment: req.comment ?? `Created by task \`${task.name}\` (${task.id})`,
      tags: req.tags,
      system_tags: req.system_tags,
    };
    const existing = taskModelItems(task, 'output').at(-1);
    if (existing) {
      const model = requireModel(ctx, existing.model);
      const values = { ...commonValues(ctx, fields), uri: req.uri ?? null };
      return { id: model.id, created: false, ...updateModelFields(ctx, model, values) };
    }
    const id = insertModel(ctx, {
      name: fields.name,
      comment: fields.comment,
      uri: req.uri ?? null,
      ready: 0,
      project: task.project,
      task: task.id,
      tags: normaliseTags(req.tags),
      system_tags: normaliseTags(req.system_tags),
    });
    setTaskModel(ctx, requireTask(ctx, task.id), 'output', { name: OUTPUT_MODEL_NAME, model: id });
    return { id, created: true };
  },
);

/** Publishes the model and, unless told not to, its task (a running task only with force). */
const setReady = handler(
  requestShape<ModelsSetReadyRequest>()({
    model: v.str(),
    publish_task: v.bool().default(true),
    force_publish_task: v.bool().default(false),
  }),
  (req, ctx): ModelsSetReadyResponse => {
    const model = requireModel(ctx, req.model);
    const { updated } = updateModelFields(ctx, model, { ready: 1 });
    if (!req.publish_task || !model.task) return { updated };
    const task = requireTask(ctx, model.task);
    if (task.status === 'published') return { updated };
    const data = changeTaskStatus(ctx, task, {
      status: 'published',
      force: req.force_publish_task,
      statusReason: '',
      statusMessage: 'published with its model',
      stampDates: ['published'],
    });
    return { updated, published_task: { id: task.id, data } };
  },
);

const addOrUpdateMetadata = handler(
  requestShape<ModelsAddOrUpdateMetadataRequest>()({
    model: v.str(),
    metadata: v.list(metadataItemRule),
    replace_metadata: v.bool().default(false),
  }),
  (req, ctx): UpdatedCountResponse => {
    const model = requireModel(ctx, req.model);
    const base = req.replace_metadata ? {} : modelMetadata(model);
    return { updated: updateModelFields(ctx, model, { metadata: metadataMap(req.metadata, base) }).updated };
  },
);

/** Output models may be registered in any status (checkpoints of a running task); inputs only while created. */
const addOrUpdateModel = handler(
  requestShape<TasksAddOrUpdateModelRequest>()({
    task: v.str(),
    name: v.str({ minLength: 1 }),
    model: v.str(),
    type: v.oneOf(['input', 'output'] as const),
    iteration: v.int().opt(),
  }),
  (req, ctx): UpdatedCountResponse => {
    const task = requireTask(ctx, req.task);
    if (req.type === 'input' && task.status !== 'created')
      throw new ServerError(ERRORS.invalidTaskStatus, 'input models can only be set on created tasks', {
        id: task.id,
        status: task.status,
      });
    requireModel(ctx, req.model);
    raiseLastIteration(ctx, task.id, req.iteration);
    return { updated: setTaskModel(ctx, requireTask(ctx, task.id), req.type, { name: req.name, model: req.model }) };
  },
);

export const modelsEditHandlers: ServedHandlersOf<
  | 'models.edit'
  | 'models.update'
  | 'models.update_for_task'
  | 'models.set_ready'
  | 'models.add_or_update_metadata'
  | 'tasks.add_or_update_model'
> = {
  'models.edit': edit,
  'models.update': update,
  'models.update_for_task': updateForTask,
  'models.set_ready': setReady,
  'models.add_or_update_metadata': addOrUpdateMetadata,
  'tasks.add_or_update_model': addOrUpdateModel,
};
