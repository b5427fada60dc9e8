// The event sections of reports.get_task_data (docs/wire-facts.md §9.5), for tasks the core selected.
import type { ReportsGetTaskDataRequest, ReportsGetTaskDataResponse } from '../../../wire/reports.js';
import type { RequestContext } from '../../handlers/handler-types.js';
import { requestShape, v, validate } from '../../http/validate.js';
import { histogramRules, multiOwnerHistogram } from './histogram.js';
import { firstDebugImagePages } from './iteration-paging.js';
import { metricsFilterRule } from './metrics-filter.js';
import { loadOwners, type Owner } from '../storage/owners.js';
import { plotsTree, selectPlots } from './plots.js';
import { MULTI_TASK_PLOTS_PAGE } from '../storage/limits.js';
import { singleValues } from './scalar-reads.js';

/** The event sections of the request. */
const sectionRules = requestShape<
  Pick<
    ReportsGetTaskDataRequest,
    'debug_images' | 'plots' | 'scalar_metrics_iter_histogram' | 'single_value_metrics' | 'model_events'
  >
>()({
  debug_images: v.obj({ iters: v.int({ min: 1 }).default(1), metrics: metricsFilterRule.opt() }).opt(),
  plots: v
    .obj({
      iters: v.int({ min: 1 }).default(1),
      last_iters_per_task_metric: v.bool().default(true),
      metrics: metricsFilterRule.opt(),
    })
    .opt(),
  scalar_metrics_iter_histogram: v.obj(histogramRules).opt(),
  single_value_metrics: v.anyObj<Record<string, never>>().opt(),
  model_events: v.bool().default(false),
});

/**
 * Only the sections whose key is in the request (an empty object counts). `tasks` are tasks
 * (models with `model_events`) the caller may read, in answer order.
 */
export function buildTaskDataSections(
  ctx: RequestContext,
  tasks: { id: string; name: string }[],
  req: ReportsGetTaskDataRequest,
): Partial<ReportsGetTaskDataResponse> {
  const q = validate(req, sectionRules);
  const model = q.model_events;
  const rows = loadOwners(
    ctx,
    tasks.map((t) => t.id),
    model,
  );
  const owners: Owner[] = tasks.map((t) => {
    const row = rows.get(t.id);
    if (!row)
      return {
        id: t.id,
        name: t.name,
        company: '',
        status: undefined,
        locked: false,
        last_metrics: '{}',
        metric_stats: '{}',
      };
    return { ...row, name: t.name || row.name };
  });
  const out: Partial<ReportsGetTaskDataResponse> = {};
  if (q.debug_images)
    out.debug_images = firstDebugImagePages(ctx.db, owners, q.debug_images.iters, q.debug_images.metrics);
  if (q.plots) {
    const selected = selectPlots(ctx.db, owners, q.plots.iters, q.plots.last_iters_per_task_metric, q.plots.metrics);
    out.plots = plotsTree(selected.slice(0, MULTI_TASK_PLOTS_PAGE), q.plots.iters);
  }
  if (q.scalar_metrics_iter_histogram) {
    const h = q.scalar_metrics_iter_histogram;
    out.scalar_metrics_iter_histogram = multiOwnerHistogram(ctx, owners, h, h.metrics);
  }
  if (q.single_value_metrics) out.single_value_metrics = singleValues(ctx.db, owners, undefined);
  return out;
}
