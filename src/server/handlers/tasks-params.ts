// Hyperparameters ({section: {name: item}}) and configuration ({name: item}) of tasks, item by
// item, as the ClearML SDK's task.connect() and connect_configuration() write and read them.
import { handler, type ServedHandlersOf } from './handler.js';
import type { ServedEndpoint } from '../../wire/operations.js';
import type {
  ConfigurationItem,
  ConfigurationDeletedResponse,
  HyperParamsDeletedResponse,
  ParamsItem,
  TasksDeleteConfigurationRequest,
  TasksDeleteHyperParamsRequest,
  TasksEditConfigurationRequest,
  TasksEditHyperParamsRequest,
  TasksGetConfigurationNamesRequest,
  TasksGetConfigurationNamesResponse,
  TasksGetConfigurationsRequest,
  TasksGetConfigurationsResponse,
  TasksGetHyperParamsRequest,
  TasksGetHyperParamsResponse,
  UpdatedCountResponse,
} from '../../wire/tasks.js';
import type { TaskRow } from '../db/entities.js';
import { editableTask, taskObject, updateTaskFields } from '../db/task-fields.js';
import { requireTask } from '../db/task-store.js';
import { requestShape, v } from '../http/validate.js';
import { configurationItemRule, paramsItemRule } from './sdk-rules.js';

type Sections = Record<string, Record<string, ParamsItem>>;
type Configuration = Record<string, ConfigurationItem>;

const hyperparams = (task: TaskRow) => taskObject(task, 'hyperparams') as Sections;
const configuration = (task: TaskRow) => taskObject(task, 'configuration') as Configuration;

const EDIT_HYPER_PARAMS_SHAPE = requestShape<TasksEditHyperParamsRequest>()({
  task: v.str(),
  hyperparams: v.list(paramsItemRule),
  replace_hyperparams: v.oneOf(['none', 'section', 'all'] as const).default('none'),
  force: v.bool().default(false),
});

/**
 * User properties (section `properties`) change in any status, as on real servers: the SDK sets
 * them on a running task (task.set_user_properties).
 */
const PROPERTIES_SECTION = 'properties';
const onlyProperties = (items: readonly { section?: string }[]) =>
  items.length > 0 && items.every((item) => item.section === PROPERTIES_SECTION);

const editHyperParams = handler(EDIT_HYPER_PARAMS_SHAPE, (req, ctx): UpdatedCountResponse => {
  const task = editableTask(ctx, req.task, req.force || onlyProperties(req.hyperparams));
  const sections: Sections = req.replace_hyperparams === 'all' ? {} : hyperparams(task);
  if (req.replace_hyperparams === 'section') for (const item of req.hyperparams) sections[item.section ?? ''] = {};
  for (const item of req.hyperparams) {
    const section = item.section ?? '';
    const name = item.name ?? '';
    sections[section] = { ...sections[section], [name]: { ...item, section, name } };
  }
  return { updated: updateTaskFields(ctx, task, { hyperparams: sections }).updated };
});

const TASKS_LIST_SHAPE = requestShape<TasksGetHyperParamsRequest>()({ tasks: v.list(v.str()) });

const getHyperParams = handler(TASKS_LIST_SHAPE, (req, ctx): TasksGetHyperParamsResponse => {
  return {
    params: req.tasks.map((id) => ({
      task: id,
      hyperparams: Object.values(hyperparams(requireTask(ctx, id))).flatMap((section) => Object.values(section)),
    })),
  };
});

const DELETE_HYPER_PARAMS_SHAPE = requestShape<TasksDeleteHyperParamsRequest>()({
  task: v.str(),
  hyperparams: v.list(v.obj({ section: v.str(), name: v.str().opt() })),
  force: v.bool().default(false),
});

