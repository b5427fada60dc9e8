import { describe, expect, it } from 'vitest';
import { compareSeries, isMonitorMetric, shortenNames, withoutMonitorPrefix } from '../../src/text/series-names.js';
import { displayWidth } from '../../src/text/width.js';

describe('shortenNames', () => {
  it('keeps names that fit whole', () => {
    expect(shortenNames(['loss › train', 'acc'], 20)).toEqual(['loss › train', 'acc']);
  });

  it('keeps the differing end of names that share their start, and they stay distinct', () => {
    const names = [
      'machine › memory_used_gb',
      'machine › memory_free_gb',
      'machine › network_rx_mbs',
      'machine › network_tx_mbs',
    ];
    const shown = shortenNames(names, 16);
    expect(new Set(shown).size).toBe(4);
    for (const s of shown) expect(displayWidth(s)).toBeLessThanOrEqual(16);
    expect(shown[0]).toMatch(/used_gb$/);
    expect(shown[1]).toMatch(/free_gb$/);
    expect(shown[2]).toMatch(/rx_mbs$/);
    expect(shown[3]).toMatch(/tx_mbs$/);
    expect(shown[0]).toMatch(/^machine/);
  });

  it('cuts a name that shares nothing at its end, and uses the whole width it has', () => {
    expect(shortenNames(['a_rather_long_metric_name', 'zeta'], 10)).toEqual(['a_rather_…', 'zeta']);
  });

  it('falls back to the last columns when names are equal once cut', () => {
    const shown = shortenNames(['p › aaaaaaaaaaaa_x_end', 'p › aaaaaaaaaaaa_y_end'], 8);
    expect(shown[0]).not.toBe(shown[1]);
    for (const s of shown) expect(displayWidth(s)).toBeLessThanOrEqual(8);
  });

  it('never returns wider names than asked, wide characters included', () => {
    const shown = shortenNames(['指标 › 训练损失值', '指标 › 验证损失值'], 9);
    for (const s of shown) expect(displayWidth(s)).toBeLessThanOrEqual(9);
    expect(shown[0]).not.toBe(shown[1]);
  });
});

describe('monitor series', () => {
  it('sorts the user series first and the :monitor: ones after them', () => {
    const sorted = [
      { metric: ':monitor:machine', variant: 'cpu' },
      { metric: 'loss', variant: 'val' },
      { metric: ':monitor:gpu', variant: 'util' },
      { metric: 'acc', variant: 'top1' },
      { metric: 'loss', variant: 'train' },
    ].sort(compareSeries);
    expect(sorted.map((s) => `${s.metric}/${s.variant}`)).toEqual([
      'acc/top1',
      'loss/train',
      'loss/val',
      ':monitor:gpu/util',
      ':monitor:machine/cpu',
    ]);
  });

  it('knows the prefix and drops it for display', () => {
    expect(isMonitorMetric(':monitor:gpu')).toBe(true);
    expect(isMonitorMetric('monitor')).toBe(false);
    expect(withoutMonitorPrefix(':monitor:machine')).toBe('machine');
    expect(withoutMonitorPrefix('loss')).toBe('loss');
  });
});
