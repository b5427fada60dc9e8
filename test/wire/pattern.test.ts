// The pattern dialect shared by the server and the client's filter check.
import { describe, expect, it } from 'vitest';
import { compilePattern, patternProblem } from '../../src/wire/pattern.js';

describe('patternProblem', () => {
  it('accepts what the server accepts', () => {
    for (const p of ['bert', 'res.*50', '(?i)BERT', '(?P<run>ppo)-(hopper|cartpole)', '[]a]', '^5f3c9c', '\\Aab\\Z'])
      expect(patternProblem(p)).toBeNull();
  });

  it('names an unclosed group or class at the column where it opens', () => {
    expect(patternProblem('(bert')).toBe('invalid pattern at 1: missing )');
    expect(patternProblem('res(net(50)')).toBe('invalid pattern at 4: missing )');
    expect(patternProblem('ab[cd')).toBe('invalid pattern at 3: missing ]');
    expect(patternProblem('[(]x(')).toBe('invalid pattern at 5: missing )');
  });

  it('names a stray ) and other RE2 errors with their column', () => {
    expect(patternProblem('bert)')).toBe('invalid pattern at 5: unexpected )');
    expect(patternProblem('a**')).toBe('invalid pattern at 2: invalid nested repetition operator: **');
    expect(patternProblem('*a')).toBe('invalid pattern at 1: missing argument to repetition operator: *');
    expect(patternProblem('x{2,1}')).toBe('invalid pattern at 2: invalid repeat count: {2,1}');
  });

  it('refuses what the dialect cannot translate, like the server does', () => {
    expect(patternProblem('ab\\')).toBe('invalid pattern at 3: the pattern ends with a lone backslash');
    expect(patternProblem('a(?i)b')).toBe(
      'invalid pattern at 2: inline flags are only supported at the start of the pattern',
    );
    // Back-references compile in V8 but not in RE2: the server refuses them, so does the check.
    expect(patternProblem('(a)\\1')).toMatch(/^invalid pattern/);
  });

  it('compiles case-insensitively when asked', () => {
    expect(compilePattern('BERT', true).test('bert-base')).toBe(true);
    expect(compilePattern('BERT').test('bert-base')).toBe(false);
  });
});
