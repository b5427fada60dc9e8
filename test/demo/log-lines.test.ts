import { describe, expect, it } from 'vitest';
import { evaluationAt, scalarsAt, type RunShape } from '../../src/demo/curves.js';
import { TASK_PLANS } from '../../src/demo/plan.js';
import { DEFAULT_SEED, runForPlan, taskHistory } from '../../src/demo/seed.js';
import {
  ANSI,
  crashLines,
  logBurst,
  progressLine,
  progressStatus,
  singleLine,
  startupLines,
  type LogContext,
} from '../../src/demo/log-lines.js';
import { tracebackMessage } from '../../src/demo/failures.js';
import { createRng } from '../../src/demo/random.js';

const shape: RunShape = {
  kind: 'vision',
  seed: 5,
  totalIters: 500,
  warmupIters: 10,
  baseLr: 0.1,
  valEvery: 5,
  difficulty: 0.2,
};
const ctx = (iter: number): LogContext => ({
  taskName: 'resnet-test',
  kind: 'vision',
  iter,
  itersPerEpoch: 25,
  scalars: scalarsAt(shape, iter),
});
const ESC = '\u001b[';

describe('logBurst', () => {
  it('returns exactly the requested number of events, the same for the same seed', () => {
    const a = logBurst(createRng(9), ctx(40), 17);
    const b = logBurst(createRng(9), ctx(40), 17);
    expect(a).toHaveLength(17);
    expect(a).toEqual(b);
    expect(logBurst(createRng(10), ctx(40), 17)).not.toEqual(a);
  });

  it('logs each line of an iteration once (no repeated `step N |` line)', () => {
    for (let seed = 0; seed < 200; seed += 1) {
      const msgs = logBurst(createRng(seed), ctx(40 + seed), 20).map((l) => l.msg);
      expect(
        msgs.filter((m, i) => msgs.indexOf(m) !== i),
        `seed ${seed}`,
      ).toEqual([]);
    }
  });

  it('puts a multi-line Python traceback on stderr (level error) when an error is due', () => {
    const lines = logBurst(createRng(1), ctx(40), 5, { errorChance: 1, multilineChance: 0 });
    const errors = lines.filter((l) => l.level === 'error');
    expect(errors).toHaveLength(1);
    // Either a traceback (several lines in one event) or a one-line red error.
    const any = Array.from({ length: 50 }, (_, s) => logBurst(createRng(s), ctx(40), 3, { errorChance: 1 }))
      .flat()
      .filter((l) => l.level === 'error' && l.msg.includes('Traceback (most recent call last):'));
    expect(any.length).toBeGreaterThan(0);
    for (const e of any) expect(e.msg.split('\n').length).toBeGreaterThanOrEqual(4);
  });

  it('includes a multi-line event when one is due', () => {
    const lines = logBurst(createRng(2), ctx(40), 4, { errorChance: 0, multilineChance: 1 });
    expect(lines.filter((l) => l.msg.includes('\n'))).toHaveLength(1);
    expect(lines.some((l) => l.level === 'error')).toBe(false);
  });

  it('colours some lines with ANSI escape codes and shows tqdm progress with carriage returns', () => {
    const lines = logBurst(createRng(3), ctx(60), 200, { errorChance: 0, multilineChance: 0 });
    expect(lines.some((l) => l.msg.includes(`${ANSI.green}INFO${ANSI.reset}`))).toBe(true);
    expect(lines.some((l) => l.msg.includes(ESC) && l.level === 'warning')).toBe(true);
    expect(lines.some((l) => l.msg.startsWith('\r') && l.msg.includes('%|'))).toBe(true);
    expect(lines.some((l) => !l.msg.includes(ESC))).toBe(true);
  });
});

/** The once-per-iteration lines of a burst that appear more than once. */
function repeatedOnceLines(msgs: readonly string[]): string[] {
  const kinds = [/^step \d+ \|/, /^\r/, /\] iteration \d+ done in /, /^Evaluation at step /];
  return kinds.flatMap((kind) => {
    const hits = msgs.filter((m) => kind.test(m));
    return hits.length > 1 ? hits : [];
  });
}

