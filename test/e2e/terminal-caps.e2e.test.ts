// What the monitor draws for the terminal it is in (the built binary in tmux): ASCII only
// where the locale is not UTF-8 (--unicode overrides), and debug images in the colour depth
// COLORTERM / TERM name: 24-bit, 256 colours, the 16 system colours, or none (TERM=dumb).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type ApiClient } from '../../src/api/index.js';
import { addDebugImages, LATEST_COLORS, quadrantPngOf } from '../helpers/debug-images.js';
import { assertBuiltAndTmux, BIN } from '../helpers/demo-process.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { createTask } from '../helpers/store-fixture.js';
import { startTmux, type TmuxSession } from '../helpers/tmux.js';

let server: TestServer;
let writer: ApiClient;
let tmux: TmuxSession | undefined;

beforeAll(async () => {
  assertBuiltAndTmux();
  server = await startTestServer();
  writer = createClient({ apiHost: server.url, accessKey: server.accessKey, secretKey: server.secretKey });
  const task = await createTask(writer, 'segmentation-samples');
  await addDebugImages(writer, server.url, task, [quadrantPngOf(32, LATEST_COLORS)]);
}, 60_000);

afterEach(() => tmux?.kill());

afterAll(async () => {
  await writer?.close();
  await server?.close();
});

/** The monitor in tmux with `env`, its plots pane focused and the image drawn: screen and styled screen. */
async function shown(env: Record<string, string>, flags: string[] = []): Promise<{ text: string; styled: string }> {
  const keys = ['--access-key', server.accessKey, '--secret-key', server.secretKey];
  // Through env(1): tmux sets a pane's TERM to its own default-terminal whatever -e says.
  const vars = Object.entries(env).map(([name, value]) => `${name}=${value}`);
  tmux = startTmux(['env', ...vars, 'node', BIN, '--api-host', server.url, ...keys, ...flags], {
    columns: 110,
    rows: 40,
  });
  await tmux.waitFor('segmentation-samples', 30_000);
  tmux.sendKeys('7');
  await tmux.waitFor(/iter 1\b/, 20_000);
  // The image: half blocks, shades, or their ASCII stand-ins, on the row below its caption.
  await tmux.waitFor((s) => /[▀░▒▓█]{8}|["#%:.]{8}/.test(s.split('\n').slice(10).join('\n')), 20_000);
  return { text: tmux.screen(), styled: tmux.styledScreen() };
}

const nonAscii = (text: string): string[] => [...new Set([...text].filter((c) => c.charCodeAt(0) > 0x7e))];
const SGR = /\u001b\[([0-9;]*)m/g;
const sgrParams = (styled: string): string[] => [...styled.matchAll(SGR)].map((m) => m[1] ?? '');

describe('the locale', () => {
  it('without UTF-8 (LANG=C LC_ALL=C) draws ASCII only', async () => {
    const { text } = await shown({ LANG: 'C', LC_ALL: 'C', COLORTERM: 'truecolor' });
    expect(text).toContain('segmentation-samples');
    expect(nonAscii(text)).toEqual([]);
  }, 60_000);

  it('with UTF-8 draws the Unicode frame and glyphs', async () => {
    const { text } = await shown({ LANG: 'C.UTF-8', COLORTERM: 'truecolor' });
    expect(text).toContain('┏');
    expect(text).toContain('▀');
  }, 60_000);

  it('--unicode draws Unicode where the locale does not say UTF-8', async () => {
    const { text } = await shown({ LANG: 'C', LC_ALL: 'C', COLORTERM: 'truecolor' }, ['--unicode']);
    expect(text).toContain('┏');
  }, 60_000);

  it('--ascii draws ASCII only in a UTF-8 locale', async () => {
    const { text } = await shown({ LANG: 'C.UTF-8', COLORTERM: 'truecolor' }, ['--ascii']);
    expect(nonAscii(text)).toEqual([]);
  }, 60_000);
});

describe('the colour depth of debug images', () => {
  it('COLORTERM=truecolor: 24-bit colours', async () => {
    const { styled } = await shown({ COLORTERM: 'truecolor', TERM: 'xterm-256color' });
    expect(sgrParams(styled).some((p) => /(^|;)38;2;/.test(p))).toBe(true);
  }, 60_000);

  it('TERM=xterm-256color: the 256-colour palette, no 24-bit', async () => {
    const { styled } = await shown({ TERM: 'xterm-256color' });
    const params = sgrParams(styled);
    expect(params.some((p) => /(^|;)38;5;/.test(p))).toBe(true);
    expect(params.some((p) => /(^|;)[34]8;2;/.test(p))).toBe(false);
  }, 60_000);

  it('TERM=screen: the 16 system colours only', async () => {
    const { styled } = await shown({ TERM: 'screen' });
    const params = sgrParams(styled);
    expect(params.some((p) => /(^|;)[34]8;[25];/.test(p))).toBe(false);
    // The image's red, green, blue and yellow quadrants as system colours (31/91 ... 44/104).
    expect(params.some((p) => /(^|;)(3[0-7]|9[0-7])(;|$)/.test(p))).toBe(true);
  }, 60_000);

  it('TERM=dumb: no colour at all, the image in shades', async () => {
    const { text, styled } = await shown({ TERM: 'dumb' });
    expect(sgrParams(styled).some((p) => /(^|;)(3[0-8]|9[0-7]|4[0-8]|10[0-7])(;|$)/.test(p))).toBe(false);
    expect(text).toMatch(/[░▒▓█]/);
  }, 60_000);
});
