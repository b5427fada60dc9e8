// The imageView slice against the embedded server: PNGs uploaded to its files host, debug
// image events pointing at them, the store's real client downloading and decoding them.
import { afterEach, describe, expect, it } from 'vitest';
import type { RgbaImage } from '../../../src/text/image-decode.js';
import { KEPT_IMAGE_PIXELS } from '../../../src/text/image-shrink.js';
import {
  addDebugImages,
  EARLIER_COLORS,
  LATEST_COLORS,
  quadrantPngOf,
  uploadFile,
  type Quadrants,
} from '../../helpers/debug-images.js';
import { createTask, monitorFixture, type MonitorFixture } from '../../helpers/store-fixture.js';

let fx: MonitorFixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
});

function corners(img: RgbaImage): Quadrants {
  const at = (x: number, y: number) => {
    const i = (y * img.width + x) * 4;
    return [img.data[i], img.data[i + 1], img.data[i + 2]] as [number, number, number];
  };
  const [r, b] = [img.width - 1, img.height - 1];
  return { topLeft: at(0, 0), topRight: at(r, 0), bottomLeft: at(0, b), bottomRight: at(r, b) };
}

const MIDDLE: Quadrants = {
  topLeft: [10, 20, 30],
  topRight: [40, 50, 60],
  bottomLeft: [70, 80, 90],
  bottomRight: [100, 110, 120],
};

/** A task with three iterations of pred/mask: EARLIER, MIDDLE, LATEST colours. */
async function threeIterations(f: MonitorFixture): Promise<{ task: string; urls: string[] }> {
  const task = await createTask(f.writer, 'samples');
  const urls = await addDebugImages(f.writer, f.server.url, task, [
    quadrantPngOf(8, EARLIER_COLORS),
    quadrantPngOf(8, MIDDLE),
    quadrantPngOf(8, LATEST_COLORS),
  ]);
  return { task, urls };
}

describe('imageView slice', () => {
  it('downloads and decodes the shown image and learns the range of iterations', async () => {
    fx = await monitorFixture({}, false);
    const { task, urls } = await threeIterations(fx);
    fx.state().actions.showImage({
      taskId: task,
      metric: 'pred',
      variant: 'mask',
      iteration: 3,
      url: urls[2] as string,
    });
    await fx.until((s) => s.imageView.status === 'ready' && s.imageView.maxIteration !== null, 'image ready');
    const view = fx.state().imageView;
    expect(view).toMatchObject({ iteration: 3, minIteration: 1, maxIteration: 3, url: urls[2], error: null });
    expect(corners(view.pixels as RgbaImage)).toEqual(LATEST_COLORS);
  });

  it('[ ] { } step through the iterations of the metric/variant, saying when there is no earlier one', async () => {
    fx = await monitorFixture({}, false);
    const { task, urls } = await threeIterations(fx);
    const actions = fx.state().actions;
    actions.showImage({ taskId: task, metric: 'pred', variant: 'mask', iteration: 3, url: urls[2] as string });
    await fx.until((s) => s.imageView.status === 'ready' && s.imageView.maxIteration !== null, 'image ready');
    const latestPixels = fx.state().imageView.pixels;

    await actions.stepImage('earlier');
    await fx.until((s) => s.imageView.status === 'ready', 'earlier image');
    expect(fx.state().imageView).toMatchObject({ iteration: 2, url: urls[1] });
    expect(corners(fx.state().imageView.pixels as RgbaImage)).toEqual(MIDDLE);

    await actions.stepImage('first');
    await fx.until((s) => s.imageView.status === 'ready', 'first image');
    expect(fx.state().imageView).toMatchObject({ iteration: 1, url: urls[0] });
    expect(corners(fx.state().imageView.pixels as RgbaImage)).toEqual(EARLIER_COLORS);

    await actions.stepImage('earlier');
    expect(fx.state().status?.text).toBe('no earlier image');
    expect(fx.state().imageView.iteration).toBe(1);

    await actions.stepImage('later');
    await fx.until((s) => s.imageView.status === 'ready', 'later image');
    expect(fx.state().imageView.iteration).toBe(2);

    await actions.stepImage('last');
    await fx.until((s) => s.imageView.status === 'ready', 'last image');
    expect(fx.state().imageView).toMatchObject({ iteration: 3, url: urls[2] });
    // Cached by URL: the same decoded image, not a second download and decode.
    expect(fx.state().imageView.pixels).toBe(latestPixels);
  });

  it('keeps big images shrunk to at most KEPT_IMAGE_PIXELS a side', async () => {
    fx = await monitorFixture({}, false);
    const task = await createTask(fx.writer, 'big');
    const [url] = await addDebugImages(fx.writer, fx.server.url, task, [quadrantPngOf(1000, LATEST_COLORS)]);
    fx.state().actions.showImage({ taskId: task, metric: 'pred', variant: 'mask', iteration: 1, url: url as string });
    await fx.until((s) => s.imageView.status === 'ready', 'image ready');
    const pixels = fx.state().imageView.pixels as RgbaImage;
    expect([pixels.width, pixels.height]).toEqual([KEPT_IMAGE_PIXELS, KEPT_IMAGE_PIXELS]);
    expect(corners(pixels)).toEqual(LATEST_COLORS);
  });

  it('says why a file that is not an image, or is missing, is not drawn', async () => {
    fx = await monitorFixture({}, false);
    const task = await createTask(fx.writer, 'broken');
    const token = await fx.writer.bearerToken();
    await uploadFile(fx.server.url, token, '/t/broken/notes.png', Buffer.from('just some text'));
    const actions = fx.state().actions;
    actions.showImage({
      taskId: task,
      metric: 'pred',
      variant: 'mask',
      iteration: 1,
      url: `${fx.server.url}/t/broken/notes.png`,
    });
    await fx.until((s) => s.imageView.status === 'error', 'decode error');
    expect(fx.state().imageView.error).toMatch(/^cannot draw the image: .*(PNG|JPEG|image)/);
    actions.showImage(null);
    actions.showImage({
      taskId: task,
      metric: 'pred',
      variant: 'other',
      iteration: 1,
      url: `${fx.server.url}/t/broken/missing.png`,
    });
    await fx.until((s) => s.imageView.status === 'error', 'download error');
    // The reason comes first and whole (the pane shows the URL on a line of its own).
    expect(fx.state().imageView.error).toBe('cannot download the image: HTTP 404 (no such file on the server)');
  });
});
