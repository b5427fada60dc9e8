// A real node:http server in front of the embedded server that answers `events.get_task_log`
// from a log held in memory by the rule real ClearML servers follow (docs/wire-facts.md §6.4):
// up to batch_size events away from `from_timestamp` (exclusive), then every other event with
// the same timestamp as the last one taken, so one page can hold any number of events. Every
// other call is passed on unchanged. It records the log requests it answered.
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LogEvent {
  timestamp: number;
  msg: string;
}

export interface LogPagesServer {
  url: string;
  /** The log, oldest first. */
  log: LogEvent[];
  requests: { batch_size?: number; from_timestamp?: number; navigate_earlier?: boolean }[];
  close(): Promise<void>;
}

interface LogRequest {
  task?: string;
  batch_size?: number;
  from_timestamp?: number;
  navigate_earlier?: boolean;
}

function page(log: readonly LogEvent[], req: LogRequest): LogEvent[] {
  const earlier = req.navigate_earlier !== false;
  const from = req.from_timestamp;
  const candidates = earlier
    ? log.filter((e) => !from || e.timestamp < from).reverse()
    : log.filter((e) => !from || e.timestamp > from);
  const batch = req.batch_size ?? 5000;
  const taken = candidates.slice(0, batch);
  const last = taken.at(-1);
  if (last) for (const e of candidates.slice(batch)) if (e.timestamp === last.timestamp) taken.push(e);
  return taken;
}

export async function startLogPages(target: string): Promise<LogPagesServer> {
  const to = new URL(target);
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      if ((req.url ?? '').endsWith('/events.get_task_log')) {
        const asked = JSON.parse(body.toString('utf8') || '{}') as LogRequest;
        pages.requests.push({
          batch_size: asked.batch_size,
          from_timestamp: asked.from_timestamp,
          navigate_earlier: asked.navigate_earlier,
        });
        const events = page(pages.log, asked).map((e) => ({
          type: 'log',
          task: asked.task,
          timestamp: e.timestamp,
          level: 'info',
          worker: 'w',
          msg: e.msg,
        }));
        const envelope = {
          meta: { endpoint: { name: 'events.get_task_log' }, result_code: 200, result_subcode: 0, result_msg: 'OK' },
          data: { events, returned: events.length, total: Math.min(10_000, pages.log.length) },
        };
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(envelope));
        return;
      }
      const out = request(
        { host: to.hostname, port: to.port, method: req.method, path: req.url, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      out.on('error', () => res.destroy());
      out.end(body);
    });
  });
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const pages: LogPagesServer = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    log: [],
    requests: [],
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return pages;
}
