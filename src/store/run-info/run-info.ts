// The `runinfo` slice: the selected task's status (with reason and message), times, user,
// tags, hyperparameters, configuration, artifacts and models, from one tasks.get_all_ex request
// (and models.get_all_ex for its models' uris). Fetched once per
// task and again only when the task's last_update moved; a cursor moves over its lines and a
// `/` search jumps between matching lines like the log search.
import type { RunInfoContext } from './book.js';
import { clampIndex, triageFailure, type Outcome, type PaneError } from '../core/index.js';
import { joinModels, parseRunInfo, RUN_INFO_FIELDS, RUN_INFO_MODEL_FIELDS } from './parse-run-info.js';
import { runInfoLines, searchInfoLines, type InfoLine, type RunInfo } from '../../text/run-info.js';
import { paramCompareLines, type ParamCompare } from '../../text/param-compare.js';
import { paramCompareShown, runInfoCursorRange } from './param-compare.js';
import type { MonitorState, TaskRow } from '../types.js';

export interface RunInfoSearch {
  query: string;
  /** Line indexes that match, ascending. */
  matches: number[];
}

export interface RunInfoState {
  taskId: string | null;
  info: RunInfo | null;
  /** Lines the pane has (the cursor's range). */
  lineCount: number;
  selectedIndex: number;
  search: RunInfoSearch | null;
  loading: boolean;
  error: PaneError | null;
  fetchedAt: number | null;
  /** The marked runs' hyperparameters side by side (two or more marked), else null. */
  compare: ParamCompare | null;
}

export function emptyRunInfo(taskId: string | null): RunInfoState {
  return {
    taskId,
    info: null,
    lineCount: 0,
    selectedIndex: 0,
    search: null,
    loading: taskId !== null,
    error: null,
    fetchedAt: null,
    compare: null,
  };
}

const ENDPOINT = 'tasks.get_all_ex';

/** What the run info depends on: the task and its last_update (not its iteration). */
export function runInfoFingerprint(row: TaskRow | undefined): string | null {
  return row === undefined ? null : `${row.id}|${row.lastUpdate ?? ''}`;
}

export function selectedRunInfoFingerprint(state: MonitorState): string | null {
  const id = state.tasks.selectedId;
  return id === null ? null : runInfoFingerprint(state.tasks.byId[id]);
}

/** The pane's lines at `now` (the pane draws the same ones with its minute clock). */
export function infoLinesOf(state: MonitorState, now: number): InfoLine[] {
  const info = state.runinfo.info;
  return info === null ? [] : runInfoLines(info, now);
}

/** The line under the cursor, whole: what the text viewer (Enter) opens. */
export function selectedRunInfoValue(state: MonitorState, now: number): { title: string; text: string } | null {
  if (paramCompareShown(state) && state.runinfo.compare !== null) {
    const compared = paramCompareLines(state.runinfo.compare)[state.runinfo.selectedIndex];
    return compared === undefined || compared.full === '' ? null : { title: compared.label, text: compared.full };
  }
  const line = infoLinesOf(state, now)[state.runinfo.selectedIndex];
  if (line === undefined || line.kind === 'heading') return null;
  return { title: line.label, text: line.full };
}

/** Fetches the selected task's run info; connection failures go into `outcome` (the poller backs off). */
export async function fetchRunInfo(
  ctx: RunInfoContext,
  taskId: string,
  fp: string,
  signal: AbortSignal,
  outcome: Outcome,
): Promise<void> {
  let info: RunInfo | null = null;
  let error: PaneError | null = null;
  try {
    const answer = await ctx.client.tasks.getAllEx(
      { id: [taskId], only_fields: RUN_INFO_FIELDS, search_hidden: true },
      { signal },
    );
    const parsed = parseRunInfo(answer, ENDPOINT, taskId);
    const ids = [...new Set(parsed.models.map((m) => m.id).filter((id) => id !== ''))];
    info =
      ids.length === 0
        ? parsed
        : {
            ...parsed,
            models: joinModels(
              parsed.models,
              await ctx.client.models.getAllEx({ id: ids, only_fields: RUN_INFO_MODEL_FIELDS }, { signal }),
            ),
          };
  } catch (err) {
    if (signal.aborted) return;
    let paneError: PaneError | null = null;
    triageFailure(err, outcome, (e) => (paneError = e), ctx.now());
    if (paneError === null) return;
    error = paneError;
  }
  if (signal.aborted || ctx.get().runinfo.taskId !== taskId) return;
  ctx.book.runInfoFor = fp;
  const now = ctx.now();
  ctx.set((s) => {
    const prev = s.runinfo;
    const nextInfo = info ?? prev.info;
    const lines = nextInfo === null ? [] : runInfoLines(nextInfo, now);
    const search = prev.search === null ? null : { ...prev.search, matches: searchInfoLines(lines, prev.search.query) };
    return {
      runinfo: {
        ...prev,
        info: nextInfo,
        lineCount: lines.length,
        selectedIndex: clampIndex(prev.selectedIndex, lines.length),
        search,
        loading: false,
        error,
        fetchedAt: now,
      },
    };
  });
}

export function moveRunInfoCursor(ctx: RunInfoContext, delta: number): void {
  const r = ctx.get().runinfo;
  const index = clampIndex(r.selectedIndex + delta, runInfoCursorRange(ctx.get()));
  if (index !== r.selectedIndex) ctx.set((s) => ({ runinfo: { ...s.runinfo, selectedIndex: index } }));
}

/** The first match after (+1) or before (-1) the cursor, wrapping around. */
function stepTo(matches: readonly number[], from: number, direction: 1 | -1): number | null {
  if (matches.length === 0) return null;
  if (direction === 1) return matches.find((m) => m > from) ?? (matches[0] as number);
  return [...matches].reverse().find((m) => m < from) ?? (matches[matches.length - 1] as number);
}

/** Searches the lines; the cursor goes to the first match at or after it. Empty clears. */
export function searchRunInfo(ctx: RunInfoContext, query: string): void {
  const state = ctx.get();
  if (query === '') {
    if (state.runinfo.search !== null) ctx.set((s) => ({ runinfo: { ...s.runinfo, search: null } }));
    return;
  }
  const matches = searchInfoLines(infoLinesOf(state, ctx.now()), query);
  const from = state.runinfo.selectedIndex;
  const first = matches.find((m) => m >= from) ?? matches[0];
  ctx.set((s) => ({
    runinfo: { ...s.runinfo, search: { query, matches }, selectedIndex: first ?? s.runinfo.selectedIndex },
  }));
}

export interface RunInfoActions {
  /** Searches the run-info lines; the cursor goes to the first match at or after it. Empty clears. */
  searchRunInfo(query: string): void;
  /** Next (+1) / previous (-1) match, wrapping. */
  runInfoSearchStep(direction: 1 | -1): void;
  /** The selected line's whole value (for the text viewer), or null on a heading / no data. */
  selectedRunInfoValue(): { title: string; text: string } | null;
}

export function createRunInfoActions(ctx: RunInfoContext): RunInfoActions {
  return {
    searchRunInfo: (query) => searchRunInfo(ctx, query),
    runInfoSearchStep(direction) {
      const r = ctx.get().runinfo;
      if (r.search === null) return;
      const next = stepTo(r.search.matches, r.selectedIndex, direction);
      if (next !== null && next !== r.selectedIndex)
        ctx.set((s) => ({ runinfo: { ...s.runinfo, selectedIndex: next } }));
    },
    selectedRunInfoValue: () => selectedRunInfoValue(ctx.get(), ctx.now()),
  };
}
