// Our width against tmux's own: each hostile string is sanitised here, printed inside a tmux
// pane by a tiny script, and the script asks tmux where the cursor ended (DSR, `ESC[6n`). tmux's
// column must equal `displayWidth` of the sanitised text, and nothing the strings carried may
// have reached tmux: the pane title is unchanged, no paste buffer was set (OSC 52), the screen
// was not cleared.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { displayWidth, sanitize } from '../../src/text/sanitize.js';
import { startTmux, tmuxAvailable, type TmuxSession } from '../helpers/tmux.js';

const ESC = '\u001b';

const HOSTILE: ReadonlyArray<readonly [string, string]> = [
  ['skin-tone emoji', 'ok 👍🏽 👍🏿👋🏻 done'],
  ['ZWJ family', 'fam 👨\u200d👩\u200d👧\u200d👦 x'],
  ['ZWJ family with skin tones', '👨🏽\u200d👩🏽\u200d👧🏽|'],
  ['dangling ZWJ before a separator', '👨\u200d👩\u200d│x'],
  ['flags', '🇫🇷🇯🇵🇺🇸 x'],
  ['non-flag regional-indicator pairs', '🇫🇩 🇦🇦 🇫'],
  ['flag with a combining mark', '🇫🇷\u0301x'],
  ['lone surrogates, one after a ZWJ', 'a\ud800b\udfffc 👨\u200d\ud800x'],
  ['CJK', '漢字テスト한국어'],
  ['combining marks', 'e\u0301 a\u0308\u0323 Z\u0335\u0336'],
  ['Thai clusters', 'ภาษาไทย กำลัง น้ำ'],
  ['Devanagari clusters', 'क्षत्रिय हिन्दी'],
  ['zero-width characters', 'a\u200bb\u200cc\u200dd\u2060e\ufefff\u00adg'],
  ['bidi controls', 'file\u202etxt.exe\u202c \u200e\u200f\u2066x\u2069'],
  ['VS16 and VS15', '\u2764\ufe0f \u263a\ufe0f \u{1f600}\ufe0e \u2764'],
  ['keycaps', '#\ufe0f\u20e3 1\ufe0f\u20e3 *\u20e3'],
  ['carriage return', 'abc\rX'],
  ['tqdm line', '\r 10%|#         |\r 50%|#####     |\r100%|##########| done'],
  ['tabs', 'a\tb\t漢\tc'],
  ['OSC 52 clipboard write', `${ESC}]52;c;SGVsbG8=\u0007evil`],
  ['OSC 0 window title', `${ESC}]0;pwned${ESC}\\title`],
  ['OSC 8 hyperlink', `${ESC}]8;;https://evil.example/${ESC}\\link${ESC}]8;;${ESC}\\`],
  ['CSI clear screen and home', `${ESC}[2J${ESC}[Hcleared?`],
  ['8-bit C1 CSI and OSC', `\u009b2J\u009d0;pwned\u009cc1`],
  ['everything at once', `${ESC}]52;c;SGVsbG8=\u0007evil\u200b👍🏽\rX\t${ESC}]0;pwned\u0007🇫🇷`],
];

const MARKER = 'width-probe-start';

// Prints each case on a line of its own and asks tmux for the cursor position after it.
const PROBE = `
import { readFileSync, writeFileSync } from 'node:fs';
const [casesFile, outFile] = process.argv.slice(2);
const cases = JSON.parse(readFileSync(casesFile, 'utf8'));
const columns = [];
let pending = '';
process.stdin.setRawMode(true);
const ask = () => {
  if (columns.length === cases.length) {
    writeFileSync(outFile, JSON.stringify(columns));
    process.stdout.write('\\r\\nprobe-done\\r\\n');
    process.exit(0);
  }
  process.stdout.write('\\r\\n' + cases[columns.length] + '\\u001b[6n');
};
process.stdin.on('data', (data) => {
  pending += data.toString('latin1');
  const report = /\\u001b\\[(\\d+);(\\d+)R/.exec(pending);
  if (!report) return;
  pending = pending.slice(report.index + report[0].length);
  columns.push(Number(report[2]) - 1);
  ask();
});
process.stdout.write('${MARKER}');
ask();
`;

function tmuxValue(t: TmuxSession, ...args: string[]): string {
  return execFileSync('tmux', ['-S', t.socket, ...args], { encoding: 'utf8' });
}

/** Runs the probe over `lines` in a fresh pane; returns tmux's cursor column after each. */
async function probe(lines: string[]): Promise<{ columns: number[]; tmux: TmuxSession; titleBefore: string }> {
  const tmux = startTmux([], { columns: 200, rows: 60 });
  // An OSC 52 that got through would become a paste buffer; by default tmux ignores it.
  tmuxValue(tmux, 'set-option', '-s', 'set-clipboard', 'on');
  await tmux.waitFor('shell-before-tracktop');
  const titleBefore = tmuxValue(tmux, 'display-message', '-p', '-t', tmux.name, '#{pane_title}');
  const script = join(tmux.dir, 'probe.mjs');
  const cases = join(tmux.dir, 'cases.json');
  const out = join(tmux.dir, 'columns.json');
  writeFileSync(script, PROBE);
  writeFileSync(cases, JSON.stringify(lines));
  tmux.type(`clear; node ${script} ${cases} ${out}`);
  tmux.sendKeys('Enter');
  await tmux.waitFor('probe-done', 20_000);
  if (!existsSync(out)) throw new Error(`the probe wrote no result; screen:\n${tmux.screen()}`);
  return { columns: JSON.parse(readFileSync(out, 'utf8')) as number[], tmux, titleBefore };
}

describe('display width against tmux', () => {
  let result: Awaited<ReturnType<typeof probe>>;
  const sanitised = HOSTILE.map(([, text]) => sanitize(text));

  beforeAll(async () => {
    if (!tmuxAvailable()) throw new Error('tmux is needed for end-to-end tests (apt-get install -y tmux)');
    result = await probe(sanitised);
  }, 40_000);

  afterAll(() => {
    result?.tmux.kill();
  });

  it.each(HOSTILE.map(([name], k) => [name, k] as const))('%s: tmux draws displayWidth columns', (_name, k) => {
    const text = sanitised[k] as string;
    expect(result.columns[k], JSON.stringify(text)).toBe(displayWidth(text));
  });

  it('lets no escape sequence through: title, clipboard and screen untouched', () => {
    const t = result.tmux;
    expect(tmuxValue(t, 'display-message', '-p', '-t', t.name, '#{pane_title}')).toBe(result.titleBefore);
    expect(tmuxValue(t, 'list-buffers')).toBe('');
    const screen = t.screen();
    expect(screen).toContain(MARKER);
    expect(screen).not.toContain('pwned');
    expect(screen).toContain('evil');
  });

  it('would notice an escape that got through (the checks above can fail)', async () => {
    // The same probe with the raw strings: tmux takes the title, the clipboard and clears.
    const raw = await probe(HOSTILE.filter(([name]) => /OSC 52|OSC 0|clear screen/.test(name)).map(([, t]) => t));
    try {
      const t = raw.tmux;
      expect(tmuxValue(t, 'display-message', '-p', '-t', t.name, '#{pane_title}').trim()).toBe('pwned');
      expect(tmuxValue(t, 'list-buffers')).toContain('Hello');
      expect(t.screen()).not.toContain(MARKER);
    } finally {
      raw.tmux.kill();
    }
  }, 40_000);
});
