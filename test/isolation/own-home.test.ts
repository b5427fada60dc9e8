// What every test process sees (test/setup.ts): a HOME and XDG_CONFIG_HOME of its own and no
// CLEARML_* / TRAINS_* variable, in this process and in the tmux panes the end-to-end tests
// start. outer-home.test.ts runs this file under a HOME planted with a state file and a
// clearml.conf, to show none of them reaches a test.
import { existsSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { profileFromArgs } from '../../src/cli/connection.js';
import { openStateFile, stateFilePath } from '../../src/config/state-file.js';
import { startTmux, tmuxAvailable, type TmuxSession } from '../helpers/tmux.js';

let tmux: TmuxSession | undefined;
afterEach(() => tmux?.kill());

describe("a test's own home", () => {
  it('is a fresh temporary directory, with XDG_CONFIG_HOME inside it', () => {
    const home = process.env.HOME ?? '';
    expect(home.startsWith(join(tmpdir(), 'tracktop-test-home-'))).toBe(true);
    expect(homedir()).toBe(home);
    expect(process.env.XDG_CONFIG_HOME).toBe(join(home, '.config'));
    expect(existsSync(join(home, 'clearml.conf'))).toBe(false);
  });

  it('holds no saved monitor state, and saving writes there', () => {
    const state = openStateFile(stateFilePath(process.env));
    expect(state.path.startsWith(process.env.HOME ?? '/')).toBe(true);
    expect(state.load()).toEqual({});
    state.save({ metricColumns: [{ metric: 'loss', variant: 'train' }] });
    expect(openStateFile(state.path).load()).toHaveProperty('metricColumns');
  });

  it('names no server: no CLEARML_* or TRAINS_* variable, no clearml.conf', () => {
    expect(Object.keys(process.env).filter((k) => /^(CLEARML|TRAINS)_/.test(k))).toEqual([]);
    const profile = profileFromArgs({});
    expect(profile.apiHost).toBeUndefined();
    expect(profile.accessKey).toBeUndefined();
  });

  it.skipIf(!tmuxAvailable())('reaches the shell in a tmux pane', async () => {
    tmux = startTmux(['sh', '-c', 'echo "home=$HOME config=$XDG_CONFIG_HOME api=${CLEARML_API_HOST:-none}"']);
    const screen = await tmux.waitFor('tracktop-exit=0');
    expect(screen).toContain(`home=${process.env.HOME} config=${process.env.XDG_CONFIG_HOME} api=none`);
  });
});
