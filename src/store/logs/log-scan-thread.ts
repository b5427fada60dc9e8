// The log search's scan (scan.ts) in a worker thread with a bounded heap. A search through
// millions of lines allocates hundreds of megabytes of page text and buffers; in the monitor's
// own heap that grew V8's young generation to its largest and left the process ~80 MB bigger
// long after the search (bench/log-search.mjs). In a worker, the heap is capped by
// `resourceLimits` and all of it is given back when the worker ends, which it does when the
// scan ends or is stopped (Esc, a new search, another task), its request in flight with it.
import { Worker, type ResourceLimits } from 'node:worker_threads';
import type { LogScanner, LogScanResult } from './scan.js';
import { errorFromWire, type ScanJob, type WorkerClientOptions, type WorkerMessage } from './scan-messages.js';

/**
 * The worker's heap. A young generation of 4 MB scanned as fast as larger ones
 * (bench/log-search.mjs); the old generation holds the worker's code and at most two pages
 * (LOG_SCAN_PAGE_CHARS each, and one page's parse).
 */
export const SCAN_WORKER_LIMITS: ResourceLimits = { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 64 };

export interface ThreadScannerOptions {
  /** The monitor's client settings: the worker makes its own client with them. */
  client: WorkerClientOptions;
  /** The monitor's current token, so that the worker need not log in (undefined: it does). */
  token?: () => Promise<string | undefined>;
  /** The worker's script; default log-scan-worker.js beside this module (in dist/ and in the bundle). */
  workerUrl?: URL;
  resourceLimits?: ResourceLimits;
}

export function threadLogScanner(opts: ThreadScannerOptions): LogScanner {
  const url = opts.workerUrl ?? new URL('./log-scan-worker.js', import.meta.url);
  const limits = opts.resourceLimits ?? SCAN_WORKER_LIMITS;
  return async (req) => {
    const token = await opts.token?.().catch(() => undefined);
    if (req.signal.aborted) return { kind: 'aborted', scanned: 0, pages: 0 };
    const { signal, onPage, query, ...rest } = req;
    const job: ScanJob = {
      ...rest,
      query: query.source,
      client: token === undefined ? opts.client : { ...opts.client, token },
    };
    // stdout/stderr: true keeps anything the worker might print off the monitor's screen.
    const worker = new Worker(url, { workerData: job, resourceLimits: limits, stdout: true, stderr: true });
    worker.stdout.resume();
    worker.stderr.resume();
    // Quitting the monitor never waits for a scan.
    worker.unref();
    let stop = () => {};
    try {
      return await new Promise<LogScanResult>((resolve, reject) => {
        let scanned = 0;
        let pages = 0;
        stop = () => resolve({ kind: 'aborted', scanned, pages });
        signal.addEventListener('abort', stop, { once: true });
        worker.on('message', (message: WorkerMessage) => {
          if (message.type === 'page') {
            scanned = message.scanned;
            pages = message.pages;
            onPage(scanned, pages);
          } else if (message.type === 'done') resolve(message.result);
          else reject(errorFromWire(message.error));
        });
        worker.on('error', (err) => reject(workerFailure(err, limits)));
        // After a result this changes nothing; before one, the worker died without saying why.
        worker.on('exit', (code) => reject(new Error(`the log search stopped: its worker exited (code ${code})`)));
      });
    } finally {
      signal.removeEventListener('abort', stop);
      void worker.terminate();
    }
  };
}

function workerFailure(err: Error, limits: ResourceLimits): Error {
  if ((err as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY')
    return new Error(
      `the log search ran out of its memory (${limits.maxOldGenerationSizeMb ?? '?'} MB) on a page of this log`,
    );
  return new Error(`the log search could not run: ${err.message}`);
}
