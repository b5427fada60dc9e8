// Running tasks on workers from the task list: `C` clones the selected task under a typed name
// (tasks.clone; Enter alone takes the offered "<name> (clone)"), and the clone is selected once
// the list has it; `Q` puts the targets in line in a queue picked with each queue's length
// (queues.get_all, tasks.enqueue); `D` takes queued targets out of line (tasks.dequeue), giving
// them back the status they had. Like the other triage keys they are hidden under --read-only.
import type { TasksContext } from './book.js';
import { selectedTask } from './select.js';
import {
  chosenOption,
  clearMarksOf,
  closeDialog,
  compareLabels,
  execute,
  explainFailure,
  fillPick,
  goneFromList,
  isObject,
  label,
  noTarget,
  oneAtATime,
  openInput,
  openPicker,
  pickerFailed,
  refused,
  refuseInput,
  report,
  setPick,
  showStatus,
  subject,
  touchedValue,
  type InputDialog,
  type PickDialog,
  type PickOption,
  type TriageHistory,
} from '../core/index.js';
import type { TaskRow } from './list.js';
import { revealTask } from './jump-lookup.js';
import { selectTask } from './select.js';
import { rowsOf, taskTargets, TASKS_TRIAGE } from './triage.js';
import { counted, plural } from '../../text/format.js';

const T = TASKS_TRIAGE;

/** Statuses a task may be queued from (real servers refuse the others without force). */
const QUEUEABLE = ['created', 'stopped', 'failed', 'queued'];
/** The queue real servers and clearml-agent use when none is named: highlighted first. */
const DEFAULT_QUEUE = 'default';

/** The name `C` offers for a clone of a task named `name`. */
export function cloneName(name: string): string {
  return `${name} (clone)`;
}

/** "only …: "x" is completed" for the first of `rows`, when none of them may take the action. */
function noneAllowed(ctx: TasksContext, rows: readonly TaskRow[], only: string): void {
  const first = rows[0] as TaskRow;
  showStatus(ctx, `${only}: ${label(first)} is ${first.status}`, 'error');
}

/** " (2 others are not …)" for the targets left out, or "". */
function leftOut(count: number, why: string): string {
  return count === 0 ? '' : ` (${counted(count, 'other')} ${plural(count, 'is', 'are')} ${why})`;
}

// ---- C: clone ---------------------------------------------------------------------------------

export function requestClone(ctx: TasksContext): void {
  if (refused(ctx, T)) return;
  const row = selectedTask(ctx.get());
  if (row === undefined) return void noTarget(ctx, T, []);
  const title = `Clone ${label(row)} as (Enter alone: the name shown):`;
  openInput(ctx, { owner: 'tasks', action: 'clone', field: 'name', title, ids: [row.id], offer: cloneName(row.name) });
}

/** Selects a task just made, lifting the list's filters if they hide it; `done` says what was made. */
export async function selectNewTask(ctx: TasksContext, id: string, name: string, done: string): Promise<boolean> {
  showStatus(ctx, done, 'success');
  const { shown, lifted } = await revealTask(ctx, { id, name, archived: false }, (x) => selectTask(ctx, x), true);
  if (!shown) showStatus(ctx, `${done}; it is not listed (the project, tag or user filter hides it)`, 'info');
  else if (lifted.length > 0) showStatus(ctx, `${done} (cleared ${lifted.join(' and ')} to show it)`, 'success');
  return shown;
}

export async function submitClone(ctx: TasksContext, dialog: InputDialog): Promise<void> {
  const row = rowsOf(ctx, dialog.ids)[0];
  if (row === undefined) return goneFromList(ctx, 'task is');
  const name = dialog.value.trim() || (dialog.offer ?? cloneName(row.name));
  closeDialog(ctx);
  let id: string;
  try {
    id = (await ctx.client.tasks.clone({ task: row.id, new_task_name: name })).id;
  } catch (err) {
    return refuseInput(ctx, dialog, `could not clone ${label(row)}: ${explainFailure(T, err)}`);
  }
  await selectNewTask(ctx, id, name, `cloned ${label(row)} as "${name}"`);
}

// ---- Q: the queue picker ----------------------------------------------------------------------

/**
 * The queues as picker options, each with its length: the default queue first (where
 * clearml-agent listens unless told otherwise, so Enter alone takes it), then by name; the one
 * `chosen` (an id) marked.
 */
