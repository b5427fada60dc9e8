interface ErrorLocation {
  readonly file: string;
  readonly line?: number;
  readonly column?: number;
}

/** A configuration problem the user must fix; the message starts with `file:line:column:` when known. */
export class ConfigError extends Error {
  readonly file: string;
  readonly line: number | undefined;
  readonly column: number | undefined;
  /** The message without the location prefix. */
  readonly detail: string;

  constructor(detail: string, where: ErrorLocation) {
    const prefix = where.line === undefined ? where.file : `${where.file}:${where.line}:${where.column ?? 1}`;
    super(`${prefix}: ${detail}`);
    this.name = 'ConfigError';
    this.file = where.file;
    this.line = where.line;
    this.column = where.column;
    this.detail = detail;
  }
}
