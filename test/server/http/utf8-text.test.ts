import { describe, expect, it } from 'vitest';
import { utf8Text } from '../../../src/server/http/utf8-text.js';

/** Node's own UTF-8 decoder, which utf8Text must agree with byte for byte. */
const reference = (bytes: Buffer) => bytes.toString('utf8');

describe('utf8Text', () => {
  it('reads ASCII, multi-byte characters and the 0x7f/0x80 boundary as UTF-8', () => {
    for (const text of ['', '{"msg":"loss=0.25"}', 'del \x7f', 'é', 'naïve café', '日本語', 'ok 🚀 done', '\u0080'])
      expect(utf8Text(Buffer.from(text))).toBe(text);
  });

  it('keeps bytes that are not UTF-8 as the UTF-8 decoder does (replacement characters)', () => {
    for (const bytes of [[0x80], [0xff, 0x41], [0x41, 0xc3], [0xe2, 0x82], [0xed, 0xa0, 0x80], [0x41, 0xfe, 0x42]]) {
      const buf = Buffer.from(bytes);
      expect(utf8Text(buf)).toBe(reference(buf));
      expect(utf8Text(buf)).toContain('\ufffd');
    }
  });

  it('agrees with the UTF-8 decoder on random bytes, mostly ASCII and not', () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    for (let n = 0; n < 500; n++) {
      const highShare = n % 5; // 0: pure ASCII ... 4: many high bytes
      const buf = Buffer.alloc(next() % 300);
      for (let i = 0; i < buf.length; i++) buf[i] = next() % 10 < highShare ? 0x80 + (next() % 128) : next() % 128;
      expect(utf8Text(buf)).toBe(reference(buf));
    }
  });
});
