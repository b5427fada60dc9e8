// Report triage on the shared machinery (core/triage.ts): the report actions, and its helpers
// bound to the report list, typed with report rows.
import type { ReportsContext } from './book.js';
import * as core from '../core/index.js';
import type { PendingChange, TriageDesc } from '../core/index.js';
import type { ReportRow } from './list.js';

/**
 * Every report action, with the keymap action id that starts it (null: reached through another
 * one, as unarchive through archive). The one list: the UI's handler table is checked against it.
 */
export const REPORT_ACTIONS = {
  archive: 'archive',
  unarchive: null,
  publish: 'publish',
  move: 'move',
  delete: 'delete',
  tags: 'tags',
  rename: 'rename',
  comment: 'comment',
  edit: 'edit',
  create: 'new-report',
} as const;

export type ReportActionName = keyof typeof REPORT_ACTIONS;

/** The keymap action ids that start a report action. */
export type ReportKeyActionId = NonNullable<(typeof REPORT_ACTIONS)[ReportActionName]>;

/** An optimistic change waiting for the server; `before` restores the rows when it is refused. */
export type PendingReportChange = PendingChange<ReportActionName, ReportRow>;

export type { TriageHistory, UndoRecord } from '../core/index.js';
export { createTriageHistory, label } from '../core/index.js';
type TriageHistory = core.TriageHistory;

export const REPORTS_TRIAGE: TriageDesc = { list: 'reports', noun: 'report' };
const R = REPORTS_TRIAGE;

export function targets(ctx: ReportsContext): ReportRow[] {
  return core.targets(ctx, R) as ReportRow[];
}

export function refused(ctx: ReportsContext): boolean {
  return core.refused(ctx, R);
}

export function noTarget(ctx: ReportsContext, rows: ReportRow[]): boolean {
  return core.noTarget(ctx, R, rows);
}

export function subject(rows: ReportRow[]): string {
  return core.subject(R, rows);
}

export function listLines(rows: ReportRow[]): string[] {
  return core.listLines(rows);
}

/**
 * The server's refusal in words, with what to do about it first (a status line is one row:
 * the advice must not be the part that is cut off).
 */
export function explainFailure(err: unknown): string {
  return core.explainFailure(R, err);
}

export function isArchivedHidden(ctx: ReportsContext): boolean {
  return core.isArchivedHidden(ctx, R);
}

export function nameTaken(ctx: ReportsContext, name: string, exceptId: string | null): boolean {
  return core.nameTaken(ctx, R, name, exceptId);
}

export interface Optimistic extends core.Optimistic {
  update?: ReportRow[];
  insert?: { row: ReportRow; index: number }[];
}

export type RunResult = core.RunResult<ReportRow>;

/** Sends one request per target (one at a time), then settles the optimistic change and re-reads the list. */
export function run(
  ctx: ReportsContext,
  triage: TriageHistory,
  action: ReportActionName,
  rows: ReportRow[],
  change: Optimistic,
  send: (row: ReportRow) => Promise<unknown>,
): Promise<RunResult> {
  return core.execute(ctx, R, triage, action, rows, change, core.oneAtATime(send));
}

export function report(ctx: ReportsContext, verb: string, result: RunResult, suffix = ''): void {
  core.report(ctx, R, verb, result, suffix);
}

export function clearMarksOf(ctx: ReportsContext, rows: ReportRow[]): void {
  core.clearMarksOf(ctx, R, rows);
}

export const withArchived = core.withArchived<ReportRow>;

/** The reports' requests and filter for the shared move and tags dialogs (core/triage-dialogs.ts). */
export function reportDialogOps(ctx: ReportsContext): core.TriageDialogOps<ReportRow> {
  return {
    desc: R,
    sendMove: (rows, project) =>
      core.oneAtATime((row: ReportRow) => ctx.client.reports.move({ task: row.id, project_name: project }))(rows),
    sendTags: (row, tags) => ctx.client.reports.update({ task: row.id, tags }),
    // A project filter shows that project's reports only.
    leavesFilter(project) {
      const { projectId, projectName } = ctx.get().reports.filter;
      return projectId !== null && projectName !== project;
    },
  };
}
