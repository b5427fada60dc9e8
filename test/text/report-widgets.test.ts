import { describe, expect, it } from 'vitest';
import { isWidgetUrl, parseWidgetUrl } from '../../src/text/report-widgets.js';
import type { KnownReportWidget, ReportWidget } from '../../src/text/report-widgets.js';

const TASK = '79bc628903a3423a83d13013e2c4b9ab';
const OTHER = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';

function known(widget: ReportWidget): KnownReportWidget {
  if (widget.kind === 'unknown') throw new Error(`expected a known widget, got: ${widget.reason}`);
  return widget;
}

describe('parseWidgetUrl', () => {
  it('turns a scalar widget into a scalar_metrics_iter_histogram request for its tasks', () => {
    const url = `https://app.clear.ml/widgets/?objectType=task&xaxis=iter&type=scalar&metrics=loss&variants=train&project=*&tasks=${TASK}`;
    const widget = known(parseWidgetUrl(url));
    expect(widget.kind).toBe('scalar');
    expect(widget.url).toBe(url);
    expect(widget.request).toEqual({
      id: [TASK],
      scalar_metrics_iter_histogram: { key: 'iter', metrics: [{ metric: 'loss', variants: ['train'] }] },
    });
    expect(widget.title).toContain('loss');
    expect(widget.title).toContain('train');
  });

  it('reads the objects parameter the web app writes, repeated for several tasks', () => {
    const widget = known(
      parseWidgetUrl(
        `https://app.clear.ml/widgets/?type=scalar&objectType=task&objects=${TASK}&objects=${OTHER}&xaxis=iter&metrics=encoder&variants=loss&variants=val_loss`,
      ),
    );
    expect(widget.request.id).toEqual([TASK, OTHER]);
    expect(widget.request.scalar_metrics_iter_histogram?.metrics).toEqual([
      { metric: 'encoder', variants: ['loss', 'val_loss'] },
    ]);
  });

  it('asks for every variant when the URL names none, and for every metric when it names none', () => {
    const one = known(parseWidgetUrl(`https://app.clear.ml/widgets/?type=plot&objects=${TASK}&metrics=confusion`));
    expect(one.request.plots).toEqual({ iters: 1, metrics: [{ metric: 'confusion' }] });
    const all = known(parseWidgetUrl(`https://app.clear.ml/widgets/?type=plot&objects=${TASK}`));
    expect(all.request.plots).toEqual({ iters: 1 });
  });

  it('builds the plot, sample and single-value sections the way the web app does', () => {
    const plot = known(parseWidgetUrl(`https://h/widgets/?type=plot&objects=${TASK}&metrics=m&variants=v`));
    expect(plot.kind).toBe('plot');
    expect(plot.request.plots).toEqual({ iters: 1, metrics: [{ metric: 'm', variants: ['v'] }] });

    const sample = known(
      parseWidgetUrl(
        `https://h/widgets/?type=sample&objectType=task&objects=${TASK}&xaxis=iter&metrics=images&variants=Plot%20as%20an%20image`,
      ),
    );
    expect(sample.kind).toBe('sample');
    expect(sample.request.debug_images).toEqual({
      iters: 1,
      metrics: [{ metric: 'images', variants: ['Plot as an image'] }],
    });

    const single = known(parseWidgetUrl(`https://h/widgets/?type=single&objects=${TASK}`));
    expect(single.kind).toBe('single');
    expect(single.request.single_value_metrics).toEqual({});
    expect(single.request.plots).toBeUndefined();
  });

  it('uses model events when the objects are models', () => {
    const byType = known(parseWidgetUrl(`https://h/widgets/?type=scalar&objectType=model&objects=${TASK}`));
    expect(byType.request.model_events).toBe(true);
    const byParam = known(parseWidgetUrl(`https://h/widgets/?type=plot&models=${OTHER}`));
    expect(byParam.request.model_events).toBe(true);
    expect(byParam.request.id).toEqual([OTHER]);
    const tasks = known(parseWidgetUrl(`https://h/widgets/?type=plot&objectType=task&objects=${TASK}`));
    expect(tasks.request.model_events).toBeUndefined();
  });

  it('turns a dynamic query into task filters, ordering and paging', () => {
    const widget = known(
      parseWidgetUrl(
        'https://app.clear.ml/widgets/?objectType=task&xaxis=iter&type=scalar&metrics=training&variants=accuracy' +
          '&project=4043a1657f374e9298649c6ba72ad233&page_size=5&page=0&order_by[]=-last_update&tags[]=__$or,best,candidate' +
          '&status[]=completed,published&include_subprojects=true',
      ),
    );
    expect(widget.request).toMatchObject({
      project: ['4043a1657f374e9298649c6ba72ad233'],
      page_size: 5,
      page: 0,
      order_by: ['-last_update'],
      tags: ['__$or', 'best', 'candidate'],
      status: ['completed', 'published'],
      include_subprojects: true,
    });
    expect(widget.request.id).toBeUndefined();
  });

  it('never sends the widget type as a task type filter', () => {
    const widget = known(parseWidgetUrl(`https://h/widgets/?type=scalar&objects=${TASK}`));
    expect(widget.request).not.toHaveProperty('type');
  });

  it('ignores paging values that are not whole numbers', () => {
    const widget = known(parseWidgetUrl(`https://h/widgets/?type=scalar&objects=${TASK}&page_size=-3&page=abc&size=0`));
    expect(widget.request.page_size).toBeUndefined();
    expect(widget.request.page).toBeUndefined();
    expect(widget.request.size).toBeUndefined();
  });

  it('takes the x axis from xaxis and falls back to iterations', () => {
    expect(
      known(parseWidgetUrl(`https://h/widgets/?type=scalar&objects=${TASK}&xaxis=timestamp`)).request
        .scalar_metrics_iter_histogram?.key,
    ).toBe('timestamp');
    expect(known(parseWidgetUrl(`https://h/widgets/?type=scalar&objects=${TASK}&xaxis=iso_time`)).xaxis).toBe(
      'iso_time',
    );
    expect(known(parseWidgetUrl(`https://h/widgets/?type=scalar&objects=${TASK}&xaxis=banana`)).xaxis).toBe('iter');
  });

  it('keeps the workspace id of the hosted service', () => {
    const widget = known(parseWidgetUrl(`https://app.clear.ml/widgets/?type=scalar&objects=${TASK}&company=ws42`));
    expect(widget.company).toBe('ws42');
  });

  it('accepts a relative widget path as written in a self-hosted report', () => {
    const widget = known(parseWidgetUrl(`/widgets/?type=scalar&objects=${TASK}&metrics=loss`));
    expect(widget.request.id).toEqual([TASK]);
  });

  it('reports foreign URLs as unknown and keeps the URL', () => {
    for (const url of [
      'https://www.youtube.com/embed/abc',
      'https://app.clear.ml/projects/*/experiments/abc?type=scalar',
      'javascript:alert(1)//widgets/',
      'http://[broken',
      '',
    ]) {
      const widget = parseWidgetUrl(url);
      expect(widget.kind).toBe('unknown');
      expect(widget.url).toBe(url);
      if (widget.kind === 'unknown') expect(widget.reason.length).toBeGreaterThan(0);
    }
  });

  it('reports widget types it cannot draw as unknown, naming the type', () => {
    const widget = parseWidgetUrl(
      `https://h/widgets/?type=parcoords&objects=${TASK}&metrics=abc.def&variants=General.lr`,
    );
    expect(widget.kind).toBe('unknown');
    if (widget.kind === 'unknown') expect(widget.reason).toContain('parcoords');
    expect(parseWidgetUrl(`https://h/widgets/?objects=${TASK}`).kind).toBe('unknown');
  });

  it('refuses a widget that selects no task, rather than asking for every task', () => {
    const widget = parseWidgetUrl(
      'https://h/widgets/?type=scalar&metrics=loss&project=*&order_by[]=-last_update&page_size=1',
    );
    expect(widget.kind).toBe('unknown');
  });

  it('does not throw on values that are not strings', () => {
    expect(parseWidgetUrl(undefined as unknown as string).kind).toBe('unknown');
    expect(parseWidgetUrl(42 as unknown as string).kind).toBe('unknown');
  });
});

describe('isWidgetUrl', () => {
  it('recognises the widgets page whatever its parameters', () => {
    expect(isWidgetUrl('https://app.clear.ml/widgets/?type=parcoords')).toBe(true);
    expect(isWidgetUrl('http://localhost:8080/widgets?type=scalar')).toBe(true);
    expect(isWidgetUrl('https://example.com/docs/widgets-guide')).toBe(false);
    expect(isWidgetUrl('ftp://h/widgets/')).toBe(false);
  });
});
