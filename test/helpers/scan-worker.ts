// The log-scan worker as `npm run build` emits it. Node starts workers from JavaScript only, so
// tests of the thread scanner run dist/store/logs/log-scan-worker.js (npm test builds first).
import { existsSync } from 'node:fs';

export function builtScanWorker(): URL {
  const url = new URL('../../dist/store/logs/log-scan-worker.js', import.meta.url);
  if (!existsSync(url)) throw new Error('dist/ is missing: run `npm run build` first (npm test does)');
  return url;
}
