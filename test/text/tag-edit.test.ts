import { describe, expect, it } from 'vitest';
import { parseTagEdit } from '../../src/text/tag-edit.js';

describe('parseTagEdit', () => {
  it('adds plain and +tags, removes -tags, and ignores empty parts and lone signs', () => {
    expect(parseTagEdit('urgent, -sota, +best,, -, +')).toEqual({ add: ['urgent', 'best'], remove: ['sota'] });
    expect(parseTagEdit(' - spaced , + also ')).toEqual({ add: ['also'], remove: ['spaced'] });
    expect(parseTagEdit('')).toEqual({ add: [], remove: [] });
  });
});
