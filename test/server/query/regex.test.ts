import { describe, expect, it } from 'vitest';
import { ServerError } from '../../../src/server/http/errors.js';
import { compileQueryRegex, runWithinBudget, translatePythonRegex } from '../../../src/server/query/regex.js';

describe('translatePythonRegex', () => {
  it('rewrites named groups, named back-references, \\A, \\Z, comments and leading inline flags', () => {
    expect(translatePythonRegex('(?P<x>a)(?P=x)', 'name')).toEqual({ source: '(?<x>a)\\k<x>', flags: '' });
    expect(translatePythonRegex('\\Aab\\Z', 'name')).toEqual({ source: '^ab$', flags: '' });
    expect(translatePythonRegex('a(?#note)b', 'name')).toEqual({ source: 'ab', flags: '' });
    expect(translatePythonRegex('(?is)x', 'name')).toEqual({ source: 'x', flags: 'is' });
  });

  it('leaves escapes and character classes alone', () => {
    expect(translatePythonRegex('[(?P<x>]\\(?P<y>', 'name').source).toBe('[(?P<x>]\\(?P<y>');
    expect(translatePythonRegex('[]a]', 'name').source).toBe('[\\]a]');
  });

  it('refuses what it cannot translate with 400/12 naming the field', () => {
    for (const p of ['(?x)a b', 'a(?i)b', 'abc\\']) {
      const err = (() => {
        try {
          translatePythonRegex(p, 'name');
        } catch (e) {
          return e;
        }
      })();
      expect(err).toBeInstanceOf(ServerError);
      expect((err as ServerError).code.subcode).toBe(12);
      expect((err as ServerError).message).toContain("'name'");
    }
  });
});

describe('compileQueryRegex', () => {
  it('compiles case-sensitively unless asked, and rejects invalid or overlong patterns', () => {
    expect(compileQueryRegex('Ab', 'name').test('xAby')).toBe(true);
    expect(compileQueryRegex('Ab', 'name').test('ab')).toBe(false);
    expect(compileQueryRegex('Ab', '_any_.pattern', true).test('ab')).toBe(true);
    expect(() => compileQueryRegex('(', 'name')).toThrow(/invalid regular expression/);
    expect(() => compileQueryRegex('a'.repeat(501), 'name')).toThrow(/at most 500/);
  });
});

describe('runWithinBudget', () => {
  it('returns the result of a quick function and passes its errors through', () => {
    expect(runWithinBudget(() => 41 + 1)).toBe(42);
    expect(() =>
      runWithinBudget(() => {
        throw new RangeError('boom');
      }),
    ).toThrow(RangeError);
  });

  it('stops a catastrophically backtracking match with a 400/12', () => {
    const re = /(a+)+$/;
    const subject = `${'a'.repeat(40)}!`;
    const started = Date.now();
    expect(() => runWithinBudget(() => re.test(subject), 100)).toThrow(/longer than 100 ms/);
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
