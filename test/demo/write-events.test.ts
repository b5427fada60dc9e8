import { describe, expect, it } from 'vitest';
import { chunkEvents } from '../../src/demo/write-events.js';
import type { EventInput } from '../../src/wire/events.js';

const log = (i: number, size = 10): EventInput => ({ type: 'log', task: 't', msg: 'x'.repeat(size), timestamp: i });

describe('chunkEvents', () => {
  it('cuts by event count and keeps order', () => {
    const events = Array.from({ length: 23 }, (_, i) => log(i));
    const chunks = [...chunkEvents(events, { maxEvents: 10, maxBytes: 1e9 })];
    expect(chunks.map((c) => c.length)).toEqual([10, 10, 3]);
    expect(chunks.flat()).toEqual(events);
  });

  it('cuts by body size', () => {
    const events = Array.from({ length: 10 }, (_, i) => log(i, 1000));
    const chunks = [...chunkEvents(events, { maxEvents: 1000, maxBytes: 3500 })];
    expect(chunks.map((c) => c.length)).toEqual([3, 3, 3, 1]);
    for (const c of chunks)
      expect(c.map((e) => JSON.stringify(e).length + 1).reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(3500);
  });

  it('gives an event larger than the size limit a chunk of its own', () => {
    const chunks = [...chunkEvents([log(0), log(1, 5000), log(2)], { maxEvents: 10, maxBytes: 1000 })];
    expect(chunks.map((c) => c.map((e) => e.timestamp))).toEqual([[0], [1], [2]]);
  });

  it('yields nothing for no events', () => {
    expect([...chunkEvents([])]).toEqual([]);
  });
});
