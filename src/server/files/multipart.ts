// multipart/form-data bodies (RFC 7578) as the ClearML SDK's uploads send them: each part's
// field name is the object's path, its body the file's bytes.

export class BadMultipart extends Error {}

/** The boundary of a `multipart/form-data; boundary=...` content type, or undefined. */
export function multipartBoundary(contentType: string): string | undefined {
  const [type, ...params] = contentType.split(';');
  if (type?.trim().toLowerCase() !== 'multipart/form-data') return undefined;
  for (const param of params) {
    const eq = param.indexOf('=');
    if (eq < 0 || param.slice(0, eq).trim().toLowerCase() !== 'boundary') continue;
    const value = param.slice(eq + 1).trim();
    const unquoted = value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
    if (unquoted !== '' && unquoted.length <= 200) return unquoted;
  }
  return undefined;
}

/** A Content-Disposition parameter: `name="..."` or `name*=utf-8''...`. */
function dispositionParam(header: string, key: string): string | undefined {
  const extended = new RegExp(`(?:^|;)\\s*${key}\\*=([^;]*)`, 'i').exec(header);
  if (extended?.[1] !== undefined) {
    const value = extended[1].trim();
    const quote = value.indexOf("''");
    try {
      return decodeURIComponent(quote >= 0 ? value.slice(quote + 2) : value);
    } catch {
      throw new BadMultipart(`malformed ${key}* parameter`);
    }
  }
  // HTML5 form encoding (urllib3, browsers): `"` is sent as %22 and backslashes are literal.
  const quoted = new RegExp(`(?:^|;)\\s*${key}="([^"]*)"`, 'i').exec(header);
  if (quoted?.[1] !== undefined) return quoted[1].replace(/%22/g, '"');
  const bare = new RegExp(`(?:^|;)\\s*${key}=([^;\\s]+)`, 'i').exec(header);
  return bare?.[1];
}

function parseHeaders(text: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of text.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return headers;
}

/** A part's headers: its field name (the object's path) and what else it says. */
export interface PartHead {
  name: string;
  filename?: string;
  contentType?: string;
}

/** Where a part's bytes go: `write` each piece in order, then `end`. */
interface PartWriter {
  write(data: Buffer): Promise<void>;
  end(): Promise<void>;
}

/** Longest preamble or part header block read before giving up. */
const HEAD_LIMIT_BYTES = 16 * 1024;

function partHead(text: string): PartHead {
  const headers = parseHeaders(text);
  const disposition = headers.get('content-disposition') ?? '';
  const name = dispositionParam(disposition, 'name');
  if (name === undefined) throw new BadMultipart('a part has no field name');
  const head: PartHead = { name };
  const filename = dispositionParam(disposition, 'filename');
  if (filename !== undefined) head.filename = filename;
  const contentType = headers.get('content-type');
  if (contentType !== undefined) head.contentType = contentType;
  return head;
}

/**
 * Reads a multipart body as it arrives and hands each part's bytes to the writer `open` gives
 * for it: memory holds one chunk and a boundary's length, whatever the parts' sizes. At most
 * `maxParts` parts. Resolves with the number of parts once the closing boundary is read.
 */
export async function streamMultipart(
  source: AsyncIterable<Buffer>,
  boundary: string,
  opts: { maxParts: number; open: (head: PartHead) => Promise<PartWriter> },
): Promise<number> {
  const first = Buffer.from(`--${boundary}`);
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  let buf: Buffer = Buffer.alloc(0);
  let state: 'preamble' | 'after' | 'headers' | 'body' | 'done' = 'preamble';
  let writer: PartWriter | undefined;
  let parts = 0;
  for await (const chunk of source) {
    if (state === 'done') continue; // the epilogue is read and ignored
    buf = buf.length === 0 ? chunk : Buffer.concat([buf, chunk]);
    for (;;) {
      if (state === 'preamble') {
        const i = buf.indexOf(first);
        if (i < 0) {
          if (buf.length > HEAD_LIMIT_BYTES) throw new BadMultipart('the body does not contain the boundary');
          break;
        }
        buf = buf.subarray(i + first.length);
        state = 'after';
      } else if (state === 'after') {
        if (buf.length < 2) break;
        const two = buf.toString('latin1', 0, 2);
        if (two === '--') {
          state = 'done';
          break;
        }
        if (two !== '\r\n') throw new BadMultipart('malformed boundary line');
        buf = buf.subarray(2);
        state = 'headers';
      } else if (state === 'headers') {
        const end = buf.indexOf('\r\n\r\n');
        if (end < 0) {
          if (buf.length > HEAD_LIMIT_BYTES) throw new BadMultipart('a part has no end of headers');
          break;
        }
        const head = partHead(buf.toString('utf8', 0, end));
        if (++parts > opts.maxParts)
          throw new BadMultipart(`more than ${opts.maxParts} files in one upload; send them in several`);
        writer = await opts.open(head);
        buf = buf.subarray(end + 4);
        state = 'body';
      } else if (state === 'body') {
        const w = writer as PartWriter;
        const i = buf.indexOf(delimiter);
        if (i >= 0) {
          if (i > 0) await w.write(buf.subarray(0, i));
          await w.end();
          writer = undefined;
          buf = buf.subarray(i + delimiter.length);
          state = 'after';
          continue;
        }
        // All but what could be the start of the delimiter is the part's.
        const keep = delimiter.length - 1;
        if (buf.length > keep) {
          await w.write(buf.subarray(0, buf.length - keep));
          buf = Buffer.from(buf.subarray(buf.length - keep));
        }
        break;
      } else break;
    }
  }
  if (state === 'done') return parts;
  if (state === 'preamble') throw new BadMultipart('the body does not contain the boundary');
  throw new BadMultipart('the body ends without a closing boundary');
}
