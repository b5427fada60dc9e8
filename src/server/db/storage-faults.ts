// What a failing database or disk means to a client: a clear status and message instead of a
// bare 500. SQLite rolls the request's transaction back, so nothing of it was stored and
// everything acknowledged before stays.
import { ERRORS } from '../../wire/errors.js';
import { ServerError } from '../http/errors.js';

/** The SQLite result code (`SQLITE_FULL`, `SQLITE_IOERR_WRITE`, ...) or errno code of an error. */
function codeOf(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
}

/** A storage fault as the ServerError to answer, or undefined when the error is something else. */
export function storageFault(err: unknown): ServerError | undefined {
  const code = codeOf(err);
  if (code === 'SQLITE_FULL' || code === 'ENOSPC' || code === 'EDQUOT')
    return new ServerError(
      ERRORS.diskFull,
      'disk full: the server could not store this request and kept nothing of it; everything stored before is safe. Free space and send it again',
    );
  if (code.startsWith('SQLITE_READONLY') || code === 'EROFS')
    return new ServerError(ERRORS.storageUnavailable, 'the database has become read-only: nothing can be stored now');
  if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED'))
    return new ServerError(ERRORS.storageUnavailable, 'the database is busy with another writer; try again shortly');
  if (code.startsWith('SQLITE_IOERR') || code.startsWith('SQLITE_CANTOPEN') || code === 'EIO')
    return new ServerError(ERRORS.storageUnavailable, `disk I/O error (${code}): the request was not stored`);
  if (code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB')
    return new ServerError(
      ERRORS.dataError,
      'the database file is damaged: stop the server and run "tracktop serve --check" on it',
    );
  return undefined;
}

/** The one line `tracktop serve` says when the database cannot be opened for writing. */
export function unwritableDatabase(path: string, err: unknown): Error | undefined {
  const code = codeOf(err);
  if (!/^(SQLITE_(READONLY|CANTOPEN|IOERR|FULL|PERM|AUTH)|E(ROFS|ACCES|PERM|NOSPC))/.test(code)) return undefined;
  return new Error(
    `cannot write the database ${path}: ${(err as Error).message} (${code}); check that the file, its folder and the disk are writable and have space`,
  );
}
