// Runs in every test process before its test file. Tests never see the machine's own files
// or settings: Ink reads CI at import time, and the monitor, the CLI and every child process
// a test starts (tmux panes included) read HOME, XDG_CONFIG_HOME, CLEARML_* / TRAINS_* and
// the locale.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

// Ink writes no frames until exit when CI is set, as it is on our CI machines.
delete process.env.CI;
delete process.env.CONTINUOUS_INTEGRATION;

// A HOME of the test file's own: no clearml.conf, no ~/.config/tracktop/state.json (metric
// columns saved there narrow the task list's name column), and os.homedir() follows it.
const home = mkdtempSync(join(tmpdir(), 'tracktop-test-home-'));
process.env.HOME = home;
process.env.XDG_CONFIG_HOME = join(home, '.config');
for (const name of Object.keys(process.env)) {
  if (/^(CLEARML|TRAINS)_/.test(name)) delete process.env[name];
}
afterAll(() => rmSync(home, { recursive: true, force: true }));

// A UTF-8 locale, whatever the machine's: without one the monitor draws ASCII only. Tests of
// other locales set LANG / LC_ALL for the process they start.
process.env.LANG = 'C.UTF-8';
delete process.env.LC_ALL;
delete process.env.LC_CTYPE;
