// Reads one HTTP answer: the envelope's `data` on success, an ApiError otherwise
// (docs/wire-facts.md §1.3, §1.4). Answers that are not envelopes (proxy error pages, the plain-text
// 415) are quoted in the error so the user sees what actually came back.
import { isEnvelope } from '../wire/envelope.js';
import { RETRYABLE_HTTP_STATUSES } from '../wire/errors.js';
import { ApiError, oneLine } from './errors.js';

interface RawAnswer {
  status: number;
  contentType: string;
  retryAfterSec: number | undefined;
  text: string;
}

const QUOTE_CHARS = 200;

function quote(text: string): string {
  const flat = oneLine(text);
  if (flat === '') return '(empty body)';
  return flat.length > QUOTE_CHARS ? `${flat.slice(0, QUOTE_CHARS)}…` : flat;
}

function isJsonType(contentType: string): boolean {
  const main = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return main === 'application/json' || main.endsWith('+json');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Parses `Retry-After` (seconds or an HTTP date) into whole seconds from now. */
export function parseRetryAfter(value: string | undefined, nowMs: number): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const at = Date.parse(trimmed);
  if (Number.isNaN(at)) return undefined;
  return Math.max(0, Math.ceil((at - nowMs) / 1000));
}

export function decodeAnswer(endpoint: string, answer: RawAnswer): unknown {
  const { status, text } = answer;
  const transient = RETRYABLE_HTTP_STATUSES.has(status);
  const retryAfterSec = answer.retryAfterSec;

  // The log download is a raw attachment on success; errors before streaming are envelopes.
  if (endpoint === 'events.download_task_log' && status === 200 && !isJsonType(answer.contentType)) return text;

  const parsed = parseJson(text);
  if (!isEnvelope(parsed)) {
    if (endpoint === 'events.download_task_log' && status === 200) return text;
    const ok = status >= 200 && status < 300;
    throw new ApiError({
      kind: ok ? 'protocol' : 'http',
      endpoint,
      httpStatus: status,
      resultCode: status,
      resultSubcode: 0,
      transient,
      retryAfterSec,
      message: `${ok ? 'unexpected answer' : `HTTP ${status}`} (not a ClearML response): ${quote(text)}`,
    });
  }

  const meta = parsed.meta;
  if (meta.result_code === 200 && status >= 200 && status < 300) return parsed.data ?? {};

  const resultCode = meta.result_code === 200 ? status : meta.result_code;
  const subcode = typeof meta.result_subcode === 'number' ? meta.result_subcode : 0;
  const message = typeof meta.result_msg === 'string' && meta.result_msg !== '' ? meta.result_msg : `HTTP ${status}`;
  throw new ApiError({
    kind: 'http',
    endpoint,
    httpStatus: status,
    resultCode,
    resultSubcode: subcode,
    transient: transient || RETRYABLE_HTTP_STATUSES.has(resultCode),
    retryAfterSec,
    message: oneLine(message),
  });
}
