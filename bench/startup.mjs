// Start-up of the built binary: `tracktop --version` and `--help` as users run them (the file
// itself: sh reads its first lines and starts Node with its V8 setting), each beside
// `node -e 0` (Node's own start-up, the floor) run alternately on the same machine.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { median, spread } from './lib/stats.mjs';
import { row } from './lib/table.mjs';

function timeMs(command, args) {
  const t0 = performance.now();
  const r = spawnSync(command, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, CI: 'false' },
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
