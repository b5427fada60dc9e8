import { describe, expect, it } from 'vitest';
import { OSC52_MAX_BASE64, clipboardSequence } from '../../src/text/osc52.js';

const ESC = '\u001b';

function payloadOf(sequence: string): string {
  const match = /^\u001b\]52;c;([A-Za-z0-9+/=]*)\u0007$/.exec(sequence);
  if (!match) throw new Error(`not an OSC 52 sequence: ${JSON.stringify(sequence)}`);
  return Buffer.from(match[1] as string, 'base64').toString('utf8');
}

describe('clipboardSequence', () => {
  it('encodes the text as UTF-8 base64 in an OSC 52 sequence', () => {
    const text = 'a1b2c3 漢字 😀';
    expect(payloadOf(clipboardSequence(text, {}) as string)).toBe(text);
  });

  it('inside tmux, also wraps the sequence in a DCS passthrough with ESC doubled', () => {
    const plain = clipboardSequence('task-id', {}) as string;
    const out = clipboardSequence('task-id', { TMUX: '/tmp/tmux-0/default,1,0' }) as string;
    expect(out.startsWith(plain)).toBe(true);
    const wrapped = out.slice(plain.length);
    expect(wrapped.startsWith(`${ESC}Ptmux;`)).toBe(true);
    expect(wrapped.endsWith(`${ESC}\\`)).toBe(true);
    const inner = wrapped.slice(`${ESC}Ptmux;`.length, -2);
    expect(inner.replaceAll(ESC + ESC, ESC)).toBe(plain);
    // No single ESC inside the passthrough: it would end it early.
    expect(inner.replaceAll(ESC + ESC, '')).not.toContain(ESC);
  });

  it('inside GNU screen, splits the sequence into DCS strings of at most 76 bytes', () => {
    const text = 'x'.repeat(300);
    const plain = clipboardSequence(text, {}) as string;
    const out = clipboardSequence(text, { STY: '1234.pts-0.host' }) as string;
    const chunks = out.split(`${ESC}\\`).filter((c) => c.length > 0);
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) {
      expect(chunk.startsWith(`${ESC}P`)).toBe(true);
      expect(chunk.length - 2).toBeLessThanOrEqual(76);
    }
    expect(chunks.map((c) => c.slice(2)).join('')).toBe(plain);
  });

  it('prefers tmux wrapping when both tmux and screen are detected', () => {
    expect(clipboardSequence('id', { TMUX: 't', STY: 's' })).toContain(`${ESC}Ptmux;`);
  });

  it('refuses text too long for terminals to accept', () => {
    const limitBytes = (OSC52_MAX_BASE64 / 4) * 3;
    expect(clipboardSequence('a'.repeat(limitBytes), {})).toBeDefined();
    expect(clipboardSequence('a'.repeat(limitBytes + 3), {})).toBeUndefined();
  });

  it('copies an empty string', () => {
    expect(payloadOf(clipboardSequence('', {}) as string)).toBe('');
  });
});
