// Pure formatting of exported records: CSV fields and JSON lines.

/** A CSV field per RFC 4180: quoted when it holds a comma, quote or line break. */
function csvField(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvRow(fields: (string | number)[]): string {
  return `${fields.map(csvField).join(',')}\n`;
}

export interface ScalarPoint {
  iteration: number;
  timestamp: number;
  metric: string;
  variant: string;
  value: number;
}

export const SCALAR_CSV_HEADER = csvRow(['iteration', 'timestamp', 'metric', 'variant', 'value']);

export function scalarCsv(p: ScalarPoint): string {
  return csvRow([p.iteration, p.timestamp, p.metric, p.variant, p.value]);
}

export function scalarJson(p: ScalarPoint): string {
  return `${JSON.stringify(p)}\n`;
}

/** A log message as lines of text: the message verbatim, ending with exactly one newline. */
export function logText(msg: string): string {
  return msg.endsWith('\n') ? msg : `${msg}\n`;
}
