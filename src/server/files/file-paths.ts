// Object paths of the files host: what an upload's form field names (or a GET's URL) may be,
// and where it lives under the files directory. Nothing a request names may leave that directory.
import { realpathSync } from 'node:fs';
import { sep } from 'node:path';

export class BadFilePath extends Error {}

/** Longest name of one file or folder (bytes of UTF-8), as common file systems allow. */
const MAX_SEGMENT_BYTES = 255;

/**
 * The path's segments, or BadFilePath. A leading `/` is relative to the files root (the SDK
 * sends `/project/task.id/...`); `..`, `.`, NUL, backslashes and drive letters are refused.
 */
export function filePathSegments(path: string): string[] {
  if (path.includes('\0')) throw new BadFilePath('the path contains a NUL character');
  if (path.includes('\\')) throw new BadFilePath('the path contains a backslash');
  const segments = path.split('/').filter((s) => s !== '');
  if (segments.length === 0) throw new BadFilePath('the path is empty');
  for (const s of segments) {
    if (s === '.' || s === '..') throw new BadFilePath(`the path contains a '${s}' segment`);
    if (/^[A-Za-z]:$/.test(s)) throw new BadFilePath('the path names a drive');
    // File systems refuse longer names (ENAMETOOLONG); say so before trying.
    if (Buffer.byteLength(s) > MAX_SEGMENT_BYTES)
      throw new BadFilePath(`a path segment is longer than ${MAX_SEGMENT_BYTES} bytes`);
  }
  if (segments.join('/').length > 1024) throw new BadFilePath('the path is longer than 1024 characters');
  return segments;
}

/** Decodes a URL path into segments (percent-escapes undone), or BadFilePath. */
export function urlPathSegments(urlPath: string): string[] {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    throw new BadFilePath('the path has a malformed percent-escape');
  }
  return filePathSegments(decoded);
}

/** True when `path` (resolved through symlinks) is `root` or inside it. */
export function isInside(root: string, path: string): boolean {
  const realRoot = realpathSync(root);
  let real: string;
  try {
    real = realpathSync(path);
  } catch {
    return false;
  }
  return real === realRoot || real.startsWith(realRoot + sep);
}
