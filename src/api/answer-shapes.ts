// The answers the monitor and `tracktop check` cannot read unless they have the right shape:
// the lists they show and the fields of their rows. The client checks every answer to these
// endpoints here, once, so a server sending null lists or wrong types is named as such
// ("server answered malformed data for reports.get_tags: tags is null, expected an array")
// wherever the answer is used, instead of surfacing later as a puzzling pane error.
//
// A shape says what the client expects of an answer; shapeMismatch describes plainly the first
// way an answer differs. Only the fields the monitor reads are described; extra fields are
// fine. An optional field may be absent or null (servers leave unset fields out or send null).
import { isObject } from '../wire/json.js';
import type { Endpoint } from '../wire/operations.js';
import { ApiError } from './errors.js';

type Shape =
  'string' | 'number' | 'object' | { arrayOf: Shape } | { fields: Record<string, Shape>; optional?: readonly string[] };

function kindOf(value: unknown): string {
  if (value === undefined) return 'missing';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

function expected(shape: Shape): string {
  if (typeof shape === 'string') return shape === 'object' ? 'an object' : `a ${shape}`;
  if ('arrayOf' in shape) return 'an array';
  return 'an object';
}

/** `undefined` when `value` fits `shape`, else "<path> is <what>, expected <what>". */
function shapeMismatch(value: unknown, shape: Shape, path = 'the answer'): string | undefined {
  const fits =
    shape === 'string' || shape === 'number'
      ? typeof value === shape && !(shape === 'number' && !Number.isFinite(value))
      : shape === 'object' || 'fields' in shape
        ? isObject(value)
        : Array.isArray(value);
  if (!fits) return `${path} is ${kindOf(value)}, expected ${expected(shape)}`;
  if (typeof shape === 'string') return undefined;
  if ('arrayOf' in shape) {
    const items = value as unknown[];
    for (let i = 0; i < items.length; i++) {
      const problem = shapeMismatch(items[i], shape.arrayOf, `${path}[${i}]`);
      if (problem) return problem;
    }
    return undefined;
  }
  const obj = value as Record<string, unknown>;
  for (const [name, fieldShape] of Object.entries(shape.fields)) {
    if ((obj[name] === undefined || obj[name] === null) && shape.optional?.includes(name)) continue;
    const problem = shapeMismatch(obj[name], fieldShape, path === 'the answer' ? name : `${path}.${name}`);
    if (problem) return problem;
  }
  return undefined;
}

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
  'queues.get_all': listOf('queues', {
    fields: { id: 'string', name: 'string', entries: { arrayOf: { fields: { task: 'string' } } } },
    optional: ['name', 'entries'],
  }),
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
