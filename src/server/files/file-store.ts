// The files directory: objects stored under their sanitised paths, written atomically, never
// through a symlink, and read back only when they resolve inside the directory.
import { randomBytes } from 'node:crypto';
import { chmodSync, lstatSync, readdirSync, rmSync, statSync } from 'node:fs';
import { lstat, mkdir, open, realpath, rename, rm, rmdir, unlink, type FileHandle } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { BadFilePath, isInside } from './file-paths.js';

/** isInside without blocking: `path` (resolved through symlinks) is `root` or inside it. */
async function isInsideAsync(root: string, path: string): Promise<boolean> {
  const [realRoot, real] = await Promise.all([realpath(root), realpath(path).catch(() => undefined)]);
  return real !== undefined && (real === realRoot || real.startsWith(realRoot + sep));
}

function lstatOrUndefined(path: string) {
  return lstat(path).catch(() => undefined);
}

/** Creates the directories of `segments` under root, refusing symlinks and files on the way. */
async function ensureDirectories(root: string, segments: readonly string[]): Promise<string> {
  await mkdir(root, { recursive: true, mode: 0o700 });
  let dir = root;
  for (const segment of segments) {
    dir = join(dir, segment);
    const st = await lstatOrUndefined(dir);
    if (st === undefined)
      await mkdir(dir, 0o700).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'EEXIST') throw err; // a concurrent upload made it
      });
    else if (st.isSymbolicLink()) throw new BadFilePath(`'${segment}' is a symbolic link`);
    else if (!st.isDirectory()) throw new BadFilePath(`'${segment}' is a file, not a folder`);
  }
  if (!(await isInsideAsync(root, dir))) throw new BadFilePath('the path leaves the files directory');
  return dir;
}

/** The name of an upload's temp file starts with this. */
const UPLOAD_TEMP_PREFIX = '.upload-';

/**
 * At start, before any upload: removes the temp files of uploads a crash cut short, and makes
 * the files folder private (0700) like the database. Returns how many temp files it removed.
 */
export function tidyFilesDir(root: string): number {
  if (!lstatSync(root, { throwIfNoEntry: false })?.isDirectory()) return 0;
  if ((statSync(root).mode & 0o077) !== 0) chmodSync(root, 0o700);
  let removed = 0;
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true }))
    if (entry.isFile() && entry.name.startsWith(UPLOAD_TEMP_PREFIX)) {
      rmSync(join(entry.parentPath, entry.name), { force: true });
      removed++;
    }
  return removed;
}

/** A file being uploaded: written to `temp` beside `target`, renamed into place by commitUpload. */
export interface PendingUpload {
  temp: string;
  target: string;
  handle: FileHandle;
}

/**
 * Opens the temp file of an upload to root/segments. Every step is asynchronous (the thread
 * pool does the file system work), so an upload of many parts never holds up other requests.
 */
export async function openUpload(root: string, segments: readonly string[]): Promise<PendingUpload> {
  const dir = await ensureDirectories(root, segments.slice(0, -1));
  const target = join(dir, segments[segments.length - 1] as string);
  const existing = await lstatOrUndefined(target);
  if (existing !== undefined && !existing.isFile()) throw new BadFilePath('the path names a folder or a link');
  const temp = join(dirname(target), `${UPLOAD_TEMP_PREFIX}${randomBytes(6).toString('hex')}`);
  return { temp, target, handle: await open(temp, 'wx', 0o600) };
}

/** Moves finished uploads into place (replacing earlier uploads of the same paths). */
export async function commitUploads(uploads: readonly PendingUpload[]): Promise<void> {
  for (const u of uploads) await rename(u.temp, u.target);
}

/** Closes and deletes the temp files of uploads that did not finish. */
export async function discardUploads(uploads: readonly PendingUpload[]): Promise<void> {
  for (const u of uploads) {
    await u.handle.close().catch(() => undefined);
    await rm(u.temp, { force: true }).catch(() => undefined);
  }
}

/** The stored file's absolute path and size, or undefined when there is no such regular file inside root. */
export function findFile(root: string, segments: readonly string[]): { path: string; size: number } | undefined {
  const path = join(root, ...segments);
  if (!lstatSync(root, { throwIfNoEntry: false }) || !isInside(root, path)) return undefined;
  const st = statSync(path, { throwIfNoEntry: false });
  return st?.isFile() ? { path, size: st.size } : undefined;
}

/**
 * Deletes the stored file at segments (false when there is none), then the folders it leaves
 * empty, up to but not including root: a deleted task's artifacts leave no trace.
 */
export async function deleteFile(root: string, segments: readonly string[]): Promise<boolean> {
  const file = findFile(root, segments);
  if (file === undefined) return false;
  await unlink(file.path);
  const top = resolve(root);
  for (let dir = dirname(resolve(file.path)); dir.startsWith(top + sep); dir = dirname(dir)) {
    // Not empty (or another request's upload just made something there): stop.
    if (
      !(await rmdir(dir).then(
        () => true,
        () => false,
      ))
    )
      break;
  }
  return true;
}
