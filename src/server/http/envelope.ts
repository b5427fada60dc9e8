// The response envelope of docs/wire-facts.md §1.3.
import type { Envelope, ResponseMeta } from '../../wire/envelope.js';
import type { ErrorCode } from '../../wire/errors.js';
import { JsonBytes } from '../handlers/handler-types.js';

export interface CallInfo {
  id: string;
  trx: string;
  endpoint: string;
  requestedVersion: string | number;
  actualVersion: string | number | null;
}

function meta(call: CallInfo, code: number, subcode: number, msg: string, stack: string | null): ResponseMeta {
  return {
    id: call.id,
    trx: call.trx,
    endpoint: { name: call.endpoint, requested_version: call.requestedVersion, actual_version: call.actualVersion },
    result_code: code,
    result_subcode: subcode,
    result_msg: msg,
    error_stack: stack,
    error_data: {},
  };
}

export function successEnvelope(call: CallInfo, data: unknown): Envelope {
  return { meta: meta(call, 200, 0, 'OK', ''), data: data ?? {} };
}

export function errorEnvelope(call: CallInfo, code: ErrorCode, message: string): Envelope {
  // Real servers send a traceback for 500s; ours stays in the server log, the client gets "".
  return { meta: meta(call, code.httpStatus, code.subcode, message, code.httpStatus >= 500 ? '' : null), data: {} };
}

/** The JSON text of an envelope; `data` given as JsonBytes goes in as it is. */
export function envelopeJson(envelope: Envelope): string | Buffer {
  if (!(envelope.data instanceof JsonBytes)) return JSON.stringify(envelope);
  return Buffer.concat([Buffer.from(envelopeHead(envelope)), ...envelope.data.parts, Buffer.from('}')]);
}

/** The envelope's JSON text up to its `data` value, which the caller writes, then `}`. */
export function envelopeHead(envelope: Envelope): string {
  // `data` is the envelope's last field: the text of the rest ends with `"data":null}`.
  return JSON.stringify({ ...envelope, data: null }).slice(0, -'null}'.length);
}
