// Start-up phase marks (TRACKTOP_PHASES, src/cli/phases.ts): a fresh file per measured tree, and
// one row of per-phase medians (ms from the process's start) from the lines the runs wrote.
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { median } from './stats.mjs';
import { row } from './table.mjs';

/** A file the runs append their marks to; `records()` reads them, `remove()` cleans up. */
export function phaseFile() {
  const dir = mkdtempSync(join(tmpdir(), 'tracktop-bench-phases-'));
  const file = join(dir, 'phases.jsonl');
  return {
    file,
    records: () =>
      existsSync(file)
        ? readFileSync(file, 'utf8')
            .split('\n')
            .filter(Boolean)
            .map((line) => JSON.parse(line))
        : [],
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** "main 60 · config 75 · ..." (medians), or undefined when the tree wrote no marks (an older build). */
export function phaseRow(figure, records) {
  if (records.length === 0) return undefined;
  const names = Object.keys(records[0]);
  const medians = names.map(
    (p) => `${p} ${median(records.map((r) => r[p]).filter((x) => x !== undefined)).toFixed(0)}`,
  );
  return row({
    figure: `${figure}, ms from start (median, n=${records.length})`,
    goal: '',
    measured: medians.join(' · '),
  });
}