export function queueOptions(answer: unknown, chosen: string | null): PickOption[] {
  const queues = isObject(answer) && Array.isArray(answer.queues) ? answer.queues : [];
  const options: PickOption[] = [];
  for (const q of queues) {
    if (!isObject(q) || typeof q.id !== 'string') continue;
    const waiting = Array.isArray(q.entries) ? q.entries.length : 0;
    options.push({
      value: q.id,
      label: typeof q.name === 'string' && q.name !== '' ? q.name : q.id,
      state: q.id === chosen ? 'include' : 'off',
      detail: waiting === 0 ? 'empty' : `${waiting} waiting`,
    });
  }
  const first = (o: PickOption): number => (o.label === DEFAULT_QUEUE ? 0 : 1);
  return options.sort((a, b) => first(a) - first(b) || compareLabels(a, b));
}

/**
 * Opens the queue picker for `ids` (default: the targets, marked or selected), leaving out
 * tasks that cannot be queued; `lead` opens its title (the rerun names its clone).
 */
export function requestEnqueue(ctx: TasksContext, ids?: readonly string[], lead = 'Enqueue'): void {
  if (refused(ctx, T)) return;
  const all = ids === undefined ? taskTargets(ctx) : rowsOf(ctx, ids);
  if (noTarget(ctx, T, all)) return;
  const rows = all.filter((row) => QUEUEABLE.includes(row.status));
  if (rows.length === 0) return noneAllowed(ctx, all, 'only a draft, stopped or failed task can be queued');
  const skipped = leftOut(all.length - rows.length, 'running or done and stay as they are');
  openPicker(ctx, 'tasks', {
    purpose: 'queue',
    title: `${lead} ${subject(T, rows)}${skipped}: pick a queue`,
    options: [],
    cursor: 0,
    ids: rows.map((r) => r.id),
  });
  void loadQueueOptions(ctx);
}

async function loadQueueOptions(ctx: TasksContext): Promise<void> {
  try {
    const answer = await ctx.client.queues.getAll({ only_fields: ['id', 'name', 'entries'] });
    fillPick(ctx, 'queue', (dialog) => queueOptions(answer, touchedValue(dialog) || null));
  } catch (err) {
    pickerFailed(ctx, 'queue', 'queues', err);
  }
}

export async function submitQueuePick(ctx: TasksContext, triage: TriageHistory, dialog: PickDialog): Promise<void> {
  const queue = chosenOption(dialog);
  if (queue === undefined) {
    const why =
      dialog.query.trim() !== ''
        ? `no queue matches "${dialog.query.trim()}": Backspace or ctrl-u edits the text`
        : dialog.loading
          ? 'the queues are still loading'
          : 'the server has no queue: clearml-agent daemon --create-queue makes one';
    return setPick(ctx, { ...dialog, error: why });
  }
  closeDialog(ctx);
  const rows = rowsOf(ctx, dialog.ids ?? []);
  if (rows.length === 0) return goneFromList(ctx, 'tasks are');
  const queued = rows.map((row) => ({ ...row, status: 'queued' }));
  const send = oneAtATime((row: TaskRow) => ctx.client.tasks.enqueue({ task: row.id, queue: queue.value }));
  const result = await execute(ctx, T, triage, 'enqueue', rows, { update: queued }, send);
  clearMarksOf(ctx, T, rows);
  report(ctx, T, 'queued', result, ` in "${queue.label}"`);
}

// ---- D: dequeue ------------------------------------------------------------------------------

export async function dequeueTasks(ctx: TasksContext, triage: TriageHistory): Promise<void> {
  if (refused(ctx, T)) return;
  const all = taskTargets(ctx);
  if (noTarget(ctx, T, all)) return;
  const rows = all.filter((row) => row.status === 'queued');
  if (rows.length === 0) return noneAllowed(ctx, all, 'only a queued task can be dequeued');
  const send = oneAtATime((row: TaskRow) => ctx.client.tasks.dequeue({ task: row.id }));
  // The status it goes back to is the server's to say (the one before it was queued): the list re-reads it.
  const result = await execute(ctx, T, triage, 'dequeue', rows, {}, send);
  clearMarksOf(ctx, T, rows);
  report(ctx, T, 'dequeued', result, leftOut(all.length - rows.length, 'not queued'));
}
