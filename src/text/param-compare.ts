// Hyperparameters of two or more marked runs side by side: one row per parameter
// (`section/name`), one value per run; the parameters whose values differ come first and are
// marked, the equal ones are folded into one line (Enter on it reads them whole). Pure: the
// store counts these lines, the run info pane draws them.
import { sanitize } from './sanitize.js';
import type { RunInfoParam } from './run-info.js';

export interface ParamRun {
  id: string;
  name: string;
  params: readonly Pick<RunInfoParam, 'section' | 'name' | 'value'>[];
}

interface ParamRow {
  key: string;
  /** One per run, in the runs' order; null when that run has no such parameter. */
  values: (string | null)[];
  differs: boolean;
}

export interface ParamCompare {
  runs: { id: string; name: string }[];
  /** Differing parameters first, then the equal ones; each group by key. */
  rows: ParamRow[];
}

function paramKey(p: Pick<RunInfoParam, 'section' | 'name'>): string {
  return p.section === '' ? p.name : `${p.section}/${p.name}`;
}

export function compareParams(runs: readonly ParamRun[]): ParamCompare {
  const keys = new Set<string>();
  const byRun = runs.map((run) => {
    const map = new Map<string, string>();
    for (const p of run.params) {
      const key = paramKey(p);
      keys.add(key);
      map.set(key, p.value);
    }
    return map;
  });
  const rows = [...keys].sort().map((key): ParamRow => {
    const values = byRun.map((map) => map.get(key) ?? null);
    return { key, values, differs: values.some((v) => v !== values[0]) };
  });
  return {
    runs: runs.map((r) => ({ id: r.id, name: r.name })),
    rows: [...rows.filter((r) => r.differs), ...rows.filter((r) => !r.differs)],
  };
}

interface CompareLine {
  kind: 'differs' | 'fold' | 'note';
  label: string;
  /** One cell per run (differs), else empty. */
  values: string[];
  /** What the text viewer shows for this line (Enter). */
  full: string;
}

/** One line per differing parameter, then one folded line for the equal ones. */
export function paramCompareLines(c: ParamCompare): CompareLine[] {
  const differing = c.rows.filter((r) => r.differs);
  const equal = c.rows.filter((r) => !r.differs);
  const lines: CompareLine[] = differing.map((row) => ({
    kind: 'differs',
    label: sanitize(row.key),
    values: row.values.map((v) => (v === null ? '-' : sanitize(v))),
    full: c.runs.map((run, i) => `${run.name}: ${row.values[i] ?? '(not set)'}`).join('\n'),
  }));
  if (c.rows.length === 0)
    lines.push({ kind: 'note', label: 'none of the marked runs has hyperparameters', values: [], full: '' });
  else if (differing.length === 0)
    lines.push({ kind: 'note', label: 'every hyperparameter is the same', values: [], full: '' });
  if (equal.length > 0)
    lines.push({
      kind: 'fold',
      label: `${equal.length} equal parameter${equal.length === 1 ? '' : 's'} folded (Enter shows them)`,
      values: [],
      full: equal.map((row) => `${row.key} = ${row.values[0] ?? ''}`).join('\n'),
    });
  return lines;
}
