// The pane descriptors (src/store/panes.ts) and the component registry agree with each other,
// with the key table, the layout and the header, and every pane component is registered.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  dataWanted,
  PANE_NAMES,
  PANE_SPECS,
  panesOf,
  type PaneData,
  type PaneName,
  type ViewName,
} from '../../../src/store/panes.js';
import { NO_PANE_ROWS } from '../../../src/store/ui/ui-state.js';
import { headerTabs } from '../../../src/ui/components/Header.js';
import { ACTION_HANDLERS } from '../../../src/ui/keys/actions.js';
import { KEYMAP, MODAL_SCOPES, resolveKey, scopesLabel, type Scope } from '../../../src/ui/keys/keymap.js';
import { computeLayout, DEFAULT_BOTTOM_PANE, DEFAULT_TOP_PANE } from '../../../src/ui/layout.js';
import { PANE_VIEWS } from '../../../src/ui/panes/registry.js';

const PANES_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../../src/ui/panes');
const VIEWS: readonly ViewName[] = ['tasks', 'reports'];

/** The files of src/ui/panes a module imports, directly or through other files there. */
function reachableFrom(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = readFileSync(join(PANES_DIR, file), 'utf8');
  for (const match of source.matchAll(/from '\.\/([\w.-]+)\.js'/g)) {
    const base = match[1] as string;
    const next = [`${base}.ts`, `${base}.tsx`].find((name) => readdirSync(PANES_DIR).includes(name));
    if (next !== undefined) reachableFrom(next, seen);
  }
  return seen;
}

function shownState(view: ViewName, focused: PaneName) {
  return {
    ui: {
      view,
      focus: { tasks: view === 'tasks' ? focused : 'tasks', reports: view === 'reports' ? focused : 'reports' },
      paneRows: { ...NO_PANE_ROWS },
    },
  } as Parameters<typeof dataWanted>[0];
}

describe('pane descriptors', () => {
  it('describe each pane exactly once, and the registry draws exactly those panes', () => {
    expect(new Set(PANE_NAMES).size).toBe(PANE_SPECS.length);
    expect(Object.keys(PANE_VIEWS).sort()).toEqual([...PANE_NAMES].sort());
    expect(Object.keys(NO_PANE_ROWS).sort()).toEqual([...PANE_NAMES].sort());
    for (const view of VIEWS) expect(panesOf(view).length).toBeGreaterThan(0);
  });

  it('leave no pane component in src/ui/panes unregistered', () => {
    const components = readdirSync(PANES_DIR).filter((name) => /^[A-Z]\w*Panes?\.tsx$/.test(name));
    expect(components.length).toBeGreaterThan(0);
    const reached = reachableFrom('registry.ts');
    expect(components.filter((name) => !reached.has(name))).toEqual([]);
  });

  it('give each view one list and distinct focus keys, each bound in the key table to focus its pane', () => {
    for (const view of VIEWS) {
      const specs = PANE_SPECS.filter((spec) => spec.view === view);
      expect(specs.filter((spec) => spec.slot === 'list')).toHaveLength(1);
      const keys = specs.flatMap((spec) => (spec.focus === null ? [] : [spec.focus.key]));
      expect(new Set(keys).size).toBe(keys.length);
      for (const spec of specs) {
        if (spec.focus === null) continue;
        const action = `focus-${spec.name}`;
        expect(Object.keys(ACTION_HANDLERS)).toContain(action);
        // From any pane of the view, with no pane binding taking the key over.
        for (const from of panesOf(view)) {
          const binding = resolveKey(spec.focus.key, { view, pane: from, readOnly: false });
          expect({ from, action: binding?.action, help: binding?.help }).toEqual({
            from,
            action,
            help: spec.focus.help,
          });
        }
      }
    }
  });

  it('name a key scope for every pane, and every scope in the key table exists', () => {
    for (const spec of PANE_SPECS) expect(scopesLabel([spec.name])).toBe(spec.label);
    const known = new Set<Scope>([
      'always',
      'everywhere',
      'tasks-view',
      'reports-view',
      'cluster-view',
      ...PANE_NAMES,
      ...MODAL_SCOPES,
    ]);
    for (const binding of KEYMAP)
      for (const scope of binding.scopes) {
        expect({ action: binding.action, scope, known: known.has(scope) }).toEqual({
          action: binding.action,
          scope,
          known: true,
        });
        expect(scopesLabel([scope])).not.toBe('');
      }
  });

  it('make `/` and enter do what each descriptor says', () => {
    for (const spec of PANE_SPECS) {
      const ctx = { view: spec.view, pane: spec.name, readOnly: false };
      const slash = resolveKey('/', ctx)?.action;
      expect({ pane: spec.name, slash }).toEqual({
        pane: spec.name,
        slash: spec.slash === 'filter' ? 'filter' : spec.slash === 'search' ? 'search' : undefined,
      });
      const enterReads = resolveKey('enter', ctx)?.action === 'open-text';
      expect({ pane: spec.name, enterReads }).toEqual({ pane: spec.name, enterReads: spec.textViewer });
    }
  });

  it('lay out every pane when it has focus, wide and narrow, each slot showing its first pane by default', () => {
    for (const spec of PANE_SPECS) {
      for (const [cols, rows] of [
        [240, 50],
        [160, 40],
        [80, 20],
      ] as const) {
        const layout = computeLayout({
          cols,
          rows,
          view: spec.view,
          focused: spec.name,
          topPane: DEFAULT_TOP_PANE,
          bottomPane: DEFAULT_BOTTOM_PANE,
        });
        expect(layout.panes.map((box) => box.pane)).toContain(spec.name);
      }
    }
    expect(PANE_SPECS.find((spec) => spec.slot === 'top')?.name).toBe(DEFAULT_TOP_PANE);
    expect(PANE_SPECS.find((spec) => spec.slot === 'bottom')?.name).toBe(DEFAULT_BOTTOM_PANE);
  });

  it("put each view's panes in the header in descriptor order, with their tabs and keys", () => {
    for (const view of VIEWS) {
      const expected = PANE_SPECS.filter((spec) => spec.view === view).map((spec) =>
        spec.focus === null ? spec.tab : `${spec.focus.key} ${spec.tab}`,
      );
      expect(headerTabs(view, panesOf(view)[0] as PaneName, 0).panes.map((tab) => tab.text)).toEqual(expected);
    }
  });

  it('want each kind of detail data exactly while a pane needing it is shown', () => {
    const kinds = [...new Set(PANE_SPECS.flatMap((spec) => spec.data as readonly PaneData[]))];
    for (const spec of PANE_SPECS) {
      const state = shownState(spec.view, spec.name);
      for (const data of kinds) expect(dataWanted(state, data)).toBe((spec.data as readonly PaneData[]).includes(data));
    }
  });
});
