// A multipart body as the ClearML SDK's uploads send it, for tests of the files host.

/** A multipart body as the SDK's MultipartEncoder writes it: the field name is the object path. */
export function multipart(fields: { name: string; data: Buffer | string; filename?: string }[]): {
  body: Buffer;
  contentType: string;
} {
  const boundary = 'b0undary8e1f';
  const chunks: Buffer[] = [];
  for (const f of fields) {
    const filename = f.filename ?? f.name;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.name}"; filename="${filename}"\r\n` +
          'Content-Type: application/octet-stream\r\n\r\n',
      ),
      Buffer.isBuffer(f.data) ? f.data : Buffer.from(f.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
