// Every realistic clearml.conf under test/fixtures/clearml read end to end through real temp files.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config/config-error.js';
import { chooseConfigFiles, loadConfig } from '../../src/config/config-files.js';
import { getConfigValue, toPlain } from '../../src/config/hocon.js';
import type { ConfigObject } from '../../src/config/hocon-types.js';
import { makeTempHome, type TempHome } from '../helpers/temp-home.js';

let home: TempHome;
beforeEach(() => {
  home = makeTempHome();
});
afterEach(() => {
  home.cleanup();
});

function load(fixture: string, env: Record<string, string> = {}): { root: ConfigObject; file: string } {
  const file = home.writeFixture(fixture);
  const { root } = loadConfig(chooseConfigFiles({ env: {}, homeDir: home.dir }), env);
  if (root === undefined) throw new Error(`${fixture} was not read`);
  return { root, file };
}

function at(root: ConfigObject, path: string): unknown {
  const value = getConfigValue(root, path.split('.'));
  return value === undefined ? undefined : toPlain(value);
}

function loadError(fixture: string): ConfigError {
  try {
    load(fixture);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`${fixture} should not parse`);
}

describe('clearml-init output', () => {
  it('reads the api block including the one-line credentials', () => {
    const { root } = load('clearml-init.conf');
    expect(at(root, 'api')).toEqual({
      api_server: 'https://api.clear.ml',
      web_server: 'https://app.clear.ml',
      files_server: 'https://files.clear.ml',
      credentials: {
        access_key: '4YHGN2FX8QKZ5RDT0WAB',
        secret_key: 'pL3vX9qR2mK8sT5wY1zB4nC7dF0gH6jQ3aE8uI2oP5rS9tV',
      },
    });
  });

  it('reads the nested sdk sections: lists of objects, dotted block headers, numbers and booleans', () => {
    const { root } = load('clearml-init.conf');
    expect(at(root, 'sdk.storage.direct_access')).toEqual([{ url: 'file://*' }]);
    expect(at(root, 'sdk.aws.s3.credentials')).toEqual([
      { host: 'my-minio-host:9000', key: '12345678', secret: '12345678', multipart: false, secure: false },
      { bucket: 'team-models', key: 'AKIAEXAMPLEKEY', secret: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY' },
    ]);
    expect(at(root, 'sdk.aws.s3.extra_args')).toEqual({});
    expect(at(root, 'sdk.aws.boto3.multipart_threshold')).toBe(8388608);
    expect(at(root, 'sdk.google.storage.credentials')).toEqual([
      { bucket: 'vision-datasets', project: 'ml-platform', credentials_json: '/etc/clearml/gcs.json' },
    ]);
    expect(at(root, 'sdk.azure.storage.containers')).toEqual([{ account_name: 'clearml', account_key: 'secret' }]);
    expect(at(root, 'sdk.development.task_reuse_time_window_in_hours')).toBe(72);
    expect(at(root, 'sdk.development.worker.log_stdout')).toBe(true);
    expect(at(root, 'sdk.metrics.images.format')).toBe('JPEG');
    expect(at(root, 'sdk.development.log_os_environments')).toEqual([]);
  });

  it('reads the agent section with unquoted paths, trailing commas and True', () => {
    const { root } = load('clearml-init.conf');
    expect(at(root, 'agent.package_manager.pip_version')).toEqual([
      "<20.2 ; python_version < '3.10'",
      "<22.3 ; python_version >= '3.10'",
    ]);
    expect(at(root, 'agent.package_manager.extra_index_url')).toEqual([]);
    expect(at(root, 'agent.venvs_dir')).toBe('~/.clearml/venvs-builds');
    expect(at(root, 'agent.vcs_cache')).toEqual({ enabled: true, path: '~/.clearml/vcs-cache' });
    expect(at(root, 'agent.default_docker.arguments')).toEqual(['--ipc=host']);
    expect(at(root, 'agent.translate_ssh')).toBe(true);
  });
});

describe('other real-world shapes', () => {
  it('reads a one-line api block', () => {
    expect(toPlain(load('one-line.conf').root)).toEqual({
      api: { credentials: { access_key: 'AK', secret_key: 'SK' } },
    });
  });

  it('reads comments of both styles, trailing comments and URL values', () => {
    const { root } = load('comments-and-urls.conf');
    expect(at(root, 'api')).toEqual({
      api_server: 'http://clearml.internal:8008',
      web_server: 'http://clearml.internal:8080/',
      files_server: 'http://clearml.internal:8081//',
      credentials: { access_key: 'K1Z8WQ2ERT', secret_key: 's3cr3t//not-a-comment#not-either' },
    });
  });

  it('reads dotted flat assignments', () => {
    expect(toPlain(load('dotted-flat.conf').root)).toEqual({
      api: {
        api_server: 'https://api.ml.example.com',
        credentials: { access_key: 'FLATACCESSKEY', secret_key: 'flat-secret-value' },
        verify_certificate: false,
      },
      sdk: { development: { default_output_uri: 's3://bucket/models' } },
    });
  });

  it('substitutes required and optional environment variables', () => {
    const env = { CLEARML_TEST_SERVER: 'http://api.sub:8008', TEAM_ACCESS_KEY: 'TK', HOME: '/home/ml' };
    const { root } = load('env-substitution.conf', env);
    expect(at(root, 'api')).toEqual({
      api_server: 'http://api.sub:8008',
      files_server: 'https://files.example.com',
      credentials: { access_key: 'TK' },
    });
    expect(at(root, 'sdk.storage.cache.default_base_dir')).toBe('/home/ml/clearml cache');

    const overridden = load('env-substitution.conf', { ...env, CLEARML_TEST_FILES: 'https://files.env.example.com' });
    expect(at(overridden.root, 'api.files_server')).toBe('https://files.env.example.com');
  });

  it('reports the line of a required variable that is not set', () => {
    const error = loadError('env-substitution.conf');
    expect([error.line, error.column]).toEqual([2, 17]);
    expect(error.detail).toMatch(/^\$\{CLEARML_TEST_SERVER\} is not set/);
  });

  it('reads trailing commas after fields, blocks and list items', () => {
    const { root } = load('trailing-commas.conf');
    expect(at(root, 'api.credentials')).toEqual({ access_key: 'TRAILINGKEY', secret_key: 'TRAILINGSECRET' });
    expect(at(root, 'sdk.aws.s3.credentials')).toEqual([
      { bucket: 'a', key: 'k1', secret: 's1' },
      { bucket: 'b', key: 'k2', secret: 's2' },
    ]);
  });

  it('merges repeated api blocks and records the line of the winning value', () => {
    const { root, file } = load('repeated-blocks.conf');
    expect(at(root, 'api')).toEqual({
      api_server: 'https://api.second.example.com',
      web_server: 'https://app.first.example.com',
      credentials: { access_key: 'FIRSTKEY', secret_key: 'SECONDSECRET' },
    });
    expect(getConfigValue(root, ['api', 'api_server'])?.pos).toEqual({ file, line: 11, column: 17 });
  });

  it('reads the legacy host key', () => {
    expect(at(load('legacy-trains.conf').root, 'api.host')).toBe('http://trains.lab.local:8008');
  });

  it('keeps "#", "$", "!" and escapes inside quoted secrets', () => {
    const { root } = load('quoted-secrets.conf');
    expect(at(root, 'api.credentials')).toEqual({
      access_key: 'Q8#ACCESS$KEY!',
      secret_key: 'p#ss$w0rd!//"quoted" \\ énd',
    });
  });
});

describe('malformed files', () => {
  it('names file, line and column of an unclosed brace', () => {
    const error = loadError('malformed-unclosed-brace.conf');
    expect(error.message).toBe(
      `${home.dir}/clearml.conf:7:1: expected '}' to close the object opened at line 3, column 17, found end of file`,
    );
  });

  it('names file, line and column of a bad token', () => {
    const error = loadError('malformed-bad-token.conf');
    expect([error.file, error.line, error.column]).toEqual([`${home.dir}/clearml.conf`, 4, 20]);
    expect(error.detail).toBe(`expected ':', '=' or '{' after the key 'access_key', found '"'`);
  });
});
