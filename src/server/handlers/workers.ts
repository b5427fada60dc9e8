// workers.*: clearml-agent registers, reports every 30 s (machine stats, the task it runs) and
// unregisters; the cluster view lists workers and charts their stats. Rules and answers of real
// servers; storage in src/server/db/worker-store.ts.
import { handler, type ServedHandlersOf } from './handler.js';
import { ERRORS } from '../../wire/errors.js';
import {
  STAT_AGGREGATIONS,
  type MachineStats,
  type WorkerRequest,
  type WorkersGetActivityReportRequest,
  type WorkersGetActivityReportResponse,
  type WorkersGetAllRequest,
  type WorkersGetAllResponse,
  type WorkersGetRuntimePropertiesResponse,
  type WorkersGetStatsRequest,
  type WorkersGetStatsResponse,
  type WorkersRegisterRequest,
  type WorkersSetRuntimePropertiesRequest,
  type WorkersSetRuntimePropertiesResponse,
  type WorkersStatusReportRequest,
} from '../../wire/cluster.js';
import { parseList } from '../db/entities.js';
import { ServerError } from '../http/errors.js';
import { requireQueue } from '../db/queue-store.js';
import { requireTask } from '../db/task-store.js';
import {
  activityReport,
  DEFAULT_WORKER_TIMEOUT_S,
  liveWorkers,
  registerWorker,
  reportStatus,
  setWorkerProperties,
  unregisterWorker,
  workerProperties,
  workersToJson,
  workerStats,
} from '../db/worker-store.js';
import { requestShape, TAG_RULES, v } from '../http/validate.js';

/** A worker id: the agent's `<host>:<n>` or a name given with --worker-id. */
const workerRule = () => v.str({ minLength: 1, maxLength: 500 });

const register = handler(
  requestShape<WorkersRegisterRequest>()({
    worker: workerRule(),
    timeout: v.int().default(DEFAULT_WORKER_TIMEOUT_S),
    queues: v.list(v.str()).opt(),
    ...TAG_RULES,
  }),
  (req, ctx) => {
    if (req.timeout <= 0)
      throw new ServerError(ERRORS.workerRegistrationFailed, 'invalid timeout', {
        timeout: req.timeout,
        worker: req.worker,
      });
    const queues = [...new Set(req.queues ?? [])];
    for (const id of queues) requireQueue(ctx, id);
    registerWorker(ctx, {
      worker: req.worker,
      timeoutS: req.timeout,
      queues,
      tags: req.tags,
      systemTags: req.system_tags,
    });
    return {};
  },
);

const WORKER_SHAPE = requestShape<WorkerRequest>()({ worker: workerRule() });

const unregister = handler(WORKER_SHAPE, (req, ctx) => {
  unregisterWorker(ctx, req.worker);
  return {};
});

const numbers = () => v.list(v.num()).opt();
const MACHINE_STATS = v.obj({
  cpu_usage: numbers(),
  cpu_temperature: numbers(),
  gpu_usage: numbers(),
  gpu_temperature: numbers(),
  gpu_memory_free: numbers(),
  gpu_memory_used: numbers(),
  memory_used: v.num().opt(),
  memory_free: v.num().opt(),
  disk_free_home: v.num().opt(),
  disk_free_temp: v.num().opt(),
  disk_read: v.num().opt(),
  disk_write: v.num().opt(),
  network_rx: v.num().opt(),
  network_tx: v.num().opt(),
});

const statusReport = handler(
  requestShape<WorkersStatusReportRequest>()({
    worker: workerRule(),
    timestamp: v.num(),
    machine_stats: MACHINE_STATS.opt(),
    task: v.str().opt(),
    queue: v.str().opt(),
    queues: v.list(v.str()).opt(),
    ...TAG_RULES,
  }),
  (req, ctx) => {
    reportStatus(
      ctx,
      {
        worker: req.worker,
        task: req.task || undefined,
        queue: req.queue || undefined,
        queues: req.queues,
        tags: req.tags,
        machineStats: req.machine_stats as MachineStats | undefined,
      },
      (id) => requireTask(ctx, id),
    );
    return {};
  },
);

const getAll = handler(
  requestShape<WorkersGetAllRequest>()({
    last_seen: v.int({ min: 0 }).opt(),
    ...TAG_RULES,
  }),
  (req, ctx): WorkersGetAllResponse => {
    const want = (have: string, asked: readonly string[] | undefined) =>
      !asked || asked.length === 0 || asked.some((t) => parseList(have).includes(t));
    const rows = liveWorkers(ctx, req.last_seen).filter(
      (w) => want(w.tags, req.tags) && want(w.system_tags, req.system_tags),
    );
    return { workers: workersToJson(ctx, rows) };
  },
);

const CHART_RANGE = { from_date: v.num(), to_date: v.num(), interval: v.int({ min: 1 }) };

const getStats = handler(
  requestShape<WorkersGetStatsRequest>()({
    ...CHART_RANGE,
    worker_ids: v.list(v.str()).opt(),
    items: v.list(v.obj({ key: v.str({ minLength: 1 }), aggregation: v.oneOf(STAT_AGGREGATIONS) }), {
      minItems: 1,
      maxItems: 100,
    }),
    split_by_variant: v.bool().default(false),
  }),
  (req, ctx): WorkersGetStatsResponse => ({
    workers: workerStats(
      ctx,
      {
        fromS: req.from_date,
        toS: req.to_date,
        intervalS: req.interval,
        items: req.items,
        workers: req.worker_ids,
      },
      req.split_by_variant,
    ),
  }),
);

const getActivityReport = handler(
  requestShape<WorkersGetActivityReportRequest>()(CHART_RANGE),
  (req, ctx): WorkersGetActivityReportResponse => {
    const r = activityReport(ctx, req.from_date, req.to_date, req.interval);
    return { total: { dates: r.dates, counts: r.total }, active: { dates: r.dates, counts: r.active } };
  },
);

const setRuntimeProperties = handler(
  requestShape<WorkersSetRuntimePropertiesRequest>()({
    worker: workerRule(),
    runtime_properties: v.list(
      v.obj({ key: v.str({ minLength: 1, maxLength: 200 }), value: v.str(), expiry: v.int({ min: 0 }).opt() }),
    ),
  }),
  (req, ctx): WorkersSetRuntimePropertiesResponse => ({
    ...setWorkerProperties(ctx, req.worker, req.runtime_properties),
    errors: [],
  }),
);

const getRuntimeProperties = handler(WORKER_SHAPE, (req, ctx): WorkersGetRuntimePropertiesResponse => {
  const now = ctx.now();
  return {
    runtime_properties: workerProperties(ctx, req.worker).map((p) =>
      p.expires === null
        ? { key: p.key, value: p.value }
        : { key: p.key, value: p.value, expiry: Math.ceil((p.expires - now) / 1000) },
    ),
  };
});

export const workersHandlers: ServedHandlersOf<
  | 'workers.register'
  | 'workers.unregister'
  | 'workers.status_report'
  | 'workers.get_all'
  | 'workers.get_stats'
  | 'workers.get_activity_report'
  | 'workers.set_runtime_properties'
  | 'workers.get_runtime_properties'
> = {
  'workers.register': register,
  'workers.unregister': unregister,
  'workers.status_report': statusReport,
  'workers.get_all': getAll,
  'workers.get_stats': getStats,
  'workers.get_activity_report': getActivityReport,
  'workers.set_runtime_properties': setRuntimeProperties,
  'workers.get_runtime_properties': getRuntimeProperties,
};
