// TASK on the export command line: a task id, else an exact task name. An unknown task and an
// ambiguous name are errors that say what to type instead.
import type { ApiClient } from '../../api/index.js';
import type { Task } from '../../wire/tasks.js';
import { CliError } from '../connection.js';
import { escapeRegex } from '../../text/regex.js';

const FIELDS = ['id', 'name', 'status', 'project.id', 'project.name', 'last_update'];
/** Candidates listed in the "ambiguous" message. */
const MAX_LISTED = 10;

interface ResolvedTask {
  id: string;
  name: string;
  projectId?: string | undefined;
}

function resolved(task: Task): ResolvedTask {
  return { id: task.id, name: task.name ?? task.id, projectId: task.project?.id };
}

function describe(task: Task): string {
  const project = task.project?.name ? `, project ${task.project.name}` : '';
  const when = task.last_update ? `, updated ${task.last_update}` : '';
  return `  ${task.id}  ${task.name ?? ''} (${task.status ?? 'unknown status'}${project}${when})`;
}

export async function resolveTask(client: ApiClient, idOrName: string): Promise<ResolvedTask> {
  const wanted = idOrName.trim();
  if (wanted === '') throw new CliError('the task is empty: give a task id or name', 2);
  const byId = await client.tasks.getAllEx({ id: [wanted], only_fields: FIELDS, search_hidden: true });
  const exact = byId.tasks.find((t) => t.id === wanted);
  if (exact) return resolved(exact);
  const byName = await client.tasks.getAllEx({
    name: `^${escapeRegex(wanted)}$`,
    only_fields: FIELDS,
    order_by: ['-last_update'],
    page: 0,
    page_size: MAX_LISTED + 1,
  });
  // The server's pattern match may be looser than ours (case, unicode): keep exact names only.
  const named = byName.tasks.filter((t) => t.name === wanted);
  if (named.length === 1) return resolved(named[0] as Task);
  if (named.length === 0) throw new CliError(`no task has the id or name '${wanted}'`);
  const more = named.length > MAX_LISTED ? `\n  ... and more` : '';
  throw new CliError(
    `${named.length > MAX_LISTED ? 'more than ' + MAX_LISTED : named.length} tasks are named '${wanted}'; ` +
      `give one of their ids:\n${named.slice(0, MAX_LISTED).map(describe).join('\n')}${more}`,
  );
}