describe('each line of an iteration once', () => {
  it('says its metrics, its progress, "iteration N done" and its evaluation once per burst', () => {
    for (let seed = 0; seed < 300; seed += 1) {
      const msgs = logBurst(createRng(seed), ctx(seed), 20, { multilineChance: 1 }).map((l) => l.msg);
      expect(repeatedOnceLines(msgs), `seed ${seed}`).toEqual([]);
    }
  });

  it('holds in the seeded history of every planned run and the long log: progress moves once per iteration', () => {
    for (const [i, plan] of TASK_PLANS.entries()) {
      const run = runForPlan(plan, `task${i}`, 'http://127.0.0.1:1', DEFAULT_SEED);
      const byIter = new Map<number, string[]>();
      for (const e of taskHistory(plan, run, Date.UTC(2026, 0, 1), 20_000)) {
        if (e.type !== 'log') continue;
        const msg = e.msg.replace(/^#\d+ /, '');
        byIter.set(e.iter ?? 0, [...(byIter.get(e.iter ?? 0) ?? []), msg]);
      }
      for (const [iter, msgs] of byIter) {
        expect(repeatedOnceLines(msgs), `${plan.name} at ${iter}`).toEqual([]);
        for (const m of msgs.filter((msg) => msg.startsWith('\r'))) {
          const updates = [...m.matchAll(/\| (\d+)\/(\d+) \[/g)];
          expect(
            updates.map((u) => Number(u[1])),
            `${plan.name} at ${iter}`,
          ).toEqual([(iter % run.itersPerEpoch) + 1]);
        }
      }
    }
  });

  it("prints the evaluation block only at a validation step, with that step's scalars", () => {
    for (let iter = 0; iter < 200; iter += 1) {
      const c = ctx(iter);
      const evaluation = evaluationAt(shape, iter);
      const full = iter % shape.valEvery === 0 && evaluation !== undefined ? { ...c, evaluation } : c;
      const block = logBurst(createRng(iter), full, 3, { multilineChance: 1, errorChance: 0 }).find((l) =>
        l.msg.includes('\n'),
      );
      if (iter % shape.valEvery !== 0) {
        expect(block?.msg, `iteration ${iter}`).not.toMatch(/^Evaluation/);
        continue;
      }
      expect(block?.msg).toMatch(new RegExp(`^Evaluation at step ${iter} \\(10000 validation examples\\):`));
      for (const name of ['accuracy', 'precision', 'recall', 'f1']) {
        const value = c.scalars.find((p) => p.metric === name && p.variant === 'val')?.value ?? NaN;
        expect(block?.msg).toContain(`  ${name.padEnd(10)} ${value.toFixed(4)}`);
      }
    }
  });
});

describe('single lines', () => {
  it('never contain a newline', () => {
    const rng = createRng(4);
    for (let i = 0; i < 2000; i += 1) expect(singleLine(rng, ctx(i % 300)).msg).not.toContain('\n');
  });

  it('print metric lines with the values of the iteration', () => {
    const rng = createRng(5);
    const c = ctx(120);
    const loss = c.scalars.find((p) => p.metric === 'loss' && p.variant === 'train')?.value ?? NaN;
    const metricLines = Array.from({ length: 300 }, () => singleLine(rng, c).msg).filter((m) =>
      m.startsWith('step 120 |'),
    );
    expect(metricLines.length).toBeGreaterThan(0);
    expect(metricLines[0]).toContain(`loss/train ${loss.toFixed(4)}`);
  });
});

describe('progress', () => {
  it('draws a tqdm-like status', () => {
    expect(progressStatus('Epoch 3', 450, 1000, 5, 'loss=0.532')).toBe(
      `Epoch 3:  45%|${'█'.repeat(9)}${' '.repeat(11)}| 450/1000 [01:30<01:50, 5.00it/s, loss=0.532]`,
    );
  });

  it("moves once per iteration: one update, after a carriage return, at the iteration's place", () => {
    const line = progressLine(createRng(6), ctx(30));
    expect(line.split('\r')).toEqual(['', expect.stringContaining(' 6/25 [')]);
    expect(line).toMatch(/^\rEpoch 2: /);
  });
});

describe('tracebacks and run phases', () => {
  it('formats a traceback with frames and a final exception line', () => {
    const lines = tracebackMessage(createRng(7)).split('\n');
    expect(lines[0]).toBe('Traceback (most recent call last):');
    expect(lines[1]).toMatch(/^ {2}File ".+", line \d+, in \S+$/);
    expect(lines.at(-1)).toMatch(/^[\w.]+(Error|Exception): /);
  });

  it('starts with a banner including a multi-line environment block and ends crashes with a traceback', () => {
    const start = startupLines(createRng(8), ctx(0));
    expect(start.some((l) => l.msg.startsWith('Environment:\n'))).toBe(true);
    const crash = crashLines(ctx(140), 'oom');
    expect(crash[0]?.level).toBe('error');
    expect(crash[0]?.msg).toContain('Traceback');
  });
});
