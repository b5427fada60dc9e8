// The files directory: objects stored under their sanitised paths, written atomically, never
// through a symlink, and read back only when they resolve inside the directory.
import { randomBytes } from 'node:crypto';
import { lstatSync, mkdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { BadFilePath, isInside } from './file-paths.js';

function lstatOrUndefined(path: string) {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}

/** Creates the directories of `segments` under root, refusing symlinks and files on the way. */
function ensureDirectories(root: string, segments: readonly string[]): string {
  mkdirSync(root, { recursive: true });
  let dir = root;
  for (const segment of segments) {
    dir = join(dir, segment);
    const st = lstatOrUndefined(dir);
    if (st === undefined) mkdirSync(dir);
    else if (st.isSymbolicLink()) throw new BadFilePath(`'${segment}' is a symbolic link`);
    else if (!st.isDirectory()) throw new BadFilePath(`'${segment}' is a file, not a folder`);
  }
  if (!isInside(root, dir)) throw new BadFilePath('the path leaves the files directory');
  return dir;
}

/** Stores `data` at root/segments (replacing an earlier upload of the same path). */
export function storeFile(root: string, segments: readonly string[], data: Buffer): void {
  const dir = ensureDirectories(root, segments.slice(0, -1));
  const target = join(dir, segments[segments.length - 1] as string);
  const existing = lstatOrUndefined(target);
  if (existing !== undefined && !existing.isFile()) throw new BadFilePath('the path names a folder or a link');
  const temp = join(dirname(target), `.upload-${randomBytes(6).toString('hex')}`);
  try {
    writeFileSync(temp, data, { flag: 'wx', mode: 0o600 });
    renameSync(temp, target);
  } catch (err) {
    rmSync(temp, { force: true });
    throw err;
  }
}

/** The stored file's absolute path and size, or undefined when there is no such regular file inside root. */
export function findFile(root: string, segments: readonly string[]): { path: string; size: number } | undefined {
  const path = join(root, ...segments);
  if (lstatOrUndefined(root) === undefined || !isInside(root, path)) return undefined;
  const st = statSync(path, { throwIfNoEntry: false });
  return st?.isFile() ? { path, size: st.size } : undefined;
}
