// The answers the monitor and `tracktop check` cannot read unless they have the right shape:
// the lists they show and the fields of their rows. The client checks every answer to these
// endpoints here, once, so a server sending null lists or wrong types is named as such
// ("server answered malformed data for reports.get_tags: tags is null, expected an array")
// wherever the answer is used, instead of surfacing later as a puzzling pane error.
import type { Endpoint } from '../wire/operations.js';
import { shapeMismatch, type Shape } from './answer-shape.js';
import { ApiError } from './errors.js';

/** A task or report row: an id always; the listed columns, when sent, of the right type. */
const TASK_ROW: Shape = {
  fields: { id: 'string', name: 'string', status: 'string', last_update: 'string' },
  optional: ['name', 'status', 'last_update'],
};

const listOf = (key: string, item: Shape): Shape => ({ fields: { [key]: { arrayOf: item } } });

const ANSWER_SHAPES: Partial<Record<Endpoint, Shape>> = {
  'reports.get_tags': listOf('tags', 'string'),
  'reports.get_task_data': listOf('tasks', TASK_ROW),
  'reports.get_all_ex': listOf('tasks', TASK_ROW),
  'projects.get_all_ex': listOf('projects', 'object'),
  'events.get_task_log': listOf('events', 'object'),
  'events.get_task_plots': listOf('plots', 'object'),
  'events.get_task_metrics': listOf('metrics', 'object'),
  'events.get_task_single_value_metrics': listOf('tasks', 'object'),
  'events.get_task_latest_scalar_values': listOf('metrics', 'object'),
  // The cluster view's lists: workers by id, queues by id and name, each entry naming its task.
  'workers.get_all': listOf('workers', {
    fields: { id: 'string', queues: { arrayOf: 'object' } },
    optional: ['queues'],
  }),
  'workers.get_stats': listOf('workers', { fields: { worker: 'string', metrics: { arrayOf: 'object' } } }),
  'queues.get_all_ex': listOf('queues', {
    fields: { id: 'string', name: 'string', entries: { arrayOf: { fields: { task: 'object' } } } },
    optional: ['name', 'entries'],
  }),
};

/** Throws an ApiError of kind 'malformed' when the answer's `data` does not have the shape the endpoint needs. */
export function checkAnswerShape(endpoint: Endpoint, data: unknown): void {
  const shape = ANSWER_SHAPES[endpoint];
  if (shape === undefined) return;
  const problem = shapeMismatch(data, shape);
  if (problem === undefined) return;
  throw new ApiError({ kind: 'malformed', endpoint, httpStatus: 200, message: problem });
}
