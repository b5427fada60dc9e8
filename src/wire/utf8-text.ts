// Decoding a body's bytes to text, on both ends of the wire.
import { isAscii } from 'node:buffer';

/**
 * The UTF-8 text of `bytes` from `start`. Most bodies are plain ASCII (JSON escapes nothing
 * else in log pages of English logs); their bytes are their characters, and Node 20 copies
 * them as such about 8 times faster than its UTF-8 decoder reads them (a 1.5 MB log page:
 * 0.13 ms against 1.0 ms).
 */
export function utf8Text(bytes: Buffer, start = 0): string {
  const body = start === 0 ? bytes : bytes.subarray(start);
  return isAscii(body) ? body.toString('latin1') : body.toString('utf8');
}
