// `export images`: every debug image event of the task downloaded into a directory, named by
// metric, variant and iteration. Each file is written as NAME.partial and renamed when whole.
import { createWriteStream } from 'node:fs';
import { access, constants, mkdir, rename, rm, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { FetchFileError, fetchFile, sameOrigin } from '../../api/index.js';
import { counted } from '../../text/format.js';
import type { DebugImageEvent } from '../../wire/events.js';
import { CliError } from '../connection.js';
import { eventPages, type ExportContext } from './exporters.js';
import { partialPath } from './output.js';

const IMAGE_PAGE = 500;
const MAX_PART = 80;

/** A piece of a file name: letters, digits, dot, dash and underscore; never empty or hidden. */
export function safeNamePart(text: string): string {
  const cleaned = text
    .normalize('NFKC')
    .replace(/[^A-Za-z0-9._-]+/g, '_')
    .replace(/^[._]+/, '')
    .slice(0, MAX_PART);
  return cleaned === '' ? '_' : cleaned;
}

/** The URL's file extension when it looks like one (".png"), else ".bin". */
function urlExtension(url: string): string {
  let path = url;
  try {
    path = new URL(url).pathname;
  } catch {
    // Not a URL: take the extension of the text itself.
  }
  const ext = extname(path).toLowerCase();
  return /^\.[a-z0-9]{1,5}$/.test(ext) ? ext : '.bin';
}

/** "metric__variant__iter000012.png", unique within `used` (a counter is added on a clash). */
function imageFileName(event: Pick<DebugImageEvent, 'metric' | 'variant' | 'iter' | 'url'>, used: Set<string>): string {
  const iter = String(event.iter ?? 0).padStart(6, '0');
  const base = `${safeNamePart(event.metric)}__${safeNamePart(event.variant)}__iter${iter}`;
  const ext = urlExtension(event.url);
  let name = `${base}${ext}`;
  for (let n = 2; used.has(name); n += 1) name = `${base}-${n}${ext}`;
  used.add(name);
  return name;
}

/** Creates DIR when missing and checks it can be written to, before anything is downloaded. */
export async function prepareDirectory(dir: string): Promise<void> {
  try {
    const info = await stat(dir).catch(() => undefined);
    if (info && !info.isDirectory()) throw new CliError(`cannot write images to ${dir}: it is not a directory`);
    if (!info) await mkdir(dir, { recursive: true });
    await access(dir, constants.W_OK);
  } catch (err) {
    if (err instanceof CliError) throw err;
    const code = (err as NodeJS.ErrnoException).code;
    throw new CliError(
      `cannot write images to ${dir}: ${code === 'EACCES' || code === 'EPERM' ? 'permission denied' : (err as Error).message}`,
    );
  }
}

/** Downloads `url` to `path` through `path.partial`, renamed only when every byte arrived. */
export async function download(url: string, path: string, token: string | undefined): Promise<void> {
  const partial = partialPath(path);
  try {
    await fetchFile(url, createWriteStream(partial), { token });
    await rename(partial, path);
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
}

interface ImageExportOptions {
  dir: string;
  /** Hosts that get the API token with the request (the API server, the files server). */
  trustedHosts: (string | undefined)[];
}

/** An image that could not be downloaded: the file it would have been and why. */
interface SkippedImage {
  name: string;
  reason: string;
}

export interface ImageExportResult {
  written: number;
  skipped: SkippedImage[];
}

/**
 * Downloads every debug image; one that cannot be downloaded (missing on the server, refused,
 * too large, connection cut) is skipped and counted, and the export goes on with the others.
 */
export async function exportImages(ctx: ExportContext, opts: ImageExportOptions): Promise<ImageExportResult> {
  const { client, progress } = ctx;
  const used = new Set<string>();
  const skipped: SkippedImage[] = [];
  let written = 0;
  for await (const page of eventPages(ctx, 'training_debug_image', IMAGE_PAGE)) {
    for (const event of page as DebugImageEvent[]) {
      if (typeof event.url !== 'string' || event.url === '') continue;
      const name = imageFileName(event, used);
      const token = sameOrigin(event.url, opts.trustedHosts) ? await client.bearerToken() : undefined;
      try {
        await download(event.url, join(opts.dir, name), token);
        written += 1;
      } catch (err) {
        if (!(err instanceof FetchFileError)) throw err;
        skipped.push({ name, reason: err.message });
      }
      progress.set(written + skipped.length, name);
    }
  }
  return { written, skipped };
}

/** Skipped images named in the summary; the rest are counted. */
const SKIPPED_LISTED = 10;

/** What `export images` says when some images could not be downloaded. */
export function skippedSummary(dir: string, result: ImageExportResult): string {
  const { written, skipped } = result;
  const total = written + skipped.length;
  const lines = [
    `export images: wrote ${written} of ${counted(total, 'image')} to ${dir}; skipped ${skipped.length} that could not be downloaded:`,
    ...skipped.slice(0, SKIPPED_LISTED).map((s) => `  ${s.name}: ${s.reason}`),
  ];
  if (skipped.length > SKIPPED_LISTED) lines.push(`  and ${skipped.length - SKIPPED_LISTED} more`);
  return lines.join('\n');
}
