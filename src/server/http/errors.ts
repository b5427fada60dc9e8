import type { ErrorCode } from '../../wire/errors.js';

/**
 * An error the server answers in the envelope. The message follows real servers:
 * `<default text>[ (<extra>)][: k1=v1, k2=v2]`, list values rendered as `(a, b)`.
 */
export class ServerError extends Error {
  readonly code: ErrorCode;
  constructor(code: ErrorCode, extra?: string, fields?: Record<string, unknown>) {
    super(formatErrorMessage(code.text, extra, fields));
    this.code = code;
    this.name = 'ServerError';
  }

  /** An error whose whole result_msg is given (e.g. the 404 text of real servers). */
  static withMessage(code: ErrorCode, message: string): ServerError {
    const err = new ServerError(code);
    err.message = message;
    return err;
  }
}

export function formatErrorMessage(text: string, extra?: string, fields?: Record<string, unknown>): string {
  let msg = text;
  if (extra) msg += ` (${extra})`;
  const entries = Object.entries(fields ?? {}).filter(([, v]) => v !== undefined);
  if (entries.length > 0) {
    msg +=
      ': ' +
      entries.map(([k, v]) => `${k}=${Array.isArray(v) ? `(${v.map(String).join(', ')})` : String(v)}`).join(', ');
  }
  return msg;
}
