// src/api/transport.ts takes `Pool` and `buildConnector` from undici, whose index also loads
// fetch, WebSocket, mocks, caches and HTTP/2: about half of undici's code and a good part of
// the monitor's start-up. The bundle takes those two from undici's own files instead, wired as
// undici's index wires them (the request API lives on Dispatcher.prototype). Its HTTP/2 client
// is left out too: loading it loads node:http2 (about 8 ms of start-up), and it only runs for a
// connection that negotiated h2, which needs `allowH2` or `useH2c`, options src/api never sets.
// tsc and the tests keep the full package; the CLI tests and end-to-end tests run their
// requests through this. A bundle-only edit: scripts/dependency-edits.mjs lists it with the
// undici version it was written for.
import { join } from 'node:path';

/** The esbuild plugin, for a project at `root`. */
export function undiciPoolOnly(root) {
  return {
    name: 'undici-pool-only',
    setup(b) {
      b.onResolve({ filter: /^undici$/ }, (args) =>
        args.importer.startsWith(join(root, 'src')) ? { path: 'undici', namespace: 'undici-pool-only' } : undefined,
      );
      b.onResolve({ filter: /^\.\/client-h2\.js$/ }, (args) =>
        /[\\/]undici[\\/]lib[\\/]dispatcher$/.test(args.resolveDir)
          ? { path: 'client-h2', namespace: 'no-h2' }
          : undefined,
      );
      b.onLoad({ filter: /.*/, namespace: 'no-h2' }, () => ({
        loader: 'js',
        contents: "module.exports = function connectH2() { throw new Error('HTTP/2 is not in the tracktop bundle'); };",
      }));
      b.onLoad({ filter: /.*/, namespace: 'undici-pool-only' }, () => ({
        resolveDir: join(root, 'node_modules', 'undici'),
        loader: 'js',
        contents: [
          "import Dispatcher from './lib/dispatcher/dispatcher.js';",
          "import api from './lib/api/index.js';",
          "import Pool from './lib/dispatcher/pool.js';",
          "import buildConnector from './lib/core/connect.js';",
          'Object.assign(Dispatcher.prototype, api);',
          'export { Pool, buildConnector };',
        ].join('\n'),
      }));
    },
  };
}
