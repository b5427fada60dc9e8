import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/config/config-error.js';
import { getConfigValue, parseHocon, toPlain } from '../../src/config/hocon.js';

const FILE = '/cfg/sub.conf';

function plain(text: string, env: Record<string, string | undefined> = {}): unknown {
  return toPlain(parseHocon(text, { file: FILE, env }).root);
}

function errorOf(text: string, env: Record<string, string | undefined> = {}): string {
  try {
    parseHocon(text, { file: FILE, env });
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('substitutions from the environment', () => {
  it('replaces ${VAR} with the environment value as a string', () => {
    expect(plain('key: ${SECRET}', { SECRET: 'abc#$!' })).toEqual({ key: 'abc#$!' });
  });

  it('concatenates substitutions with unquoted and quoted text', () => {
    expect(plain('dir: ${HOME}/.clearml/"my cache"\nurl: http://${HOST}:8008', { HOME: '/home/u', HOST: 'h' })).toEqual(
      {
        dir: '/home/u/.clearml/my cache',
        url: 'http://h:8008',
      },
    );
  });

  it('leaves a field unset when an optional substitution is undefined', () => {
    expect(plain('a: ${?NOPE}\nb: 1')).toEqual({ b: 1 });
  });

  it('keeps the earlier value when an optional override is undefined, and takes it when defined', () => {
    const text = 'host: "https://default.example.com"\nhost: ${?OVERRIDE_HOST}';
    expect(plain(text)).toEqual({ host: 'https://default.example.com' });
    expect(plain(text, { OVERRIDE_HOST: 'https://env.example.com' })).toEqual({ host: 'https://env.example.com' });
  });

  it('reads an undefined optional substitution inside text as empty', () => {
    expect(plain('a: x${?NOPE}y')).toEqual({ a: 'xy' });
  });

  it('drops undefined optional substitutions from lists', () => {
    expect(plain('l: [a, ${?NOPE}, ${B}]', { B: 'b' })).toEqual({ l: ['a', 'b'] });
  });

  it('fails on an undefined required substitution, naming it and where it is', () => {
    expect(errorOf('api {\n  secret_key: ${MISSING_SECRET}\n}')).toBe(
      '/cfg/sub.conf:2:15: ${MISSING_SECRET} is not set in the config nor in the environment (write ${?MISSING_SECRET} if it may be unset)',
    );
  });

  it('gives the substituted value the position of the line that uses it', () => {
    const { root } = parseHocon('\n\nkey:   ${V}', { file: FILE, env: { V: 'x' } });
    expect(getConfigValue(root, ['key'])?.pos).toEqual({ file: FILE, line: 3, column: 8 });
  });
});

describe('substitutions from the config itself', () => {
  it('prefers a config path over an environment variable of the same name', () => {
    expect(plain('base: https://cfg.example.com\napi: ${base}', { base: 'from-env' })).toEqual({
      base: 'https://cfg.example.com',
      api: 'https://cfg.example.com',
    });
  });

  it('resolves dotted paths, including ones defined later in the file', () => {
    const text = 'api { web_server: ${hosts.web}"/ui" }\nhosts { web: "https://app.example.com" }';
    expect(plain(text)).toEqual({
      api: { web_server: 'https://app.example.com/ui' },
      hosts: { web: 'https://app.example.com' },
    });
  });

  it('keeps the type of a value substituted on its own, including objects', () => {
    expect(plain('n: 5\ncopy: ${n}\no { a: 1 }\np: ${o}')).toEqual({ n: 5, copy: 5, o: { a: 1 }, p: { a: 1 } });
  });

  it('follows chains of substitutions', () => {
    expect(plain('a: ${b}\nb: ${c}\nc: end')).toEqual({ a: 'end', b: 'end', c: 'end' });
  });

  it('lets a key extend its own earlier value', () => {
    expect(plain('path: /bin\npath: ${path}":/usr/bin"')).toEqual({ path: '/bin:/usr/bin' });
  });

  it('falls back to the environment when a key refers to itself with no earlier value', () => {
    expect(plain('PATH: ${PATH}":/opt/bin"', { PATH: '/bin' })).toEqual({ PATH: '/bin:/opt/bin' });
  });

  it('reports a substitution cycle', () => {
    expect(errorOf('a: ${b}\nb: ${a}')).toBe('/cfg/sub.conf:2:4: ${a} refers back to itself (a substitution cycle)');
  });

  it('rejects an object used inside text', () => {
    expect(errorOf('o { a: 1 }\ns: x${o}')).toBe(
      '/cfg/sub.conf:2:5: ${o} is an object and cannot be part of a text value',
    );
  });
});
