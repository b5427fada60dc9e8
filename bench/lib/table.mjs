// One row per figure: what it is, the goal, what was measured (median and spread), whether
// the goal was met, and the ratio to a reference run beside it (or '').
export function row({ figure, goal, measured, ok, ratio = '' }) {
  return { figure, goal, measured, ok: ok === undefined ? '' : ok ? 'ok' : 'MISSED', ratio };
}

export function printTable(rows, title) {
  const header = { figure: 'figure', goal: 'goal', measured: 'measured: median (min–max, n)', ok: '', ratio: 'ratio' };
  const cols = ['figure', 'goal', 'measured', 'ok', 'ratio'];
  const width = Object.fromEntries(
    cols.map((c) => [c, Math.max(...[header, ...rows].map((r) => String(r[c]).length))]),
  );
  const line = (r) =>
    cols
      .map((c) => String(r[c]).padEnd(width[c]))
      .join('  ')
      .trimEnd();
  console.log(`\n${title}\n`);
  console.log(line(header));
  console.log(cols.map((c) => '-'.repeat(width[c])).join('  '));
  for (const r of rows) console.log(line(r));
}
