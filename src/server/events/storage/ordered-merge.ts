// Reads rows of several ordered sources (one per series) as one ordered stream, pulling each
// source in growing chunks, so a page costs about its own size whatever the series lengths.

/** Yields rows in the merge order; each fetch continues after the last row it returned. */
export interface RowSource<R> {
  peek(): R | undefined;
  take(): R | undefined;
}

const FIRST_CHUNK = 64;
const MAX_CHUNK = 16384;

/** `fetch(after, limit)`: up to `limit` rows after `after` (undefined: from the start). */
export function chunkedSource<R>(
  fetch: (after: R | undefined, limit: number) => R[],
  firstChunk = FIRST_CHUNK,
): RowSource<R> {
  let buffer: R[] = [];
  let pos = 0;
  let last: R | undefined;
  let chunk = firstChunk;
  let exhausted = false;
  const fill = () => {
    if (pos < buffer.length || exhausted) return;
    buffer = fetch(last, chunk);
    pos = 0;
    if (buffer.length < chunk) exhausted = true;
    chunk = Math.min(chunk * 4, MAX_CHUNK);
  };
  return {
    peek() {
      fill();
      return buffer[pos];
    },
    take() {
      fill();
      const row = buffer[pos];
      if (row !== undefined) {
        pos++;
        last = row;
      }
      return row;
    },
  };
}

/**
 * Takes rows in key order (ascending, or descending when `desc`) until at least `limit` are
 * taken, then every further row sharing the last taken key: a page never splits a key value.
 */
export function takePage<R>(sources: RowSource<R>[], key: (r: R) => number, desc: boolean, limit: number): R[] {
  const out: R[] = [];
  let lastKey: number | undefined;
  for (;;) {
    let best: RowSource<R> | undefined;
    let bestKey = 0;
    for (const s of sources) {
      const row = s.peek();
      if (row === undefined) continue;
      const k = key(row);
      if (best === undefined || (desc ? k > bestKey : k < bestKey)) {
        best = s;
        bestKey = k;
      }
    }
    if (best === undefined) break;
    if (out.length >= limit && bestKey !== lastKey) break;
    out.push(best.take() as R);
    lastKey = bestKey;
  }
  return out;
}

/** A source whose rows are converted on the way out (each row converted once). */
export function mapSource<R, T>(src: RowSource<R>, convert: (row: R) => T): RowSource<T> {
  let head: T | undefined;
  let ready = false;
  const peek = (): T | undefined => {
    if (!ready) {
      const row = src.peek();
      head = row === undefined ? undefined : convert(row);
      ready = true;
    }
    return head;
  };
  return {
    peek,
    take() {
      const row = peek();
      if (row !== undefined) {
        src.take();
        ready = false;
      }
      return row;
    },
  };
}
