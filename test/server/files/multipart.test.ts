// multipart/form-data parsing of upload bodies, including the forms urllib3 and browsers send.
import { describe, expect, it } from 'vitest';
import {
  BadMultipart,
  multipartBoundary,
  streamMultipart,
  type PartHead,
} from '../../../src/server/files/multipart.js';
import { BadFilePath, filePathSegments } from '../../../src/server/files/file-paths.js';

const body = (text: string) => Buffer.from(text.replace(/\n/g, '\r\n'));

type Part = PartHead & { data: Buffer };

/** The parts of a body fed to the streaming parser `chunk` bytes at a time. */
async function parseMultipart(whole: Buffer, boundary: string, chunk = whole.length || 1): Promise<Part[]> {
  const parts: Part[] = [];
  async function* source() {
    for (let i = 0; i < whole.length; i += chunk) yield whole.subarray(i, i + chunk);
  }
  await streamMultipart(source(), boundary, {
    maxParts: 5,
    open: async (head) => {
      const part: Part = { ...head, data: Buffer.alloc(0) };
      parts.push(part);
      return {
        write: async (data) => void (part.data = Buffer.concat([part.data, data])),
        end: async () => undefined,
      };
    },
  });
  return parts;
}

describe('multipart', () => {
  it('reads the boundary, quoted or bare, and nothing from other content types', () => {
    expect(multipartBoundary('multipart/form-data; boundary=abc')).toBe('abc');
    expect(multipartBoundary('Multipart/Form-Data; charset=x; boundary="a b"')).toBe('a b');
    expect(multipartBoundary('application/json')).toBeUndefined();
    expect(multipartBoundary('multipart/form-data')).toBeUndefined();
  });

  it('parses parts with plain, %22-escaped and RFC 2231 names, keeping bytes exact, in chunks of any size', async () => {
    const whole = body(
      '--XX\nContent-Disposition: form-data; name="/p/a.png"; filename="a.png"\nContent-Type: image/png\n\n\u0001\u0002\n' +
        '--XX\nContent-Disposition: form-data; name="say %22hi%22.txt"\n\nhello\n' +
        "--XX\nContent-Disposition: form-data; name*=utf-8''caf%C3%A9.txt\n\n\n--XX--\n",
    );
    for (const chunk of [1, 2, 3, 7, whole.length]) {
      const parts = await parseMultipart(whole, 'XX', chunk);
      expect(parts.map((p) => p.name)).toEqual(['/p/a.png', 'say "hi".txt', 'café.txt']);
      expect(parts[0]?.data).toEqual(Buffer.from([1, 2]));
      expect(parts[0]?.contentType).toBe('image/png');
      expect(parts[1]?.data.toString()).toBe('hello');
      expect(parts[2]?.data.length).toBe(0);
    }
  });

  it('refuses more parts than allowed', async () => {
    const many = body(`${'--XX\nContent-Disposition: form-data; name="f"\n\nx\n'.repeat(6)}--XX--\n`);
    await expect(parseMultipart(many, 'XX')).rejects.toThrow('more than 5 files in one upload');
  });

  it('refuses a body without the boundary, an unterminated part and a part without a name', async () => {
    await expect(parseMultipart(body('nothing here'), 'XX')).rejects.toThrow(BadMultipart);
    await expect(
      parseMultipart(body('--XX\nContent-Disposition: form-data; name="a"\n\nno end'), 'XX'),
    ).rejects.toThrow(BadMultipart);
    await expect(parseMultipart(body('--XX\nContent-Disposition: form-data\n\nx\n--XX--'), 'XX')).rejects.toThrow(
      BadMultipart,
    );
  });
});

describe('file paths', () => {
  it('splits paths, dropping empty segments and a leading slash', () => {
    expect(filePathSegments('/a//b/c.png')).toEqual(['a', 'b', 'c.png']);
  });

  it('refuses dot segments, NUL, backslashes, drive letters and empty paths', () => {
    for (const p of ['../x', 'a/./b', 'a\u0000b', 'a\\b', 'C:/x', '', '///'])
      expect(() => filePathSegments(p), JSON.stringify(p)).toThrow(BadFilePath);
  });
});
