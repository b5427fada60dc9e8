// What the monitor and its log-scan worker (log-scan-worker.ts) send each other. Messages are
// structured clones: no functions, and errors lose their class, so an error travels as its
// fields and is built again on the monitor's side as the store reads it (store/core/errors.ts).
import type { ClientOptions } from '../../api/client.js';
import { ApiError, type ApiErrorInit } from '../../api/errors.js';
import { DataShapeError } from '../core/index.js';
import type { LogScanRequest, LogScanResult } from './scan.js';

/** The monitor's client settings for the worker's own client (`now` is a function: not sent). */
export type WorkerClientOptions = Omit<ClientOptions, 'now'>;

/** A scan as the worker gets it: the request without its functions, the query as its text. */
export interface ScanJob extends Omit<LogScanRequest, 'query' | 'signal' | 'onPage'> {
  query: string;
  client: WorkerClientOptions;
}

export type WireError =
  | { class: 'api'; init: Omit<ApiErrorInit, 'cause'> }
  | { class: 'data-shape'; endpoint: string; message: string }
  | { class: 'other'; message: string };

export type WorkerMessage =
  | { type: 'page'; scanned: number; pages: number }
  | { type: 'done'; result: LogScanResult }
  | { type: 'failed'; error: WireError };

export function errorToWire(err: unknown): WireError {
  if (err instanceof ApiError) return { class: 'api', init: err.fields() };
  if (err instanceof DataShapeError) return { class: 'data-shape', endpoint: err.endpoint, message: err.message };
  return { class: 'other', message: err instanceof Error ? err.message : String(err) };
}

export function errorFromWire(wire: WireError): Error {
  switch (wire.class) {
    case 'api':
      return new ApiError(wire.init);
    case 'data-shape':
      return new DataShapeError(wire.endpoint, wire.message);
    case 'other':
      return new Error(wire.message);
  }
}
