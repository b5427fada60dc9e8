import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config/config-error.js';
import { chooseConfigFiles, expandHome, loadConfig } from '../../src/config/config-files.js';
import { toPlain } from '../../src/config/hocon.js';
import { makeTempHome, type TempHome } from '../helpers/temp-home.js';

let home: TempHome;
beforeEach(() => {
  home = makeTempHome();
});
afterEach(() => {
  home.cleanup();
});

describe('expandHome', () => {
  it('expands "~" and "~/..." only', () => {
    expect(expandHome('~', '/home/u')).toBe('/home/u');
    expect(expandHome('~/x/clearml.conf', '/home/u')).toBe('/home/u/x/clearml.conf');
    expect(expandHome('/etc/~/x', '/home/u')).toBe('/etc/~/x');
  });
});

describe('chooseConfigFiles', () => {
  it('uses ~/clearml.conf over ~/trains.conf by default', () => {
    expect(chooseConfigFiles({ env: {}, homeDir: home.dir })).toEqual({
      files: [join(home.dir, 'trains.conf'), join(home.dir, 'clearml.conf')],
    });
  });

  it('uses CLEARML_CONFIG_FILE with "~" expanded, before TRAINS_CONFIG_FILE', () => {
    const env = { CLEARML_CONFIG_FILE: '~/team.conf', TRAINS_CONFIG_FILE: '/old.conf' };
    expect(chooseConfigFiles({ env, homeDir: home.dir })).toEqual({
      files: [join(home.dir, 'team.conf')],
      namedBy: 'CLEARML_CONFIG_FILE',
    });
  });

  it('uses TRAINS_CONFIG_FILE when CLEARML_CONFIG_FILE is empty', () => {
    const env = { CLEARML_CONFIG_FILE: '', TRAINS_CONFIG_FILE: '/old/trains.conf' };
    expect(chooseConfigFiles({ env, homeDir: home.dir })).toEqual({
      files: ['/old/trains.conf'],
      namedBy: 'TRAINS_CONFIG_FILE',
    });
  });

  it('lets --config win over the environment', () => {
    const env = { CLEARML_CONFIG_FILE: '/env.conf' };
    expect(chooseConfigFiles({ configFlag: '/flag.conf', env, homeDir: home.dir })).toEqual({
      files: ['/flag.conf'],
      namedBy: '--config',
    });
  });
});

describe('loadConfig', () => {
  it('returns no config and no files when the home directory has none', () => {
    expect(loadConfig(chooseConfigFiles({ env: {}, homeDir: home.dir }), {})).toEqual({
      root: undefined,
      files: [],
      warnings: [],
    });
  });

  it('merges ~/clearml.conf over ~/trains.conf, keeping each value’s own file', () => {
    const trains = home.write(
      'trains.conf',
      'api { host: "http://old:8008", credentials { access_key: OLD, secret_key: OLDS } }',
    );
    const clearml = home.write('clearml.conf', 'api {\n  credentials { secret_key: NEWS }\n}');
    const loaded = loadConfig(chooseConfigFiles({ env: {}, homeDir: home.dir }), {});
    expect(loaded.files).toEqual([trains, clearml]);
    expect(loaded.root && toPlain(loaded.root)).toEqual({
      api: { host: 'http://old:8008', credentials: { access_key: 'OLD', secret_key: 'NEWS' } },
    });
    const credentials = loaded.root?.fields.get('api');
    const secret = credentials?.kind === 'object' ? credentials.fields.get('credentials') : undefined;
    expect(secret?.kind === 'object' ? secret.fields.get('secret_key')?.pos : undefined).toEqual({
      file: clearml,
      line: 2,
      column: 29,
    });
  });

  it('resolves substitutions across the merged files', () => {
    home.write('trains.conf', 'team { server: "https://api.team.example.com" }');
    home.write('clearml.conf', 'api.api_server: ${team.server}');
    const loaded = loadConfig(chooseConfigFiles({ env: {}, homeDir: home.dir }), {});
    expect(loaded.root && toPlain(loaded.root)).toMatchObject({ api: { api_server: 'https://api.team.example.com' } });
  });

  it('fails when an explicitly named file does not exist, saying what named it', () => {
    const choice = chooseConfigFiles({ env: { CLEARML_CONFIG_FILE: '~/missing.conf' }, homeDir: home.dir });
    expect(() => loadConfig(choice, {})).toThrow(
      new ConfigError('config file not found (named by CLEARML_CONFIG_FILE)', { file: join(home.dir, 'missing.conf') }),
    );
  });

  it('fails clearly when the named path is a directory', () => {
    mkdirSync(join(home.dir, 'conf.d'));
    const choice = chooseConfigFiles({ configFlag: join(home.dir, 'conf.d'), env: {}, homeDir: home.dir });
    expect(() => loadConfig(choice, {})).toThrow(
      `${join(home.dir, 'conf.d')}: cannot read the config file: it is a directory`,
    );
  });

  it('collects include warnings from every file', () => {
    home.write('trains.conf', 'include "a.conf"\n');
    home.write('clearml.conf', 'x: 1\ninclude file("b.conf")\n');
    const loaded = loadConfig(chooseConfigFiles({ env: {}, homeDir: home.dir }), {});
    expect(loaded.warnings).toHaveLength(2);
    expect(loaded.warnings[1]).toContain(`${join(home.dir, 'clearml.conf')}:2:1: ignored 'include file("b.conf")'`);
  });
});
