// Debug images in a real terminal (tmux): two PNGs with four coloured quadrants uploaded to the
// embedded server's files host as debug images of two iterations; the plots pane draws the
// newest in 24-bit half blocks (read back with `capture-pane -e`), `[` steps to the earlier
// iteration's image, and `y` copies its URL (OSC 52 in the program's raw output).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, type ApiClient } from '../../src/api/index.js';
import {
  addDebugImages,
  EARLIER_COLORS as EARLIER,
  LATEST_COLORS as LATEST,
  quadrantPngOf,
  type Quadrants,
  type Rgb,
} from '../helpers/debug-images.js';
import { assertBuiltAndTmux, BIN } from '../helpers/demo-process.js';
import { styledCells } from '../helpers/sgr-cells.js';
import { startTestServer, type TestServer } from '../helpers/server.js';
import { createTask } from '../helpers/store-fixture.js';
import { makeTempHome, type TempHome } from '../helpers/temp-home.js';
import { startTmux, type TmuxSession } from '../helpers/tmux.js';

/** The half-block image on screen: its cells and the corners' colours. */
function drawnQuadrants(screen: string): Quadrants {
  const rows = styledCells(screen);
  const cells: { x: number; y: number; fg: string | null; bg: string | null }[] = [];
  rows.forEach((row, y) => row.forEach((c, x) => c.ch === '▀' && cells.push({ x, y, fg: c.fg, bg: c.bg })));
  expect(cells.length).toBeGreaterThan(16);
  const xs = cells.map((c) => c.x);
  const ys = cells.map((c) => c.y);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const at = (x: number, y: number) => cells.find((c) => c.x === x && c.y === y);
  const rgb = (color: string | null | undefined): Rgb => (color ?? '').split(',').map(Number) as Rgb;
  return {
    topLeft: rgb(at(x0, y0)?.fg),
    topRight: rgb(at(x1, y0)?.fg),
    bottomLeft: rgb(at(x0, y1)?.bg),
    bottomRight: rgb(at(x1, y1)?.bg),
  };
}

describe('debug images in tmux', () => {
  let server: TestServer;
  let writer: ApiClient;
  let home: TempHome;
  let tmux: TmuxSession;
  let latestUrl = '';
  let earlierUrl = '';

  beforeAll(async () => {
    assertBuiltAndTmux();
    server = await startTestServer();
    writer = createClient({ apiHost: server.url, accessKey: server.accessKey, secretKey: server.secretKey });
    const task = await createTask(writer, 'segmentation-samples');
    [earlierUrl = '', latestUrl = ''] = await addDebugImages(writer, server.url, task, [
      quadrantPngOf(32, EARLIER),
      quadrantPngOf(32, LATEST),
    ]);
    home = makeTempHome();
    tmux = startTmux(
      ['node', BIN, '--api-host', server.url, '--access-key', server.accessKey, '--secret-key', server.secretKey],
      { columns: 110, rows: 40, env: { HOME: home.dir, COLORTERM: 'truecolor' } },
    );
  }, 60_000);

  afterAll(async () => {
    tmux?.kill();
    home?.cleanup();
    await writer?.close();
    await server?.close();
  });

  it('draws the newest image with its colours in their quadrants', async () => {
    await tmux.waitFor('segmentation-samples', 30_000);
    tmux.sendKeys('7');
    await tmux.waitFor('iter 2 of 1–2', 20_000);
    await tmux.waitFor((s) => s.includes('▀'), 20_000);
    expect(drawnQuadrants(tmux.styledScreen())).toEqual(LATEST);
    expect(tmux.screen()).toContain(latestUrl);
    // Two iterations of one metric/variant are one item, stepped in place with [ and ].
    expect(tmux.screen()).toContain('0 plots · 1 image · item 1/1');
  }, 60_000);

  it('[ steps to the earlier iteration and draws its image', async () => {
    tmux.sendKeys('[');
    await tmux.waitFor('iter 1 of 1–2', 20_000);
    let quadrants: Quadrants | undefined;
    await tmux.waitFor(() => {
      try {
        quadrants = drawnQuadrants(tmux.styledScreen());
      } catch {
        return false; // still loading: no image drawn yet
      }
      return JSON.stringify(quadrants) === JSON.stringify(EARLIER);
    }, 20_000);
    expect(quadrants).toEqual(EARLIER);
    expect(tmux.screen()).toContain(earlierUrl);
  }, 40_000);

  it('fits the image to the pane again when the terminal is resized', async () => {
    const width = (screen: string) =>
      Math.max(...screen.split('\n').map((row) => [...row].filter((c) => c === '▀').length));
    const before = width(tmux.screen());
    tmux.resize(90, 30);
    await tmux.waitFor((s) => s.includes('iter 1 of') && width(s) > 0 && width(s) !== before, 20_000);
    expect(drawnQuadrants(tmux.styledScreen())).toEqual(EARLIER);
    tmux.resize(110, 40);
    await tmux.waitFor((s) => width(s) === before, 20_000);
  }, 40_000);

  it('writes nothing while nothing changes (a poll interval passes with the image shown)', async () => {
    await new Promise((r) => setTimeout(r, 1_000));
    const before = tmux.rawOutput().length;
    await new Promise((r) => setTimeout(r, 6_000));
    expect(tmux.rawOutput().length - before).toBe(0);
  }, 20_000);

  it('y copies the shown image URL with OSC 52', async () => {
    tmux.sendKeys('y');
    await tmux.waitFor('copied the image URL', 10_000);
    const base64 = Buffer.from(earlierUrl, 'utf8').toString('base64');
    expect(tmux.rawOutput()).toContain(`\u001b]52;c;${base64}\u0007`);
  }, 20_000);
});
