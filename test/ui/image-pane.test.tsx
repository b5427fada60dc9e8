// The plots pane on a debug image, drawn by the real App from a fixed store: half blocks, the
// URL as an OSC 8 link that leaves the frame's width unchanged, and the image keys.
import { describe, expect, it } from 'vitest';
import type { MonitorStore } from '../../src/store/types.js';
import { displayWidth } from '../../src/text/width.js';
import { fixedStore, renderMonitor, stripControl, type MonitorRender } from '../helpers/ui-fixture.js';
import { settle } from '../helpers/render.js';
import type { GraphicsSupport } from '../../src/ui/terminal-graphics.js';

const URL = 'http://files.local/img/7.png';
const COLUMNS = 100;

/** 4x4 pixels: red on top, blue below. */
function pixels() {
  const data = new Uint8Array(4 * 4 * 4);
  for (let i = 0; i < 16; i += 1) data.set(i < 8 ? [255, 0, 0, 255] : [0, 0, 255, 255], i * 4);
  return { width: 4, height: 4, data };
}

/** Focuses the plots pane, moves to its debug image and lets it be "downloaded" (set as ready). */
async function onImage(
  graphics?: GraphicsSupport,
  exportPane?: () => Promise<string>,
  webServer?: string,
): Promise<MonitorRender> {
  const store: MonitorStore = fixedStore({ cols: COLUMNS, rows: 30 });
  const r = renderMonitor(
    store,
    { columns: COLUMNS, rows: 30 },
    { app: { ...(graphics ? { graphics } : {}), ...(exportPane ? { exportPane } : {}), webServer } },
  );
  await r.press('7');
  await r.press('j');
  expect(store.getState().imageView).toMatchObject({ taskId: 't-running', metric: 'samples', variant: 'input' });
  // The fixed store's client cannot download: the downloaded image is set as the slice would.
  store.setState((s) => ({
    imageView: { ...s.imageView, url: URL, iteration: 7, status: 'ready', error: null, pixels: pixels() },
    ui: { ...s.ui, status: null },
  }));
  await settle();
  return r;
}

describe('plots pane on a debug image', () => {
  it('draws the image in half blocks and its URL as an OSC 8 link without widening the frame', async () => {
    const r = await onImage();
    const frame = r.lastFrame();
    expect(frame).toContain(`\u001b]8;;${URL}\u0007${URL}\u001b]8;;\u0007`);
    const lines = r.lines();
    expect(lines.some((l) => l.includes('samples › input · iter 7'))).toBe(true);
    expect(lines.filter((l) => l.includes('▀')).length).toBeGreaterThan(0);
    for (const line of stripControl(frame).split('\n')) expect(displayWidth(line)).toBeLessThanOrEqual(COLUMNS);
    const urlLine = lines.find((l) => l.includes(URL)) as string;
    const border = lines.find((l) => l.includes('plots & images')) as string;
    // The link's row ends at the pane's right border, as the title row does.
    expect(displayWidth(urlLine)).toBe(displayWidth(border));
    r.unmount();
  });

  it("links the title to the run's page in the web UI, as the SDK builds it, keeping the frame's width", async () => {
    const r = await onImage(undefined, undefined, 'https://app.example.com');
    const run = 'https://app.example.com/projects/*/experiments/t-running/output/log';
    expect(r.lastFrame()).toMatch(new RegExp(`\u001b]8;;${run.replace(/[.*/]/g, '\\$&')}\u0007samples › input`));
    const lines = r.lines();
    const title = lines.find((l) => l.includes('samples › input · iter 7')) as string;
    const border = lines.find((l) => l.includes('plots & images')) as string;
    expect(displayWidth(title)).toBe(displayWidth(border));
    r.unmount();
  });

  it('y copies the image URL, o shows it in the status line', async () => {
    const r = await onImage();
    await r.press('y');
    expect(r.copies).toEqual([URL]);
    expect(r.store.getState().status?.text).toBe('copied the image URL');
    await r.press('o');
    expect(r.store.getState().status?.text).toBe(URL);
    expect(r.lines().at(-2)).toContain(URL);
    r.unmount();
  });

  it('o shows a URL longer than the line in full over the footer rows', async () => {
    const r = await onImage();
    const long = `http://files.local/${'very-long-segment/'.repeat(8)}img.png`;
    r.store.setState((s) => ({ imageView: { ...s.imageView, url: long } }));
    await r.press('o');
    const footer = r.lines().slice(-2);
    expect(footer.every((l) => displayWidth(l) <= COLUMNS)).toBe(true);
    expect(footer.join('')).toBe(long);
    r.unmount();
  });

  it('z says inside tmux that full-resolution images are not available, and toggles where a protocol is', async () => {
    const tmux = await onImage({ mode: 'truecolor', protocol: null, multiplexed: true });
    await tmux.press('z');
    expect(tmux.store.getState().status?.text).toMatch(/not available inside tmux/);
    expect(tmux.store.getState().imageView.fullResolution).toBe(false);
    tmux.unmount();
    const kitty = await onImage({ mode: 'truecolor', protocol: 'kitty', multiplexed: false });
    await kitty.press('z');
    expect(kitty.store.getState().imageView.fullResolution).toBe(true);
    kitty.unmount();
  });

  it('E exports the focused pane and says where the file went, or what went wrong', async () => {
    const requests: unknown[] = [];
    const ok = await onImage(undefined, async () => {
      requests.push('called');
      return '/tmp/x/tracktop-t-running-plots.jsonl';
    });
    await ok.press('E');
    await settle();
    expect(ok.store.getState().status?.text).toBe('exported to /tmp/x/tracktop-t-running-plots.jsonl');
    ok.unmount();
    const failing = await onImage(undefined, () => Promise.reject(new Error('cannot write here: permission denied')));
    await failing.press('E');
    await settle();
    expect(failing.store.getState().status?.text).toBe('export failed: cannot write here: permission denied');
    failing.unmount();
  });
});
