// The bundle's chunk graph (esbuild's metafile, written by scripts/build.mjs): what each
// command loads before it runs. `--version` and `--help` must not pay for Ink, React, undici
// or the server; the monitor must not pay for the server and SQLite.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/demo-process.js';

interface Metafile {
  outputs: Record<
    string,
    {
      entryPoint?: string;
      imports: { path: string; kind: string; external?: boolean }[];
      inputs: Record<string, unknown>;
    }
  >;
}

const meta = JSON.parse(readFileSync(join(ROOT, 'dist', 'bundle', 'meta.json'), 'utf8')) as Metafile;

/** Source files loaded with `start` before any of its code runs (static imports, transitively). */
function staticallyLoaded(start: string): string[] {
  const seen = new Set<string>();
  const visit = (output: string): void => {
    if (seen.has(output)) return;
    seen.add(output);
    for (const imp of meta.outputs[output]!.imports) {
      if (imp.kind === 'import-statement' && !imp.external) visit(imp.path);
    }
  };
  visit(start);
  return [...seen].flatMap((o) => Object.keys(meta.outputs[o]!.inputs));
}

/** The output chunk that holds a source file (node_modules paths may sit behind a symlink). */
function chunkOf(source: string): string {
  const found = Object.entries(meta.outputs).find(([, o]) => Object.keys(o.inputs).some((f) => f.endsWith(source)));
  if (!found) throw new Error(`${source} is in no chunk`);
  return found[0];
}

const entry = Object.entries(meta.outputs).find(([, o]) => o.entryPoint === 'src/cli.ts')![0];

describe('the CLI bundle', () => {
  it('loads no UI, HTTP client or server code before --version and --help answer', () => {
    const loaded = staticallyLoaded(entry);
    expect(loaded).toContain('src/cli.ts');
    expect(loaded).toContain('src/cli/args.ts');
    const heavy = loaded.filter((f) =>
      /node_modules\/(ink|react|undici|yoga-layout)\/|^src\/(ui|store|server|demo)\//.test(f),
    );
    expect(heavy).toEqual([]);
  });

  it('loads the monitor without the server, the demo or SQLite', () => {
    const command = staticallyLoaded(chunkOf('src/cli/monitor.ts'));
    const ui = staticallyLoaded(chunkOf('src/ui/run.tsx'));
    expect(ui.some((f) => f.includes('node_modules/ink/'))).toBe(true);
    expect([...command, ...ui].filter((f) => /^src\/(server|demo)\/|better-sqlite3/.test(f))).toEqual([]);
  });

  it("starts the monitor's store and first requests before Ink, React and the panes load", () => {
    const start = staticallyLoaded(chunkOf('src/ui/monitor-start.ts'));
    expect(start).toContain('src/store/create-monitor-store.ts');
    const ui = start.filter((f) =>
      /node_modules\/(ink|react-reconciler|yoga-layout)\/|^src\/ui\/(App|run)\.tsx$|^src\/ui\/panes\//.test(f),
    );
    expect(ui).toEqual([]);
  });

  it('keeps the pane exporter out of what the monitor loads before its first frame', () => {
    const before = [
      ...staticallyLoaded(chunkOf('src/cli/monitor.ts')),
      ...staticallyLoaded(chunkOf('src/ui/monitor-start.ts')),
      ...staticallyLoaded(chunkOf('src/ui/run.tsx')),
    ];
    expect(before.filter((f) => f.startsWith('src/cli/export/'))).toEqual([]);
    expect(staticallyLoaded(chunkOf('src/cli/export/from-monitor.ts'))).toContain('src/cli/export/from-monitor.ts');
  });

  it('leaves the image decoders, RE2 and marked to the first image, filter and report body', () => {
    const before = [
      ...staticallyLoaded(chunkOf('src/cli/monitor.ts')),
      ...staticallyLoaded(chunkOf('src/ui/monitor-start.ts')),
      ...staticallyLoaded(chunkOf('src/ui/run.tsx')),
    ];
    expect(before).toContain('src/store/detail/image-view.ts');
    expect(before).toContain('src/wire/pattern.ts');
    expect(
      before.filter((f) =>
        /node_modules\/(pngjs|jpeg-js|re2js|marked)\/|^src\/text\/(image-decode|markdown\/render)\.ts$/.test(f),
      ),
    ).toEqual([]);
    expect(staticallyLoaded(chunkOf('src/text/image-decode.ts')).some((f) => f.includes('node_modules/pngjs/'))).toBe(
      true,
    );
    expect(
      staticallyLoaded(chunkOf('src/text/markdown/render.ts')).some((f) => f.includes('node_modules/marked/')),
    ).toBe(true);
  });

  it("ships the log search's worker beside the chunk that starts it, loaded on the first search only", () => {
    const worker = Object.entries(meta.outputs).find(([, o]) => o.entryPoint === 'src/store/logs/log-scan-worker.ts');
    expect(worker?.[0]).toBe('dist/bundle/log-scan-worker.js');
    // log-scan-thread.ts starts `./log-scan-worker.js` from its own chunk's URL.
    expect(chunkOf('src/store/logs/log-scan-thread.ts')).toMatch(/^dist\/bundle\/[^/]+\.js$/);
    const loaded = staticallyLoaded(worker![0]);
    expect(loaded).toContain('src/store/logs/scan.ts');
    expect(loaded.filter((f) => /node_modules\/(ink|react)\/|^src\/(ui|server|demo)\//.test(f))).toEqual([]);
    const before = [
      ...staticallyLoaded(chunkOf('src/cli/monitor.ts')),
      ...staticallyLoaded(chunkOf('src/ui/monitor-start.ts')),
      ...staticallyLoaded(chunkOf('src/ui/run.tsx')),
    ];
    expect(before).not.toContain('src/store/logs/log-scan-thread.ts');
  });

  it("takes undici's Pool without the rest of undici (fetch, WebSocket, mocks)", () => {
    const loaded = staticallyLoaded(chunkOf('src/api/transport.ts'));
    expect(loaded.some((f) => f.endsWith('undici/lib/dispatcher/pool.js'))).toBe(true);
    expect(loaded.filter((f) => /undici\/(index\.js|lib\/(mock|cache|web\/websocket)\/)/.test(f))).toEqual([]);
  });

  it("leaves undici's HTTP/2 client (and node:http2) out: the client never negotiates h2", () => {
    const loaded = staticallyLoaded(chunkOf('src/api/transport.ts'));
    expect(loaded.some((f) => f.endsWith('undici/lib/dispatcher/client.js'))).toBe(true);
    expect(loaded.filter((f) => f.endsWith('undici/lib/dispatcher/client-h2.js'))).toEqual([]);
    const imports = Object.values(meta.outputs).flatMap((o) => o.imports.map((i) => i.path));
    expect(imports).not.toContain('node:http2');
  });

  it('carries the incremental-rendering fix of Ink', () => {
    const inkChunk = readFileSync(
      join(ROOT, 'dist', 'bundle', chunkOf('node_modules/ink/build/log-update.js').replace(/^dist\/bundle\//, '')),
      'utf8',
    );
    expect(inkChunk).toMatch(/cursorUp\(\w+\.length-1\)/);
  });
});
