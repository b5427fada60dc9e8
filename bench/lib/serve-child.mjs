// The embedded server of a compiled build, in its own process, for bench/lib/hardening.mjs:
// node serve-child.mjs DB DIST ACCESS_KEY SECRET_KEY; sends {url, pid} when listening, stops
// when its parent disconnects.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const [dbPath, dist, accessKey, secretKey] = process.argv.slice(2);
const { startServer } = await import(pathToFileURL(join(dist, 'server', 'index.js')).href);
const server = await startServer({ dbPath, accessKey, secretKey, log: () => undefined });
process.send({ url: server.url, pid: process.pid });
process.on('disconnect', () => void server.close().then(() => process.exit(0)));