/** An entry without `name` deletes its whole section. */
const deleteHyperParams = handler(DELETE_HYPER_PARAMS_SHAPE, (req, ctx): HyperParamsDeletedResponse => {
  const task = editableTask(ctx, req.task, req.force || onlyProperties(req.hyperparams));
  const sections = hyperparams(task);
  let deleted = 0;
  for (const { section, name } of req.hyperparams) {
    const params = sections[section];
    if (params === undefined) continue;
    if (name === undefined) {
      deleted += Object.keys(params).length;
      delete sections[section];
    } else if (Object.hasOwn(params, name)) {
      deleted += 1;
      delete params[name];
    }
  }
  if (deleted > 0) updateTaskFields(ctx, task, { hyperparams: sections });
  return { deleted };
});

const EDIT_CONFIGURATION_SHAPE = requestShape<TasksEditConfigurationRequest>()({
  task: v.str(),
  configuration: v.list(configurationItemRule),
  replace_configuration: v.bool().default(false),
  force: v.bool().default(false),
});

const editConfiguration = handler(EDIT_CONFIGURATION_SHAPE, (req, ctx): UpdatedCountResponse => {
  const task = editableTask(ctx, req.task, req.force);
  const items: Configuration = req.replace_configuration ? {} : configuration(task);
  for (const item of req.configuration) {
    const name = item.name ?? '';
    items[name] = { ...item, name };
  }
  return { updated: updateTaskFields(ctx, task, { configuration: items }).updated };
});

const GET_CONFIGURATIONS_SHAPE = requestShape<TasksGetConfigurationsRequest>()({
  tasks: v.list(v.str()),
  names: v.list(v.str()).opt(),
});

const getConfigurations = handler(GET_CONFIGURATIONS_SHAPE, (req, ctx): TasksGetConfigurationsResponse => {
  const wanted = req.names !== undefined && req.names.length > 0 ? new Set(req.names) : undefined;
  return {
    configurations: req.tasks.map((id) => ({
      task: id,
      configuration: Object.values(configuration(requireTask(ctx, id))).filter(
        (item) => wanted === undefined || wanted.has(item.name ?? ''),
      ),
    })),
  };
});

const GET_CONFIGURATION_NAMES_SHAPE = requestShape<TasksGetConfigurationNamesRequest>()({
  tasks: v.list(v.str()),
  skip_empty: v.bool().default(true),
});

const getConfigurationNames = handler(GET_CONFIGURATION_NAMES_SHAPE, (req, ctx): TasksGetConfigurationNamesResponse => {
  return {
    configurations: req.tasks.map((id) => ({
      task: id,
      names: Object.values(configuration(requireTask(ctx, id)))
        .filter((item) => !req.skip_empty || (item.value ?? '') !== '')
        .map((item) => item.name ?? '')
        .sort(),
    })),
  };
});

const DELETE_CONFIGURATION_SHAPE = requestShape<TasksDeleteConfigurationRequest>()({
  task: v.str(),
  configuration: v.list(v.str()),
  force: v.bool().default(false),
});

const deleteConfiguration = handler(DELETE_CONFIGURATION_SHAPE, (req, ctx): ConfigurationDeletedResponse => {
  const task = editableTask(ctx, req.task, req.force);
  const items = configuration(task);
  let deleted = 0;
  for (const name of req.configuration) {
    if (!Object.hasOwn(items, name)) continue;
    delete items[name];
    deleted += 1;
  }
  if (deleted > 0) updateTaskFields(ctx, task, { configuration: items });
  return { deleted };
});

export const tasksParamsHandlers: ServedHandlersOf<
  (`tasks.${string}_hyper_params` | `tasks.${string}_configuration${string}`) & ServedEndpoint
> = {
  'tasks.edit_hyper_params': editHyperParams,
  'tasks.get_hyper_params': getHyperParams,
  'tasks.delete_hyper_params': deleteHyperParams,
  'tasks.edit_configuration': editConfiguration,
  'tasks.get_configurations': getConfigurations,
  'tasks.get_configuration_names': getConfigurationNames,
  'tasks.delete_configuration': deleteConfiguration,
};
