import { describe, expect, it } from 'vitest';
import { REPORT_PLANS, REPORT_TASK_KEYS } from '../../src/demo/plan.js';
import {
  iframe,
  plotWidgetUrl,
  scalarWidgetUrl,
  singleValueWidgetUrl,
  type ReportBodyContext,
} from '../../src/demo/report-bodies.js';
import type { RunFacts } from '../../src/demo/report-facts.js';
import { parseWidgetUrl } from '../../src/text/report-widgets.js';

const base = 'http://127.0.0.1:8123';
const facts = (name: string, step: number): RunFacts => ({
  name,
  step,
  valStep: step - (step % 5),
  accuracy: 0.8812,
  f1: 0.8791,
  hours: 3.25,
  gpus: 4,
  args: {
    lr: '0.4',
    batch_size: '512',
    epochs: '12',
    warmup_iterations: '15',
    momentum: '0.9',
    label_smoothing: '0.1',
  },
});
const ctx: ReportBodyContext = {
  baseUrl: base,
  facts: Object.fromEntries(
    REPORT_TASK_KEYS.map((k, i) => [k, facts(`run-${k}`, 100 + i)]),
  ) as ReportBodyContext['facts'],
  bigLogLines: 50_000,
  tasks: {
    visionBaseline: 'b'.repeat(32),
    visionLive: 'c'.repeat(32),
    visionFailed: 'd'.repeat(32),
    visionAborted: 'e'.repeat(32),
    visionLong: 'f'.repeat(32),
    nlpLive: '1'.repeat(32),
    nlpCompleted: '2'.repeat(32),
    nlpFailed: '3'.repeat(32),
    rlLive: '4'.repeat(32),
  },
};

describe('widget URLs', () => {
  it('builds the scalar widget URL the web app uses', () => {
    expect(scalarWidgetUrl(base, { tasks: ['t1'], metrics: ['loss'], variants: ['train'] })).toBe(
      `${base}/widgets/?objectType=task&xaxis=iter&type=scalar&metrics=loss&variants=train&tasks=t1`,
    );
  });

  it("produces URLs the monitor's widget parser turns into task-data requests", () => {
    const scalar = parseWidgetUrl(
      scalarWidgetUrl(base, { tasks: ['t1', 't2'], metrics: ['loss'], variants: ['train', 'val'] }),
    );
    expect(scalar.kind).toBe('scalar');
    if (scalar.kind !== 'unknown') {
      expect(scalar.request.id).toEqual(['t1', 't2']);
      expect(scalar.request.scalar_metrics_iter_histogram).toEqual({
        key: 'iter',
        metrics: [{ metric: 'loss', variants: ['train', 'val'] }],
      });
    }
    const single = parseWidgetUrl(singleValueWidgetUrl(base, ['t3']));
    expect(single.kind).toBe('single');
    const plot = parseWidgetUrl(plotWidgetUrl(base, 't4', 'confusion matrix', 'val'));
    expect(plot.kind).toBe('plot');
    if (plot.kind !== 'unknown')
      expect(plot.request.plots?.metrics).toEqual([{ metric: 'confusion matrix', variants: ['val'] }]);
  });

  it('embeds widgets as iframes', () => {
    expect(iframe('http://x/widgets/?a=1&b=2', 300)).toBe(
      '<iframe src="http://x/widgets/?a=1&b=2" width="100%" height="300"></iframe>',
    );
  });
});

describe('report bodies', () => {
  const bodies = REPORT_PLANS.map((p) => p.body(ctx));
  const all = bodies.join('\n');

  it('use headings, lists, code blocks, a table, emphasis and links', () => {
    expect(bodies.every((b) => /^# \S/m.test(b))).toBe(true);
    expect(all).toMatch(/^## \S/m);
    expect(all).toMatch(/^- \S/m);
    expect(all).toMatch(/^1\. \S/m);
    expect(all).toMatch(/^```(bash|python|text)$/m);
    expect(all).toMatch(/^\|---/m);
    expect(all).toMatch(/\*\*[^*]+\*\*/);
    expect(all).toMatch(/(^|[^*])\*[^*\s][^*]*\*/m);
    expect(all).toMatch(/\[[^\]]+\]\(https?:\/\/[^)]+\)/);
  });

  it('embed scalar and single-value widgets that name seeded tasks', () => {
    const srcs = [...all.matchAll(/<iframe src="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(srcs.length).toBeGreaterThanOrEqual(REPORT_PLANS.length);
    const widgets = srcs.map((s) => parseWidgetUrl(s));
    expect(widgets.every((w) => w.kind !== 'unknown')).toBe(true);
    expect(srcs).toContain(
      `${base}/widgets/?objectType=task&xaxis=iter&type=scalar&metrics=loss&variants=train&tasks=${ctx.tasks.visionBaseline}`,
    );
    expect(widgets.some((w) => w.kind === 'single')).toBe(true);
    const ids = new Set(Object.values(ctx.tasks));
    for (const w of widgets)
      if (w.kind !== 'unknown') for (const id of w.request.id ?? []) expect(ids.has(id)).toBe(true);
  });
});
