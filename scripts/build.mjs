#!/usr/bin/env node
// `npm run build`: tsc type-checks src/ and emits dist/ (the modules benchmarks and tests
// import), then esbuild bundles the CLI into dist/bundle/, which bin/tracktop.js runs.
//
// Why a bundle: start-up is module loading (Ink, React and their dependencies are hundreds of
// small files). Why split chunks: each command imports what it needs when it runs (src/cli.ts),
// so `--version` loads the entry chunk alone, and the monitor loads no server or SQLite code.
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { assertDependencyEdits, bundleEdits } from './dependency-edits.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const outdir = join(root, 'dist', 'bundle');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));

// The bundle must carry the dependency edits that `npm install` applies (scripts/dependency-edits.mjs):
// the installed package runs the bundle alone, with no edit step of its own.
assertDependencyEdits(root);

rmSync(join(root, 'dist'), { recursive: true, force: true });
execFileSync(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json'], {
  cwd: root,
  stdio: 'inherit',
});

/** src/version.ts reads package.json beside dist/ at run time; chunks live one level deeper, so the bundle gets the version as a constant. */
const versionConstant = {
  name: 'version-constant',
  setup(b) {
    b.onLoad({ filter: /[\\/]src[\\/]version\.ts$/ }, () => ({
      contents: `export const VERSION = ${JSON.stringify(pkg.version)};`,
      loader: 'ts',
    }));
  },
};

const result = await build({
  absWorkingDir: root,
  // The log search's worker (src/store/logs/log-scan-thread.ts starts it from beside its chunk).
  entryPoints: { tracktop: 'src/cli.ts', 'log-scan-worker': 'src/store/logs/log-scan-worker.ts' },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  // TRACKTOP_NO_MINIFY=1 keeps function names readable in --cpu-prof profiles.
  minify: process.env.TRACKTOP_NO_MINIFY !== '1',
  legalComments: 'none',
  chunkNames: 'chunk-[hash]',
  // A native addon: loaded from node_modules by the server commands only.
  // react-devtools-core: Ink imports it only when DEV=true (and reports its absence itself).
  external: ['better-sqlite3', 'react-devtools-core'],
  define: { 'process.env.NODE_ENV': '"production"' },
  // CommonJS dependencies bundled into ESM call require() for Node built-ins.
  banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
  plugins: [versionConstant, ...bundleEdits(root)],
  logLevel: 'warning',
  metafile: true,
});
// Which sources each chunk holds and what it imports: test/cli/bundle.test.ts checks that the
// chunks `--version` loads hold no UI, HTTP or server code.
writeFileSync(join(outdir, 'meta.json'), JSON.stringify(result.metafile));
