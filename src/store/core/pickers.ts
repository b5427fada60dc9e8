// The pickers' machinery (a dialog of kind 'pick': a list narrowed by what is typed; Tab
// changes the highlighted option, Enter applies), shared by the lists' tag, project, user and
// metric-column pickers; each list applies the choice itself.
import type { StoreContext } from './context.js';
import { clampIndex } from './lists.js';
import { openDialog, type DialogState, type PickOption } from './dialogs.js';
import { explainFailure } from './triage.js';
import type { ListName } from '../panes.js';
import { narrow } from '../../text/narrow.js';

export type PickDialog = Extract<DialogState, { kind: 'pick' }>;

export const ALL_PROJECTS_LABEL = '(all projects)';
export const NO_PROJECT_LABEL = '(no project)';

export function compareLabels(a: PickOption, b: PickOption): number {
  const x = a.label.toLowerCase();
  const y = b.label.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The options a picker shows for what is typed: labels starting with it first, then those containing it. */
export function visibleOptions(dialog: Pick<PickDialog, 'options' | 'query'>): PickOption[] {
  return dialog.query.trim() === '' ? dialog.options : narrow(dialog.options, dialog.query, (o) => o.label);
}

/** Tag options: the known tags plus those in the filter; states from the filter unless changed in the picker. */
export function tagOptions(
  tags: readonly string[],
  filter: { tagsInclude: readonly string[]; tagsExclude: readonly string[] },
  previous: readonly PickOption[] = [],
): PickOption[] {
  const changed = new Map(previous.map((o) => [o.value, o.state]));
  const names = new Set([
    ...tags,
    ...filter.tagsInclude,
    ...filter.tagsExclude,
    ...previous.filter((o) => o.state !== 'off').map((o) => o.value),
  ]);
  return [...names]
    .map((tag): PickOption => {
      const fromFilter = filter.tagsInclude.includes(tag)
        ? 'include'
        : filter.tagsExclude.includes(tag)
          ? 'exclude'
          : 'off';
      return { value: tag, label: tag, state: changed.get(tag) ?? fromFilter };
    })
    .sort(compareLabels);
}

export function sameList(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((v, i) => v === b[i]);
}

export function tagFilterText(include: readonly string[], exclude: readonly string[]): string {
  const parts: string[] = [];
  if (include.length > 0) parts.push(`any of ${include.join(', ')}`);
  if (exclude.length > 0) parts.push(`none of ${exclude.join(', ')}`);
  return parts.length === 0 ? 'every tag' : parts.join('; ');
}

export function currentPick(ctx: StoreContext, purpose: PickDialog['purpose']): PickDialog | null {
  const dialog = ctx.get().dialog;
  return dialog?.kind === 'pick' && dialog.purpose === purpose ? dialog : null;
}

export function setPick(ctx: StoreContext, dialog: PickDialog): void {
  ctx.set({ dialog });
}

/** New options, the same option still highlighted when it is still shown. */
export function withOptions(dialog: PickDialog, options: PickOption[]): PickDialog {
  const highlighted = visibleOptions(dialog)[dialog.cursor]?.value;
  const next: PickDialog = { ...dialog, options };
  const shown = visibleOptions(next);
  const at = highlighted === undefined ? -1 : shown.findIndex((o) => o.value === highlighted);
  return { ...next, cursor: at >= 0 ? at : clampIndex(dialog.cursor, shown.length) };
}

/**
 * Opens a picker on the options known now, loading (the caller fetches the rest). Without a
 * cursor it highlights the chosen option (the one shown now), else the first.
 */
export function openPicker(
  ctx: StoreContext,
  owner: ListName,
  picker: Pick<PickDialog, 'purpose' | 'title' | 'options' | 'ids'> & { cursor?: number },
): void {
  const cursor =
    picker.cursor ??
    Math.max(
      0,
      picker.options.findIndex((o) => o.state === 'include'),
    );
  openDialog(ctx, { kind: 'pick', owner, ...picker, cursor, query: '', loading: true, touched: false, error: null });
}

/** Fills an open picker with the options its load brought (none when it was closed meanwhile). */
export function fillPick(
  ctx: StoreContext,
  purpose: PickDialog['purpose'],
  options: (dialog: PickDialog) => PickOption[],
): void {
  const dialog = currentPick(ctx, purpose);
  if (dialog !== null) setPick(ctx, { ...withOptions(dialog, options(dialog)), loading: false });
}

/** The option under the cursor among those the typed text leaves. */
export function highlightedOption(dialog: PickDialog): PickOption | undefined {
  return visibleOptions(dialog)[dialog.cursor];
}

/** The option Enter takes in a one-choice picker: the one chosen with Tab, else the highlighted one. */
export function chosenOption(dialog: PickDialog): PickOption | undefined {
  return dialog.touched ? dialog.options.find((o) => o.state === 'include') : highlightedOption(dialog);
}

/**
 * What a one-choice picker holds while its options load: the value chosen with Tab ('' for
 * "all"), or null when nothing was touched (the filter's value stays).
 */
export function touchedValue(dialog: PickDialog): string | null {
  return dialog.touched ? (dialog.options.find((o) => o.state === 'include')?.value ?? '') : null;
}

type TagFilter = { tagsInclude: readonly string[]; tagsExclude: readonly string[] };

/**
 * A list's tag filter picker: opens at once on the tags known so far, then shows the server's
 * (`load` fetches them and throws when it cannot), keeping what was changed meanwhile.
 */
export function openTagFilterPicker(
  ctx: StoreContext,
  owner: ListName,
  title: string,
  now: { knownTags: readonly string[]; filter: TagFilter },
  load: () => Promise<readonly string[]>,
  currentFilter: () => TagFilter,
): void {
  openPicker(ctx, owner, { purpose: 'tags', title, options: tagOptions(now.knownTags, now.filter), cursor: 0 });
  load().then(
    (tags) => fillPick(ctx, 'tags', (dialog) => tagOptions(tags, currentFilter(), dialog.options)),
    (err: unknown) => pickerFailed(ctx, 'tags', 'tags', err),
  );
}

/** Loading a picker's options failed: the ones it shows stay usable, the reason is shown. */
export function pickerFailed(ctx: StoreContext, purpose: PickDialog['purpose'], what: string, err: unknown): void {
  const dialog = currentPick(ctx, purpose);
  if (dialog === null) return;
  const desc = { list: dialog.owner, noun: dialog.owner === 'tasks' ? 'task' : 'report' };
  setPick(ctx, { ...dialog, loading: false, error: `could not load the ${what}: ${explainFailure(desc, err)}` });
}

export function setPickQuery(ctx: StoreContext, dialog: PickDialog, query: string): void {
  setPick(ctx, { ...dialog, query, cursor: 0 });
}

export function movePickCursor(ctx: StoreContext, delta: number): void {
  const dialog = ctx.get().dialog;
  if (dialog?.kind !== 'pick') return;
  const cursor = clampIndex(dialog.cursor + Math.trunc(delta), visibleOptions(dialog).length);
  if (cursor !== dialog.cursor) setPick(ctx, { ...dialog, cursor });
}

const NEXT_TAG_STATE: Record<PickOption['state'], PickOption['state']> = {
  off: 'include',
  include: 'exclude',
  exclude: 'off',
};

/**
 * Tab: the highlighted tag cycles include → exclude → off, a metric column on → off; the
 * highlighted project or user becomes the choice.
 */
export function togglePick(ctx: StoreContext, dialog: PickDialog): void {
  const option = visibleOptions(dialog)[dialog.cursor];
  if (option === undefined) return;
  const next = (o: PickOption): PickOption['state'] =>
    dialog.purpose === 'tags' ? NEXT_TAG_STATE[o.state] : o.state === 'include' ? 'off' : 'include';
  // Tags and metric columns are many (each changes alone); a project or user is one choice.
  const many = dialog.purpose === 'tags' || dialog.purpose === 'metric';
  const options = many
    ? dialog.options.map((o) => (o.value === option.value ? { ...o, state: next(o) } : o))
    : dialog.options.map((o): PickOption => ({ ...o, state: o.value === option.value ? 'include' : 'off' }));
  setPick(ctx, { ...dialog, options, touched: true, error: null });
}

export function refusePick(ctx: StoreContext, dialog: PickDialog, what: string): void {
  setPick(ctx, { ...dialog, error: `no ${what} matches "${dialog.query.trim()}": Backspace or ctrl-u edits the text` });
}
