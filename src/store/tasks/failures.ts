// Failures you cannot miss: tasks of the list that turned failed or stopped between two polls
// (not the ones that were already so when first seen).
import type { TaskRow } from './list.js';

export const FAILURE_STATUSES: readonly string[] = ['failed', 'stopped'];

export function isFailureStatus(status: string): boolean {
  return FAILURE_STATUSES.includes(status);
}

/** Ids of rows that were listed before with another status and are now failed or stopped. */
export function newlyFailed(
  previous: Record<string, TaskRow>,
  ids: readonly string[],
  byId: Record<string, TaskRow>,
): string[] {
  const out: string[] = [];
  for (const id of ids) {
    const before = previous[id];
    const now = byId[id];
    if (before === undefined || now === undefined) continue;
    if (!isFailureStatus(before.status) && isFailureStatus(now.status)) out.push(id);
  }
  return out;
}

/** One status line naming the task, its new status and why (status_reason / status_message). */
export function failureMessage(row: TaskRow): string {
  const why = [row.statusReason, row.statusMessage].filter((t) => t !== '').join(': ');
  const name = row.name === '' ? row.id : row.name;
  return `${name} ${row.status}${why === '' ? '' : ` — ${why}`}`;
}
