// Where an export goes: stdout, or a file written as FILE.partial and renamed to FILE only when
// the export completed, so an interrupted export never looks finished. Writes wait for the
// stream to drain (constant memory however fast the server answers).
import { createWriteStream, type WriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import type { Writable } from 'node:stream';
import { sanitizeLines } from '../../text/sanitize.js';
import { CliError } from '../connection.js';

export interface ExportSink {
  /** Resolves once the stream can take more (backpressure). */
  write(chunk: string): Promise<void>;
  /** Flushes; a file is renamed from .partial to its name. */
  commit(): Promise<void>;
  /** Removes the partial file (a no-op for stdout). */
  abort(): Promise<void>;
  /** What the output is called in messages. */
  readonly name: string;
}

export function partialPath(path: string): string {
  return `${path}.partial`;
}

function writeTo(stream: Writable, chunk: string, failure: () => Error | undefined): Promise<void> {
  const failed = failure();
  if (failed) return Promise.reject(failed);
  if (stream.write(chunk)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onDrain = (): void => {
      stream.off('error', onError);
      resolve();
    };
    const onError = (err: Error): void => {
      stream.off('drain', onDrain);
      // The sink's own listener (registered first) has already described the error.
      reject(failure() ?? err);
    };
    stream.once('drain', onDrain);
    stream.once('error', onError);
  });
}

function describeFsError(err: unknown, path: string): CliError {
  const code = (err as NodeJS.ErrnoException | undefined)?.code;
  const why =
    code === 'EACCES' || code === 'EPERM'
      ? 'permission denied'
      : code === 'ENOENT'
        ? 'its directory does not exist'
        : code === 'ENOTDIR'
          ? 'a part of the path is not a directory'
          : code === 'EISDIR'
            ? 'it is a directory'
            : code === 'ENOSPC'
              ? 'no space left on the device'
              : err instanceof Error
                ? err.message
                : String(err);
  return new CliError(`cannot write ${path}: ${why}`);
}

/** Opens FILE.partial for writing (failing early, before any download) or wraps stdout. */
export async function openSink(path: string | undefined, stdout: Writable = process.stdout): Promise<ExportSink> {
  if (path === undefined) return stdoutSink(stdout);
  const partial = partialPath(path);
  const stream = createWriteStream(partial, { flags: 'w' });
  let error: Error | undefined;
  stream.on('error', (err) => {
    error ??= describeFsError(err, path);
  });
  await new Promise<void>((resolve, reject) => {
    stream.once('open', () => resolve());
    stream.once('error', () => reject(error));
  });
  return fileSink(stream, path, partial, () => error);
}

function fileSink(stream: WriteStream, path: string, partial: string, failure: () => Error | undefined): ExportSink {
  const close = (): Promise<void> =>
    new Promise((resolve, reject) => {
      if (stream.closed) return resolve();
      stream.end((err?: Error | null) => (err ? reject(describeFsError(err, path)) : resolve()));
    });
  return {
    name: path,
    write: (chunk) => writeTo(stream, chunk, failure),
    async commit() {
      await close();
      const failed = failure();
      if (failed) throw failed;
      try {
        await rename(partial, path);
      } catch (err) {
        throw describeFsError(err, path);
      }
    },
    async abort() {
      stream.destroy();
      await rm(partial, { force: true });
    },
  };
}

function stdoutSink(stdout: Writable): ExportSink {
  let error: Error | undefined;
  // A closed pipe (`| head`) ends the export quietly instead of crashing on EPIPE.
  stdout.on('error', (err: NodeJS.ErrnoException) => {
    error ??= err.code === 'EPIPE' ? new StdoutClosed() : describeFsError(err, 'standard output');
  });
  return {
    name: 'standard output',
    write: (chunk) => writeTo(stdout, chunk, () => error),
    commit: () =>
      new Promise((resolve) => {
        if (stdout.writableNeedDrain) stdout.once('drain', () => resolve());
        else resolve();
      }),
    abort: () => Promise.resolve(),
  };
}

/** The reader of stdout went away; the export stops without an error message. */
export class StdoutClosed extends Error {
  constructor() {
    super('standard output was closed');
  }
}

/**
 * For stdout on a terminal: what the server sent is printed through the sanitiser (colours
 * kept, cursor moves, titles, OSC 52/8 and the like removed). Chunks are whole lines.
 */
export function terminalSafe(sink: ExportSink): ExportSink {
  return {
    ...sink,
    write: (chunk) => sink.write(`${sanitizeLines(chunk, { color: true, tabs: 'space' }).join('\n')}\n`),
  };
}
