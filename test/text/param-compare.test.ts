import { describe, expect, it } from 'vitest';
import { compareParams, paramCompareLines } from '../../src/text/param-compare.js';

const run = (id: string, params: [string, string, string][]) => ({
  id,
  name: `run-${id}`,
  params: params.map(([section, name, value]) => ({ section, name, value })),
});

describe('hyperparameters side by side', () => {
  it('puts the differing parameters first, marks them, and folds the equal ones', () => {
    const c = compareParams([
      run('a', [
        ['Args', 'lr', '0.1'],
        ['Args', 'batch', '64'],
        ['Args', 'epochs', '10'],
      ]),
      run('b', [
        ['Args', 'lr', '0.01'],
        ['Args', 'batch', '64'],
        ['Args', 'epochs', '10'],
        ['Args', 'seed', '3'],
      ]),
    ]);
    expect(c.rows.map((r) => [r.key, r.values, r.differs])).toEqual([
      ['Args/lr', ['0.1', '0.01'], true],
      ['Args/seed', [null, '3'], true],
      ['Args/batch', ['64', '64'], false],
      ['Args/epochs', ['10', '10'], false],
    ]);
    const lines = paramCompareLines(c);
    expect(lines.map((l) => [l.kind, l.label, l.values])).toEqual([
      ['differs', 'Args/lr', ['0.1', '0.01']],
      ['differs', 'Args/seed', ['-', '3']],
      ['fold', '2 equal parameters folded (Enter shows them)', []],
    ]);
    expect(lines[0]?.full).toBe('run-a: 0.1\nrun-b: 0.01');
    expect(lines[1]?.full).toBe('run-a: (not set)\nrun-b: 3');
    expect(lines[2]?.full).toBe('Args/batch = 64\nArgs/epochs = 10');
  });

  it('says when every parameter is the same, and when there are none', () => {
    const same = paramCompareLines(compareParams([run('a', [['', 'x', '1']]), run('b', [['', 'x', '1']])]));
    expect(same.map((l) => l.label)).toEqual([
      'every hyperparameter is the same',
      '1 equal parameter folded (Enter shows them)',
    ]);
    expect(paramCompareLines(compareParams([run('a', []), run('b', [])])).map((l) => l.label)).toEqual([
      'none of the marked runs has hyperparameters',
    ]);
  });

  it('sanitises what it shows', () => {
    const lines = paramCompareLines(
      compareParams([run('a', [['A', 'x', 'v\u001b[31m']]), run('b', [['A', 'x', 'w']])]),
    );
    expect(lines[0]?.values[0]).not.toContain('\u001b');
  });
});
