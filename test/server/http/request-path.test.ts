import { describe, expect, it } from 'vitest';
import { parseQueryParams } from '../../../src/server/http/url-params.js';
import {
  actualVersion,
  compareVersions,
  parseRequestPath,
  versionForMeta,
} from '../../../src/server/http/request-path.js';

describe('parseRequestPath', () => {
  it('reads the endpoint and version of every accepted form', () => {
    expect(parseRequestPath('/reports.create')).toEqual({
      endpoint: 'reports.create',
      version: '2.31',
      explicitVersion: false,
    });
    expect(parseRequestPath('reports.create/')).toMatchObject({ endpoint: 'reports.create' });
    expect(parseRequestPath('/v2.23/reports.create/')).toEqual({
      endpoint: 'reports.create',
      version: '2.23',
      explicitVersion: true,
    });
    expect(parseRequestPath('/v999.0/events.add')).toMatchObject({ version: '999.0' });
  });

  it('rejects anything else', () => {
    for (const p of [
      '/',
      '',
      '/reports',
      '/v2/reports.create',
      '/x/reports.create',
      '/reports.create//',
      '/a.b.c',
      '/v2.31/',
    ]) {
      expect(parseRequestPath(p), p).toBeUndefined();
    }
  });
});

describe('versions', () => {
  it('compares numerically and picks the newest handler not above the request', () => {
    expect(compareVersions('2.9', '2.10')).toBeLessThan(0);
    expect(actualVersion('events.get_task_log', '2.31')).toBe('2.9');
    expect(actualVersion('events.get_task_log', '2.8')).toBe('1.7');
    expect(actualVersion('events.clear_scroll', '2.17')).toBeUndefined();
    expect(actualVersion('reports.create', '1.0')).toBe('1.0');
    expect(versionForMeta('2.0')).toBe(2);
    expect(versionForMeta('2.31')).toBe('2.31');
  });
});

describe('parseQueryParams', () => {
  it('nests dotted keys, lists repeated or [] keys and converts numbers and booleans', () => {
    expect(parseQueryParams('a.b=1&c=x&c=y&d[]=z&e=true&f=false&g=1.5&h=007&i=' + '9'.repeat(40))).toEqual({
      a: { b: 1 },
      c: ['x', 'y'],
      d: ['z'],
      e: true,
      f: false,
      g: 1.5,
      h: '007',
      i: '9'.repeat(40),
    });
  });

  it('ignores keys that could reach object prototypes', () => {
    const out = parseQueryParams('__proto__.x=1&a.constructor=2&ok=3');
    expect(out).toEqual({ ok: 3 });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});
