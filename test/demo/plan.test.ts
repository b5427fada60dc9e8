import { describe, expect, it } from 'vitest';
import { DEMO_STATUSES, REPORT_PLANS, REPORT_TASK_KEYS, TASK_PLANS } from '../../src/demo/plan.js';

describe('demo plan', () => {
  it('has tasks in every status and exactly three running tasks in three projects', () => {
    expect(new Set(TASK_PLANS.map((t) => t.status))).toEqual(new Set(DEMO_STATUSES));
    const running = TASK_PLANS.filter((t) => t.status === 'in_progress');
    expect(running).toHaveLength(3);
    expect(new Set(running.map((t) => t.project)).size).toBe(3);
    expect(running.every((t) => t.endedAgoMs === 0)).toBe(true);
  });

  it('has exactly one task with the long log, and unique task keys', () => {
    expect(TASK_PLANS.filter((t) => t.bigLog === true)).toHaveLength(1);
    expect(new Set(TASK_PLANS.map((t) => t.key)).size).toBe(TASK_PLANS.length);
  });

  it('names a planned task for every task the reports refer to', () => {
    const keys = new Set(TASK_PLANS.map((t) => t.key));
    for (const key of REPORT_TASK_KEYS) expect(keys.has(key)).toBe(true);
  });

  it('has at least six uniquely named reports in two projects, one published and one archived', () => {
    expect(REPORT_PLANS.length).toBeGreaterThanOrEqual(6);
    expect(new Set(REPORT_PLANS.map((r) => r.name)).size).toBe(REPORT_PLANS.length);
    expect(REPORT_PLANS.every((r) => r.name.length >= 3)).toBe(true);
    expect(new Set(REPORT_PLANS.map((r) => r.project)).size).toBe(2);
    expect(REPORT_PLANS.filter((r) => r.publish === true)).toHaveLength(1);
    expect(REPORT_PLANS.filter((r) => r.archive === true)).toHaveLength(1);
    const tags = new Set(REPORT_PLANS.flatMap((r) => r.tags));
    for (const t of ['baseline', 'sota', 'needs-review', 'ablation']) expect(tags.has(t)).toBe(true);
  });
});
