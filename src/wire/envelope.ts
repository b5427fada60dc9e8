// The JSON envelope every ClearML response uses (docs/wire-facts.md §1.3). HTTP status == meta.result_code.

interface EndpointMeta {
  name: string;
  /** "2.31" as a string; real servers send floats for versions below 2.1. */
  requested_version: string | number;
  actual_version: string | number | null;
}

export interface ResponseMeta {
  id: string;
  trx: string;
  endpoint: EndpointMeta;
  result_code: number;
  result_subcode: number;
  result_msg: string;
  error_stack: string | null;
  error_data: Record<string, unknown>;
}

export interface Envelope<D = unknown> {
  meta: ResponseMeta;
  data: D;
}

/** The newest API version real servers of the reference snapshot answer for version-less calls. */
export const MAX_API_VERSION = '2.31';

/** Exactly this string: real servers compare it verbatim (docs/wire-facts.md §1.2). */
export const JSON_LINES_CONTENT_TYPE = 'application/json-lines';

export function isEnvelope(value: unknown): value is Envelope {
  if (typeof value !== 'object' || value === null) return false;
  const meta = (value as { meta?: unknown }).meta;
  return (
    typeof meta === 'object' &&
    meta !== null &&
    typeof (meta as ResponseMeta).result_code === 'number' &&
    'data' in (value as object)
  );
}
