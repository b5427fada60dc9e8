// The request body pre-scan (src/server/http/json-text.ts) that every events.add_batch goes through:
// the one-pass scanner must agree with the straightforward definition (strings removed by a
// regex, then brackets counted) on depth, and flag exactly the bodies with surrogate escapes.
import { describe, expect, it } from 'vitest';
import { prepareJsonText, replaceLoneSurrogateEscapes, scanJson } from '../../../src/server/http/json-text.js';

function referenceDepth(text: string): number {
  const structure = text.replace(/"(?:[^"\\]|\\.)*"/g, '');
  let depth = 0;
  let max = 0;
  for (const c of structure) {
    if (c === '[' || c === '{') max = Math.max(max, ++depth);
    else if (c === ']' || c === '}') depth--;
  }
  return max;
}

const BODIES = [
  '{}',
  '[[[1]]]',
  '{"a":"[[[[","b":[{"c":"}}]]"}]}',
  '{"a":"quote \\" [ inside","b":[[2]]}',
  '{"a":"backslash at end \\\\","b":[[[3]]]}',
  '{"msg":"\\ud83d\\ude00 pair"}',
  '{"msg":"lone \\uD800 high"}',
  '{"msg":"lone \\udfff low"}',
  '{"msg":"not a surrogate \\ud7ff \\u00e9"}',
  '{"k":"\\\\ud800 is an escaped backslash, then text"}',
  '{"task":"t","type":"log"}\n{"task":"t","type":"log","msg":"[{"}\n',
  '',
];

describe('request body pre-scan', () => {
  it('measures the same depth as the regex definition, strings and escapes left out', () => {
    for (const body of BODIES) expect(scanJson(body).depth, body).toBe(referenceDepth(body));
    const deep = `${'['.repeat(300)}${']'.repeat(300)}`;
    expect(scanJson(deep).depth).toBe(300);
  });

  it('flags surrogate escapes inside strings only, and never when an escaped backslash precedes u', () => {
    const flagged = BODIES.filter((b) => scanJson(b).surrogateEscape);
    expect(flagged).toEqual([
      '{"msg":"\\ud83d\\ude00 pair"}',
      '{"msg":"lone \\uD800 high"}',
      '{"msg":"lone \\udfff low"}',
    ]);
  });

  it('rewrites only lone surrogates, and returns an unflagged body as the same string', () => {
    expect(prepareJsonText('{"m":"a\\ud800b\\ud83d\\ude00"}', 10)).toBe('{"m":"a\\ufffdb\\ud83d\\ude00"}');
    const plain = '{"m":"no escapes here [[["}';
    expect(prepareJsonText(plain, 10)).toBe(plain);
    for (const body of BODIES) expect(prepareJsonText(body, 1000)).toBe(replaceLoneSurrogateEscapes(body));
  });

  it('refuses nesting past the limit', () => {
    expect(() => prepareJsonText('[[[1]]]', 2)).toThrow('deeper than 2 levels');
    expect(prepareJsonText('[[1]]', 2)).toBe('[[1]]');
  });
});
