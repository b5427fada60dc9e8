// Downloads one file (a debug image, an artifact) by URL with undici, streaming the body to a
// writable. The bearer token is sent only to hosts the caller trusts with it.
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Pool } from 'undici';

export interface FetchFileOptions {
  /** Sent as `Authorization: Bearer ...` when given. */
  token?: string | undefined;
  signal?: AbortSignal | undefined;
  /** Larger bodies are refused (default 512 MiB). */
  maxBytes?: number | undefined;
  /** Headers-and-body deadline in ms (default 60 s). */
  timeoutMs?: number | undefined;
  /** TLS settings of the API client (verify_certificate false, or a CA bundle), so files obey them too. */
  tls?: FileTls | undefined;
}

interface FileTls {
  rejectUnauthorized?: boolean;
  ca?: string;
}

export class FetchFileError extends Error {
  constructor(
    message: string,
    readonly url: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

const DEFAULT_MAX_BYTES = 512 * 1024 * 1024;

/** True when `url` is served by one of `hosts` (same scheme, host and port), so a token may go there. */
export function sameOrigin(url: string, hosts: (string | undefined)[]): boolean {
  let origin: string;
  try {
    origin = new URL(url).origin;
  } catch {
    return false;
  }
  return hosts.some((host) => {
    if (!host) return false;
    try {
      return new URL(host).origin === origin;
    } catch {
      return false;
    }
  });
}

/** Streams the body at `url` into `out`; resolves with the byte count. */
export async function fetchFile(url: string, out: Writable, opts: FetchFileOptions = {}): Promise<number> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new FetchFileError(`not a URL: ${url}`, url);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new FetchFileError(`cannot download ${parsed.protocol} URLs (only http and https): ${url}`, url);
  }
  const timeoutMs = opts.timeoutMs ?? 60_000;
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  // A pool for this one origin: the bundle carries undici's Pool only, not its global dispatcher.
  const pool = new Pool(parsed.origin, opts.tls ? { connect: { ...opts.tls } } : {});
  try {
    return await download(pool, parsed, out, opts.token, opts.signal, timeoutMs, maxBytes);
  } finally {
    await pool.destroy();
  }
}

async function download(
  pool: Pool,
  parsed: URL,
  out: Writable,
  token: string | undefined,
  signal: AbortSignal | undefined,
  timeoutMs: number,
  maxBytes: number,
): Promise<number> {
  const url = parsed.href;
  let res: Awaited<ReturnType<Pool['request']>>;
  try {
    res = await pool.request({
      path: `${parsed.pathname}${parsed.search}`,
      method: 'GET',
      headers: token ? { authorization: `Bearer ${token}` } : {},
      signal,
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
  } catch (err) {
    throw new FetchFileError(`cannot download ${url}: ${err instanceof Error ? err.message : String(err)}`, url);
  }
  if (res.statusCode < 200 || res.statusCode >= 300) {
    await res.body.dump();
    throw new FetchFileError(`cannot download ${url}: HTTP ${res.statusCode}`, url, res.statusCode);
  }
  const declared = Number(res.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    await res.body.dump();
    throw new FetchFileError(`${url} is larger than ${maxBytes} bytes`, url);
  }
  let bytes = 0;
  res.body.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes > maxBytes) res.body.destroy(new FetchFileError(`${url} is larger than ${maxBytes} bytes`, url));
  });
  try {
    await pipeline(res.body, out);
  } catch (err) {
    if (err instanceof FetchFileError) throw err;
    throw new FetchFileError(`download of ${url} failed: ${err instanceof Error ? err.message : String(err)}`, url);
  }
  return bytes;
}

/** The body at `url` in memory (for images drawn in the terminal); `maxBytes` bounds it. */
export async function fetchBytes(url: string, opts: FetchFileOptions = {}): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  await fetchFile(url, sink, opts);
  return new Uint8Array(Buffer.concat(chunks));
}
