// One HTTP request through an undici dispatcher, its whole body read as bytes. Undici's
// `request()` wraps the same dispatch in an async resource and a Readable stream for the body;
// every call here reads the body to its end at once, and the monitor sends a few of these a
// second for days, so it drives the dispatch itself (bench/poll-scale.mjs: less CPU a call).
import type { Dispatcher } from 'undici';
import { AnswerTooLarge } from './answer-limit.js';

interface Exchange {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body's bytes, a UTF-8 byte order mark dropped (as `body.text()` drops it). */
  body: Buffer;
}

interface ExchangeRequest {
  method: 'POST' | 'GET';
  path: string;
  headers: Record<string, string>;
  body: string;
  /** Bound of the answer's body in bytes: past it the request fails with AnswerTooLarge. */
  maxBytes: number;
  /** Called as the request is handed to a connection, just before it is written. */
  onSent?: (() => void) | undefined;
}

const UTF8_BOM = [0xef, 0xbb, 0xbf] as const;

/**
 * Sends `request` and resolves with the status, headers and body bytes, or rejects with what
 * undici fails it with: a connection error, or `signal`'s reason once it fires. An answer that
 * announces more than `maxBytes`, or sends more, fails with AnswerTooLarge at once: the
 * connection is dropped, the rest is never read, and what was read is let go.
 */
export function exchange(dispatcher: Dispatcher, request: ExchangeRequest, signal: AbortSignal): Promise<Exchange> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) {
      reject(signal.reason);
      return;
    }
    let controller: Dispatcher.DispatchController | null = null;
    let done = false;
    let status = 0;
    let headers: Exchange['headers'] = {};
    const chunks: Buffer[] = [];
    let length = 0;
    // Before the request has a connection it is only queued: it is aborted when it gets one.
    const onAbort = () => {
      if (!done) controller?.abort(signal.reason as Error);
    };
    signal.addEventListener('abort', onAbort, { once: true });
    const finish = () => {
      done = true;
      signal.removeEventListener('abort', onAbort);
    };
    let refused = false;
    const refuse = (c: Dispatcher.DispatchController, declared: number | undefined) => {
      refused = true;
      const over = new AnswerTooLarge(request.maxBytes, length, declared);
      chunks.length = 0;
      c.abort(over);
    };
    dispatcher.dispatch(
      { method: request.method, path: request.path, headers: request.headers, body: request.body },
      {
        onRequestStart(c) {
          controller = c;
          if (signal.aborted) c.abort(signal.reason as Error);
          else request.onSent?.();
        },
        onResponseStart(c, statusCode, responseHeaders) {
          status = statusCode;
          headers = responseHeaders;
          const declared = Number(responseHeaders['content-length']);
          if (Number.isFinite(declared) && declared > request.maxBytes) refuse(c, declared);
        },
        onResponseData(c, chunk) {
          if (refused) return;
          if (length + chunk.length > request.maxBytes) {
            length += chunk.length;
            refuse(c, undefined);
            return;
          }
          chunks.push(chunk);
          length += chunk.length;
        },
        onResponseEnd() {
          finish();
          const body = chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, length);
          const start = UTF8_BOM.every((byte, i) => body[i] === byte) ? UTF8_BOM.length : 0;
          resolve({ status, headers, body: start === 0 ? body : body.subarray(start) });
        },
        onResponseError(_c, err) {
          finish();
          reject(err);
        },
      },
    );
  });
}
