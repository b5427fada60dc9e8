// The log-scan worker's entry (started by log-scan-thread.ts): one scan with its own client,
// progress after every page, then the result or the error. The monitor ends the worker to
// stop the scan, which also frees everything the scan held.
import { parentPort, workerData } from 'node:worker_threads';
import { createClient } from '../../api/client.js';
import { compileLogQuery } from '../../text/log-query.js';
import { scanLog } from './scan.js';
import { errorToWire, type ScanJob, type WorkerMessage } from './scan-messages.js';

const port = parentPort;
if (port === null) throw new Error('log-scan-worker.js runs as a worker thread (log-scan-thread.ts starts it)');
const post = (message: WorkerMessage) => port.postMessage(message);

const { client: clientOptions, query: source, ...job } = workerData as ScanJob;
const client = createClient(clientOptions);
try {
  const query = compileLogQuery(source);
  if (!query.ok) throw new Error(`search "${source}": ${query.error}`);
  const result = await scanLog(client, {
    ...job,
    query,
    signal: new AbortController().signal,
    onPage: (scanned, pages) => post({ type: 'page', scanned, pages }),
  });
  post({ type: 'done', result });
} catch (err) {
  post({ type: 'failed', error: errorToWire(err) });
} finally {
  await client.close();
}
