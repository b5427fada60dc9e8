// Triage dialogs and filter pickers driven by keys through the real App. Stores that must
// talk to a server use the embedded one (test/helpers/store-fixture.ts); the others hold fixed data.
import { afterEach, describe, expect, it } from 'vitest';
import type { MonitorStore } from '../../src/store/types.js';
import { KEYS, settle } from '../helpers/render.js';
import { monitorFixture, type MonitorFixture } from '../helpers/store-fixture.js';
import { createReport, serverReport } from '../helpers/reports-fixture.js';
import { dialogLines, pickLines } from '../../src/ui/components/DialogOverlay.js';
import { fixedStore, PLAIN, renderMonitor, type MonitorRender } from '../helpers/ui-fixture.js';

let current: MonitorRender | undefined;
let fx: MonitorFixture | undefined;
afterEach(async () => {
  current?.unmount();
  current = undefined;
  await fx?.close();
  fx = undefined;
});

async function open(store: MonitorStore, columns = 100, rows = 30): Promise<MonitorRender> {
  current = renderMonitor(store, { columns, rows });
  await settle();
  return current;
}

const text = (m: MonitorRender): string => m.lines().join('\n');

/** Polls the screen until `check` holds (the store talks to a real server meanwhile). */
async function screenWith(
  m: MonitorRender,
  check: string | ((screen: string) => boolean),
  timeoutMs = 5000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const screen = text(m);
    if (typeof check === 'string' ? screen.includes(check) : check(screen)) return screen;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${String(check)}; screen was:\n${screen}`);
    await settle(20);
  }
}

/** Types text one key press at a time. */
async function type(m: MonitorRender, keys: string): Promise<void> {
  for (const key of keys) await m.press(key);
}

/** The App on a store against the embedded server, in the reports view with the report named `selected` selected. */
async function live(setup: (f: MonitorFixture) => Promise<void>, selected: string): Promise<MonitorRender> {
  fx = await monitorFixture();
  await setup(fx);
  const m = await open(fx.store);
  fx.store.getState().actions.start();
  await m.press('2');
  await screenWith(m, selected);
  const r = fx.store.getState().reports;
  const index = r.ids.findIndex((id) => r.byId[id]?.name === selected);
  fx.store.getState().actions.moveSelection(index - r.selectedIndex);
  expect(r.byId[fx.store.getState().reports.selectedId ?? '']?.name).toBe(selected);
  return m;
}

describe('confirmations', () => {
  it('y publishes after a confirmation saying the body can no longer be edited', async () => {
    let id = '';
    const m = await live(async (f) => {
      id = await createReport(f.writer, 'Ready to ship');
    }, 'Ready to ship');
    await m.press('p');
    const dialog = await screenWith(m, 'Publish "Ready to ship"?');
    expect(dialog).toContain('can no longer be edited');
    expect(dialog).toContain('y / Enter: yes    n / q / Esc: no');
    await m.press('y');
    await screenWith(m, 'published "Ready to ship"');
    expect((await serverReport(fx!.writer, id))?.status).toBe('published');
  });

  it.each([
    ['n', 'n'],
    ['q', 'q'],
    ['Esc', KEYS.escape],
  ])('%s cancels a confirmation and sends nothing', async (_name, key) => {
    const store = fixedStore();
    const m = await open(store);
    await m.press('2');
    await m.press('p');
    expect(store.getState().dialog).not.toBeNull();
    expect(text(m)).toContain('Publish "Weekly vision results"?');
    // A lone ESC reaches the app one setImmediate after the byte: `press` waits past it.
    await m.press(key);
    expect(store.getState().dialog).toBeNull();
    expect(store.getState().status).toBeNull();
    expect(store.getState().reports.byId['r-draft']?.status).toBe('created');
    expect(m.quits).toBe(0);
    expect(text(m)).not.toContain('Publish');
  });

  it('asks again before a forced delete of a report that is not archived, then deletes it', async () => {
    let id = '';
    const m = await live(async (f) => {
      await createReport(f.writer, 'Keep this one');
      id = await createReport(f.writer, 'Delete me now');
    }, 'Delete me now');
    await m.press('d');
    await screenWith(m, 'Delete "Delete me now"? This cannot be undone.');
    await m.press('y');
    await screenWith(m, 'published or not archived: delete anyway (force)?');
    await m.press('y');
    await screenWith(m, 'deleted "Delete me now"');
    expect(await serverReport(fx!.writer, id)).toBeUndefined();
    const deletes = fx!.proxy.calls
      .filter((c) => c.endpoint === 'reports.delete')
      .map((c) => JSON.parse(c.body) as unknown);
    expect(deletes).toEqual([{ task: id, force: true }]);
  });

  it('lists every affected report in a bulk confirmation', async () => {
    const store = fixedStore();
    const m = await open(store);
    await m.press('2');
    await m.press(' ');
    await m.press('j');
    await m.press(' ');
    await m.press('j');
    await m.press(' ');
    expect(text(m)).toContain('3 marked');
    await m.press('d');
    const screen = text(m);
    expect(screen).toContain('Delete 3 reports? This cannot be undone.');
    for (const name of ['Weekly vision results', 'Q1 summary', 'Old notes'])
      expect(screen).toContain(`"${name}" (vision)`);
    await m.press('n');
    // Publishing leaves out the report that is published already.
    await m.press('p');
    const publish = text(m);
    expect(publish).toContain('Publish 2 reports?');
    expect(publish).toContain('"Weekly vision results" (vision)');
    expect(publish).toContain('"Old notes" (vision)');
    expect(publish).not.toContain('"Q1 summary"');
  });
});

describe('text input', () => {
  it('edits with backspace (0x7f, key.delete in Ink 6), also inside a batch of keys', async () => {
    const store = fixedStore();
    const m = await open(store);
    await m.press('2');
    await m.press('c');
    await m.press(KEYS.ctrlU);
    await m.press('abc\u007f\u007fd');
    expect(store.getState().dialog).toMatchObject({ kind: 'input', value: 'ad' });
    await m.press(KEYS.backspace);
    expect(text(m)).toContain('comment: a█');
  });

  it('completes a project name from the server with Tab and moves the report there', async () => {
    let id = '';
    const m = await live(async (f) => {
      await f.writer.projects.create({ name: 'research-lab' });
      id = await createReport(f.writer, 'Wandering report');
    }, 'Wandering report');
    await m.press('m');
    await screenWith(m, 'Move "Wandering report" to project');
    await m.press(KEYS.ctrlU);
    await type(m, 'rese');
    await screenWith(m, (s) => s.includes('Tab completes:') && s.includes('  research-lab'));
    await m.press(KEYS.tab);
    expect(text(m)).toContain('project: research-lab█');
    await m.press(KEYS.enter);
    await screenWith(m, 'moved "Wandering report" to research-lab');
    expect((await serverReport(fx!.writer, id))?.project).toMatchObject({ name: 'research-lab/.reports' });
  });

  it('completes a known tag with Tab after a comma', async () => {
    const store = fixedStore();
    store.setState((s) => ({ reports: { ...s.reports, knownTags: ['exec', 'quarterly', 'weekly'] } }));
    const m = await open(store);
    await m.press('2');
    await m.press('t');
    expect(text(m)).toContain('tags: █');
    await type(m, 'exec, qu');
    expect(text(m)).toContain('  quarterly');
    await m.press(KEYS.tab);
    expect(store.getState().dialog).toMatchObject({ value: 'exec, quarterly, ' });
    expect(text(m)).toContain('tags: exec, quarterly, █');
  });

  it('t on one report adds and removes tags as the help says, naming the current ones', async () => {
    let id = '';
    const m = await live(async (f) => {
      id = await createReport(f.writer, 'Tagged report', { tags: ['baseline', 'sota'] });
    }, 'Tagged report');
    await m.press('t');
    const dialog = await screenWith(m, 'tags: █');
    expect(dialog).toContain('now: baseline, sota (Enter alone keeps them)');
    expect(dialog).toContain('"a, b" adds, "-a" removes');
    await type(m, 'urgent, -sota');
    await m.press(KEYS.enter);
    await screenWith(m, 'tagged "Tagged report"');
    expect((await serverReport(fx!.writer, id))?.tags).toEqual(['baseline', 'urgent']);
  });

  it('m shows the project now dim under an empty field, and Down highlights a suggestion by key', async () => {
    const store = fixedStore();
    store.setState((s) => ({ tasks: { ...s.tasks, knownProjects: ['research', 'team/research-b'] } }));
    const m = await open(store);
    await m.press('m');
    await screenWith(m, 'project: █');
    const now = store.getState().tasks.byId[store.getState().tasks.selectedId ?? '']?.project ?? '';
    const dialog = store.getState().dialog;
    const hint = dialog?.kind === 'input' ? dialogLines(dialog, 80, 20, PLAIN)[1] : undefined;
    expect(hint).toEqual({ kind: 'hint', text: `now: ${now} (Enter alone keeps it there)` });
    expect(text(m)).toContain(hint?.text);
    await type(m, 'res');
    await m.press(KEYS.down);
    await m.press(KEYS.down);
    const chosen = store.getState().dialog;
    expect(chosen).toMatchObject({ value: 'res', cursor: 1 });
    const lines = chosen?.kind === 'input' ? dialogLines(chosen, 80, 20, PLAIN) : [];
    expect(lines.filter((l) => l.highlighted === true).map((l) => l.text)).toEqual(['  team/research-b']);
    await m.press(KEYS.tab);
    expect(text(m)).toContain('project: team/research-b█');
  });

  it('keeps the typed text and shows the reason when a submit is refused', async () => {
    const store = fixedStore();
    const m = await open(store);
    await m.press('2');
    await m.press('R');
    await m.press(KEYS.ctrlU);
    await type(m, 'ab');
    await m.press(KEYS.enter);
    expect(store.getState().dialog).not.toBeNull();
    const screen = text(m);
    expect(screen).toContain('name: ab█');
    expect(screen).toContain('a name needs at least 3 characters');
  });

  it('keeps the typed text when the server refuses it, and says what to do', async () => {
    let id = '';
    const m = await live(async (f) => {
      id = await createReport(f.writer, 'Soon gone');
    }, 'Soon gone');
    fx!.store.getState().actions.stop();
    await fx!.writer.reports.delete({ task: id, force: true });
    await m.press('c');
    await type(m, 'late note');
    await m.press(KEYS.enter);
    const screen = await screenWith(m, 'no longer exists');
    expect(screen).toContain('comment: late note█');
    expect(screen).toContain('deleted by someone else?');
  });
});

describe('filter pickers', () => {
  it('T narrows the tags as you type; Tab cycles include, exclude and off; Enter applies', async () => {
    const m = await live(async (f) => {
      await createReport(f.writer, 'Alpha report', { tags: ['vision', 'weekly'] });
      await createReport(f.writer, 'Beta report', { tags: ['nlp'] });
      await createReport(f.writer, 'Gamma report', { tags: ['vision', 'stale'] });
    }, 'Gamma report');
    await m.press('T');
    await screenWith(m, (s) => s.includes('[ ] weekly') && !s.includes('loading tags'));
    await type(m, 'st');
    expect(text(m)).toContain('tag: st█');
    expect(text(m)).not.toContain('[ ] weekly');
    await m.press(KEYS.tab);
    expect(text(m)).toContain('[+] stale');
    await m.press(KEYS.tab);
    expect(text(m)).toContain('[-] stale');
    await m.press(KEYS.ctrlU);
    await type(m, 'vis');
    await m.press(KEYS.tab);
    expect(text(m)).toContain('[+] vision');
    await m.press(KEYS.enter);
    const screen = await screenWith(
      m,
      (s) => s.includes('Alpha report') && !s.includes('Gamma report') && !s.includes('Beta report'),
    );
    expect(screen).toContain('tags: vision');
    expect(screen).toContain('not: stale');
    expect(fx!.state().reports.filter).toMatchObject({ tagsInclude: ['vision'], tagsExclude: ['stale'] });
  });

  it('P shows the reports of the project picked by name; Esc in the list clears it', async () => {
    const m = await live(async (f) => {
      await createReport(f.writer, 'Report of A', { project: 'team-a' });
      await createReport(f.writer, 'Report of B', { project: 'team-b' });
    }, 'Report of B');
    await m.press('P');
    await screenWith(m, (s) => s.includes('( ) team-b') && !s.includes('loading projects'));
    expect(text(m)).toContain('(•) (all projects)');
    await type(m, 'team-a');
    await m.press(KEYS.enter);
    const filtered = await screenWith(m, (s) => s.includes('project: team-a') && !s.includes('Report of B'));
    expect(filtered).toContain('Report of A');
    await m.press(KEYS.escape);
    await screenWith(m, (s) => s.includes('Report of B') && !s.includes('project: team-a'));
  });

  it('types q into a picker, and Esc closes it without changing the filter', async () => {
    const store = fixedStore();
    store.setState((s) => ({ reports: { ...s.reports, knownTags: ['quarterly', 'weekly'] } }));
    const m = await open(store);
    await m.press('2');
    await m.press('T');
    await m.press('q');
    expect(store.getState().dialog).toMatchObject({ kind: 'pick', query: 'q' });
    expect(text(m)).toContain('[ ] quarterly');
    await m.press(KEYS.escape);
    expect(store.getState().dialog).toBeNull();
    expect(store.getState().reports.filter.tagsInclude).toEqual([]);
    expect(m.quits).toBe(0);
  });

  it('keeps the highlighted tag in view in a small terminal, and the known tags usable when loading fails', async () => {
    const store = fixedStore({ cols: 60, rows: 16 });
    const tags = Array.from({ length: 30 }, (_, i) => `tag-${String(i).padStart(2, '0')}`);
    store.setState((s) => ({ reports: { ...s.reports, knownTags: tags } }));
    const m = await open(store, 60, 16);
    await m.press('2');
    await m.press('T');
    // This store has no server: the picker says so and keeps the tags it knows.
    await screenWith(m, 'could not load the tags');
    for (let i = 0; i < 20; i++) await m.press(KEYS.down);
    const screen = text(m);
    expect(screen).toContain('▸ [ ] tag-20');
    expect(screen).toMatch(/\d+ above, \d+ below/);
    expect(m.lines().length).toBeLessThan(16);
    for (const line of m.lines()) expect([...line].length).toBeLessThanOrEqual(60);
    await m.press(KEYS.tab);
    await m.press(KEYS.enter);
    expect(store.getState().reports.filter.tagsInclude).toEqual(['tag-20']);
  });

  it('draws a picker as a small centred dialog over the panes, which stay in view around it', async () => {
    const store = fixedStore();
    const m = await open(store, 140, 40);
    await m.press('2');
    const before = m.lines();
    await m.press('T');
    const lines = m.lines();
    const top = lines.findIndex((l) => l.includes('Show reports by tag'));
    expect(top).toBeGreaterThan(1);
    const row = lines[top] ?? '';
    const left = row.indexOf('┏');
    const right = row.lastIndexOf('┓');
    expect(left).toBeGreaterThan(10);
    expect(right - left + 1).toBeLessThanOrEqual(64);
    // Centred, and the panes' frames and rows still show beside and above it.
    expect(Math.abs(left - (140 - right - 1))).toBeLessThanOrEqual(1);
    expect(lines[1]).toBe(before[1]);
    expect(row.slice(0, left)).toBe((before[top] ?? '').slice(0, left));
    expect(text(m)).toContain('tag: █');
    await m.press(KEYS.escape);
    expect(m.lines()).toEqual(before);
  });

  it('keeps the filters with --read-only while every report action is gone', async () => {
    const store = fixedStore({ readOnly: true });
    const m = await open(store);
    await m.press('2');
    await m.press('T');
    expect(store.getState().dialog?.kind).toBe('pick');
    await m.press(KEYS.escape);
    await m.press('P');
    expect(store.getState().dialog?.kind).toBe('pick');
    expect(text(m)).toContain('(•) (all projects)');
    await m.press(KEYS.escape);
    for (const key of ['a', 'p', 'm', 'd', 't', 'R', 'c', 'n', ' ']) await m.press(key);
    expect(store.getState().dialog).toBeNull();
    expect(store.getState().reports.marked).toEqual([]);
    expect(Object.values(store.getState().reports.byId).every((r) => !r.archived || r.id === 'r-old')).toBe(true);
  });
});

describe('pickLines', () => {
  it('never takes more rows than it has, and shows the highlighted option whenever one fits', () => {
    const options = Array.from({ length: 40 }, (_, i) => ({ value: `t${i}`, label: `t${i}`, state: 'off' as const }));
    for (let rows = 1; rows <= 12; rows++) {
      for (const cursor of [0, 17, 39]) {
        const dialog = {
          kind: 'pick' as const,
          owner: 'reports' as const,
          purpose: 'tags' as const,
          title: 'x',
          query: '',
          options,
          cursor,
          loading: false,
          touched: false,
          error: null,
        };
        const lines = pickLines(dialog, 40, rows, PLAIN);
        expect(lines.length, `rows ${rows}`).toBeLessThanOrEqual(rows);
        expect(lines.at(-1)?.kind).toBe('keys');
        const room = rows - (rows >= 3 ? 2 : 1) - 1;
        if (room >= 1) expect(lines.find((l) => l.highlighted)?.text).toContain(`t${cursor}`);
      }
    }
  });
});

describe('dialogLines', () => {
  it("offers a clone's name dim after the cursor until something is typed", () => {
    const dialog = {
      kind: 'input' as const,
      owner: 'tasks' as const,
      action: 'clone' as const,
      title: 'Clone "train" as:',
      field: 'name' as const,
      value: '',
      suggestions: [],
      collected: {},
      ids: ['t1'],
      error: null,
      cursor: -1,
      hint: null,
      offer: 'train (clone)',
    };
    const [empty] = dialogLines(dialog, 40, 6, PLAIN);
    expect(empty).toMatchObject({ kind: 'input', dim: 'train (clone)' });
    expect(empty?.text.startsWith('name: ')).toBe(true);
    expect(dialogLines(dialog, 14, 6, PLAIN)[0]?.dim).toBe('train …');
    expect(dialogLines({ ...dialog, value: 'sweep' }, 40, 6, PLAIN)[0]?.dim).toBeUndefined();
  });

  it("shows each queue's length dim after its name", () => {
    const dialog = {
      kind: 'pick' as const,
      owner: 'tasks' as const,
      purpose: 'queue' as const,
      title: 'Enqueue "a": pick a queue',
      query: '',
      options: [
        { value: 'q1', label: 'default', state: 'off' as const, detail: 'empty' },
        { value: 'q2', label: 'gpu', state: 'off' as const, detail: '2 waiting' },
      ],
      cursor: 1,
      loading: false,
      touched: false,
      error: null,
      ids: ['a'],
    };
    const options = pickLines(dialog, 40, 8, PLAIN).filter((l) => l.kind === 'option');
    expect(options.map((l) => [l.text.trim(), l.dim])).toEqual([
      ['( ) default', '  empty'],
      ['▸ ( ) gpu', '  2 waiting'],
    ]);
    expect(options[1]?.highlighted).toBe(true);
  });
});
