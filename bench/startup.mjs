// Start-up of the built binary: `tracktop --version` and `--help` as users run them (the file
// itself: sh reads its first lines and starts Node with its V8 setting), and `--once` with
// data (the seeded server, its clearml.conf in a fresh HOME), each beside `node -e 0` (Node's
// own start-up, the floor) run alternately on the same machine; `--once` also beside the
// reference tree (`--ref DIR`) when given, and its phase marks (TRACKTOP_PHASES).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { phaseFile, phaseRow } from './lib/phases.mjs';
import { median, spread } from './lib/stats.mjs';
import { row } from './lib/table.mjs';

function timeMs(command, args, env = {}) {
  const t0 = performance.now();
  const r = spawnSync(command, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, CI: 'false', ...env },
  });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return ms;
}

export async function figures(ctx) {
  const bin = join(ctx.root, 'bin', 'tracktop.js');
  const n = ctx.runs(15);
  const version = [];
  const help = [];
  const floor = [];
  timeMs(bin, ['--version']); // warm the file cache
  for (let i = 0; i < n; i++) {
    floor.push(timeMs(process.execPath, ['-e', '0']));
    version.push(timeMs(bin, ['--version']));
    help.push(timeMs(bin, ['--help']));
  }
  const ratio = (xs) => `${(median(xs) / median(floor)).toFixed(1)}x node -e 0 (${median(floor).toFixed(0)} ms)`;
  return [
    ...(await onceFigures(ctx)),
    row({
      figure: 'tracktop --version (ms)',
      goal: '<= 150',
      measured: spread(version),
      ok: median(version) <= 150,
      ratio: ratio(version),
    }),
    row({
      figure: 'tracktop --help (ms)',
      goal: '<= 150',
      measured: spread(help),
      ok: median(help) <= 150,
      ratio: ratio(help),
    }),
  ];
}

/** A HOME whose clearml.conf points at the seeded server, as a user's would. */
function homeFor(server) {
  const home = mkdtempSync(join(tmpdir(), 'tracktop-bench-home-'));
  const { accessKey, secretKey } = server.credentials;
  writeFileSync(
    join(home, 'clearml.conf'),
    `api {\n  api_server: ${server.url}\n  credentials {\n    access_key: "${accessKey}"\n    secret_key: "${secretKey}"\n  }\n}\n`,
  );
  return home;
}

/** `--once` on the seeded server (median of 5), beside `node -e 0` and the reference tree. */
async function onceFigures(ctx) {
  const server = await ctx.seededServer();
  const home = homeFor(server);
  const trees = [ctx.root, ...(ctx.ref ? [ctx.ref] : [])].map((root) => ({
    bin: join(root, 'bin', 'tracktop.js'),
    phases: phaseFile(),
    ms: [],
  }));
  const floor = [];
  try {
    for (const t of trees) timeMs(t.bin, ['--once'], { HOME: home }); // warm the file cache
    for (let i = 0; i < ctx.runs(5); i++) {
      floor.push(timeMs(process.execPath, ['-e', '0']));
      // Each tree first in turn: the second meets a server still busy with the first's requests.
      for (const t of i % 2 === 0 ? trees : [...trees].reverse())
        t.ms.push(timeMs(t.bin, ['--once'], { HOME: home, TRACKTOP_PHASES: t.phases.file }));
    }
    const [tree, ref] = trees;
    const ratios = [`${(median(tree.ms) / median(floor)).toFixed(1)}x node -e 0 (${median(floor).toFixed(0)} ms)`];
    if (ref) ratios.unshift(`${(median(tree.ms) / median(ref.ms)).toFixed(2)}x ref (${median(ref.ms).toFixed(0)} ms)`);
    return [
      row({
        figure: 'tracktop --once with data (ms)',
        goal: '<= 400',
        measured: spread(tree.ms),
        ok: median(tree.ms) <= 400,
        ratio: ratios.join(', '),
      }),
      phaseRow('--once phases', tree.phases.records()),
      ref && phaseRow('--once phases (ref)', ref.phases.records()),
    ].filter(Boolean);
  } finally {
    for (const t of trees) t.phases.remove();
    rmSync(home, { recursive: true, force: true });
  }
}
