// multipart/form-data bodies (RFC 7578) as the ClearML SDK's uploads send them: each part's
// field name is the object's path, its body the file's bytes.

export interface FormPart {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer;
}

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

export function parseMultipart(body: Buffer, boundary: string): FormPart[] {
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: FormPart[] = [];
  let pos = body.indexOf(delimiter);
  if (pos < 0) throw new BadMultipart('the body does not contain the boundary');
  for (;;) {
    pos += delimiter.length;
    if (body.subarray(pos, pos + 2).toString() === '--') return parts;
    if (body.subarray(pos, pos + 2).toString() !== '\r\n') throw new BadMultipart('malformed boundary line');
    pos += 2;
    const headerEnd = body.indexOf('\r\n\r\n', pos);
    if (headerEnd < 0) throw new BadMultipart('a part has no end of headers');
    const headers = parseHeaders(body.subarray(pos, headerEnd).toString('utf8'));
    const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), headerEnd + 4);
    if (next < 0) throw new BadMultipart('the body ends without a closing boundary');
    const disposition = headers.get('content-disposition') ?? '';
    const name = dispositionParam(disposition, 'name');
    if (name === undefined) throw new BadMultipart('a part has no field name');
    const part: FormPart = { name, data: body.subarray(headerEnd + 4, next) };
    const filename = dispositionParam(disposition, 'filename');
    if (filename !== undefined) part.filename = filename;
    const contentType = headers.get('content-type');
    if (contentType !== undefined) part.contentType = contentType;
    parts.push(part);
    pos = next + 2;
  }
}
