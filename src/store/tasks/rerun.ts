// `e` on a task, "rerun with changes": its hyperparameters go to $EDITOR as one
// `Section/name = value` per line (src/text/hyperparam-file.ts; the UI runs the editor between
// beginRerun and finishRerun). What comes back is checked before anything is made: a failed
// editor, an unchanged or emptied file, or a line that is not a parameter creates nothing and
// says which. Then ONE tasks.clone carries the edited parameters (new_task_hyperparams), the
// clone is selected and the queue picker offers to run it.
import type { TasksContext } from './book.js';
import { selectedTask } from './select.js';
import { explainFailure, isObject, label, noTarget, parseHyperparams, refused, showStatus } from '../core/index.js';
import type { ParamsItem } from '../../wire/tasks.js';
import type { RunInfoParam } from '../../text/run-info.js';
import { formatParamFile, paramChanges, parseParamFile, type FileParam } from '../../text/hyperparam-file.js';
import { cloneName, requestEnqueue, selectNewTask } from './queueing.js';
import { TASKS_TRIAGE } from './triage.js';

const T = TASKS_TRIAGE;
const NOTHING_MADE = 'no task was created';
/** Changes the status line names before "and N more". */
const CHANGES_NAMED = 3;

/** The task being rerun: what the editor is given, and what its answer is compared with. */
export interface RerunSource {
  id: string;
  name: string;
  params: RunInfoParam[];
  /** The file the editor opens. */
  text: string;
}

/** What the editor gave back (src/ui/editor.ts runs it). */
export interface EditOutcome {
  /** The edited text, or null when the editor failed (see `error`). */
  text: string | null;
  error: string | null;
}

/** Reads the selected task's hyperparameters (tasks.get_all_ex) into the file to edit; null after saying why not. */
export async function beginRerun(ctx: TasksContext): Promise<RerunSource | null> {
  if (refused(ctx, T)) return null;
  const row = selectedTask(ctx.get());
  if (row === undefined) {
    noTarget(ctx, T, []);
    return null;
  }
  let task: unknown;
  try {
    task = (await ctx.client.tasks.getAllEx({ id: [row.id], only_fields: ['id', 'hyperparams'] })).tasks?.[0];
  } catch (err) {
    showStatus(ctx, `could not read the hyperparameters of ${label(row)}: ${explainFailure(T, err)}`, 'error');
    return null;
  }
  if (!isObject(task) || task.id !== row.id) {
    showStatus(ctx, `${label(row)} is no longer on the server`, 'error');
    return null;
  }
  const params = parseHyperparams(task.hyperparams);
  return { id: row.id, name: row.name, params, text: formatParamFile(row.name, params) };
}

/** The edited parameters as tasks.clone takes them, each keeping the type and description it had. */
export function hyperparamsOf(
  before: readonly RunInfoParam[],
  after: readonly FileParam[],
): Record<string, Record<string, ParamsItem>> {
  const old = new Map(before.map((p) => [JSON.stringify([p.section, p.name]), p]));
  const sections: Record<string, Record<string, ParamsItem>> = {};
  for (const p of after) {
    const was = old.get(JSON.stringify([p.section, p.name]));
    const item: ParamsItem = { section: p.section, name: p.name, value: p.value };
    if (was?.type) item.type = was.type;
    if (was?.description) item.description = was.description;
    (sections[p.section] ??= {})[p.name] = item;
  }
  return sections;
}

function changesText(changes: readonly string[]): string {
  const named = changes.slice(0, CHANGES_NAMED).join(', ');
  return changes.length > CHANGES_NAMED ? `${named} and ${changes.length - CHANGES_NAMED} more` : named;
}

/** After the editor: checks the file, then clones with it, selects the clone and opens the queue picker. */
export async function finishRerun(ctx: TasksContext, source: RerunSource, outcome: EditOutcome): Promise<void> {
  if (refused(ctx, T)) return;
  const what = label(source);
  if (outcome.error !== null || outcome.text === null)
    return showStatus(ctx, `${outcome.error ?? 'the editor gave nothing back'}: ${NOTHING_MADE}`, 'error');
  const parsed = parseParamFile(outcome.text);
  if (!parsed.ok)
    return showStatus(ctx, `line ${parsed.line} of the file: ${parsed.problem}; ${NOTHING_MADE}`, 'error');
  const changes = paramChanges(source.params, parsed.params);
  if (parsed.params.length === 0 && source.params.length > 0)
    return showStatus(ctx, `the file holds no hyperparameters: ${NOTHING_MADE} (C clones unchanged)`, 'error');
  if (changes.length === 0) return showStatus(ctx, `the hyperparameters of ${what} are unchanged: ${NOTHING_MADE}`);
  const name = cloneName(source.name);
  let id: string;
  try {
    const hyperparams = hyperparamsOf(source.params, parsed.params);
    id = (await ctx.client.tasks.clone({ task: source.id, new_task_name: name, new_task_hyperparams: hyperparams })).id;
  } catch (err) {
    return showStatus(ctx, `could not clone ${what}: ${explainFailure(T, err)}; ${NOTHING_MADE}`, 'error');
  }
  const done = `cloned ${what} as "${name}" with ${changesText(changes)}`;
  if (await selectNewTask(ctx, id, name, done)) requestEnqueue(ctx, [id], 'Run');
}
