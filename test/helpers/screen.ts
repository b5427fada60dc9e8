// A tiny terminal: replays the bytes a program wrote into a grid of rows x columns, so a test
// can assert what the screen shows rather than which escape codes were sent. It knows what
// Ink's writers emit (cursor up/down/next-line/column/position, erase line/to end/screen,
// LF, CR) and ignores styles and modes (SGR, DEC private modes such as 2026 and 1049).
// One column per code point: tests that use it draw ASCII.
export class Screen {
  readonly lines: string[][];
  row = 0;
  col = 0;

  constructor(
    readonly columns: number,
    readonly rows: number,
  ) {
    this.lines = Array.from({ length: rows }, () => this.blank());
  }

  /** The rows as text, trailing spaces trimmed. */
  text(): string[] {
    return this.lines.map((l) => l.join('').trimEnd());
  }

  write(data: string): void {
    const token = /\u001b\[([?0-9;]*)([A-Za-z])|\u001b[()][A-Z0-9]|\u001b\][^\u0007]*\u0007|\u001b.|[\s\S]/gu;
    for (const m of data.matchAll(token)) {
      if (m[2] !== undefined) this.csi(m[1]!, m[2]);
      else if (m[0].startsWith('\u001b')) continue;
      else this.char(m[0]);
    }
  }

  private blank(): string[] {
    return Array.from({ length: this.columns }, () => ' ');
  }

  private char(c: string): void {
    if (c === '\n') return this.lineFeed();
    if (c === '\r') {
      this.col = 0;
      return;
    }
    if (c < ' ') return;
    if (this.col >= this.columns) {
      this.col = 0;
      this.lineFeed();
    }
    this.lines[this.row]![this.col] = c;
    this.col += 1;
  }

  /** LF as a TTY with onlcr delivers it: next line, first column, scrolling at the bottom. */
  private lineFeed(): void {
    this.col = 0;
    if (this.row < this.rows - 1) this.row += 1;
    else {
      this.lines.shift();
      this.lines.push(this.blank());
    }
  }

  private csi(params: string, final: string): void {
    if (params.startsWith('?')) return;
    const nums = params.split(';').map((p) => (p === '' ? undefined : Number(p)));
    const n = nums[0] ?? 1;
    const clampRow = (r: number): number => Math.max(0, Math.min(this.rows - 1, r));
    switch (final) {
      case 'A':
        this.row = clampRow(this.row - n);
        break;
      case 'B':
        this.row = clampRow(this.row + n);
        break;
      case 'E':
        this.row = clampRow(this.row + n);
        this.col = 0;
        break;
      case 'F':
        this.row = clampRow(this.row - n);
        this.col = 0;
        break;
      case 'G':
        this.col = Math.min(this.columns - 1, n - 1);
        break;
      case 'H':
        this.row = clampRow((nums[0] ?? 1) - 1);
        this.col = Math.min(this.columns - 1, (nums[1] ?? 1) - 1);
        break;
      case 'K': {
        const mode = nums[0] ?? 0;
        const line = this.lines[this.row]!;
        const [from, to] = mode === 0 ? [this.col, this.columns] : mode === 1 ? [0, this.col + 1] : [0, this.columns];
        for (let i = from; i < to; i++) line[i] = ' ';
        break;
      }
      case 'J': {
        const mode = nums[0] ?? 0;
        if (mode === 2 || mode === 3) for (let r = 0; r < this.rows; r++) this.lines[r] = this.blank();
        else if (mode === 0) {
          this.lines[this.row]!.fill(' ', this.col);
          for (let r = this.row + 1; r < this.rows; r++) this.lines[r] = this.blank();
        }
        break;
      }
      default:
        // SGR (m) and anything else change no cell.
        break;
    }
  }
}
