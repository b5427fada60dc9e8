// Debug images for tests: PNGs with four coloured quadrants, uploaded to the embedded server's
// files host as the SDK does (multipart, the object path as the field name) and reported as
// debug image events whose URLs point at that files route.
import pngjs from 'pngjs';
import type { ApiClient } from '../../src/api/index.js';

export type Rgb = [number, number, number];

export interface Quadrants {
  topLeft: Rgb;
  topRight: Rgb;
  bottomLeft: Rgb;
  bottomRight: Rgb;
}

export const LATEST_COLORS: Quadrants = {
  topLeft: [255, 0, 0],
  topRight: [0, 255, 0],
  bottomLeft: [0, 0, 255],
  bottomRight: [255, 255, 0],
};

export const EARLIER_COLORS: Quadrants = {
  topLeft: [0, 255, 255],
  topRight: [255, 0, 255],
  bottomLeft: [255, 128, 0],
  bottomRight: [128, 0, 255],
};

export function quadrantPngOf(size: number, q: Quadrants): Buffer {
  const png = new pngjs.PNG({ width: size, height: size });
  for (let y = 0; y < size; y += 1)
    for (let x = 0; x < size; x += 1) {
      const c = y < size / 2 ? (x < size / 2 ? q.topLeft : q.topRight) : x < size / 2 ? q.bottomLeft : q.bottomRight;
      png.data.set([...c, 255], (y * size + x) * 4);
    }
  return pngjs.PNG.sync.write(png);
}

/** Stores `data` at `path` on the files host; throws unless the server says 200. */
export async function uploadFile(serverUrl: string, token: string, path: string, data: Buffer): Promise<void> {
  const boundary = 'tracktopTestBoundary';
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${path}"; filename="${path}"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await fetch(`${serverUrl}/`, {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
    body,
  });
  if (res.status !== 200) throw new Error(`upload of ${path} answered ${res.status}: ${await res.text()}`);
}

/**
 * Uploads one image per iteration (iteration i gets `images[i - 1]`) for metric "pred",
 * variant "mask", and reports them as debug image events; returns their URLs by iteration.
 */
export async function addDebugImages(
  writer: ApiClient,
  serverUrl: string,
  task: string,
  images: Buffer[],
): Promise<string[]> {
  const token = await writer.bearerToken();
  const urls: string[] = [];
  for (const [i, data] of images.entries()) {
    const path = `/t/${task.slice(0, 8)}/pred/iter${i + 1}.png`;
    await uploadFile(serverUrl, token, path, data);
    urls.push(`${serverUrl}${path}`);
  }
  await writer.events.addBatch(
    urls.map((url, i) => ({
      type: 'training_debug_image' as const,
      task,
      metric: 'pred',
      variant: 'mask',
      iter: i + 1,
      url,
      timestamp: i + 1,
    })),
  );
  return urls;
}
