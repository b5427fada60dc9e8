// The demo's debug images: small PNGs drawn from the run's seed and iteration (a scene and the
// model's mask over it for vision and NLP runs, a game frame for RL runs), stored under the
// paths the ClearML SDK uses (`<task name>.<task id>/metrics/<metric>/<variant>/...`).
import pngjs from 'pngjs';
import { createRng, mixSeed } from './random.js';

export const IMAGE_WIDTH = 64;
export const IMAGE_HEIGHT = 48;

type Rgb = [number, number, number];

interface Canvas {
  data: Buffer;
  set(x: number, y: number, c: Rgb, alpha?: number): void;
}

function canvas(): Canvas {
  const data = Buffer.alloc(IMAGE_WIDTH * IMAGE_HEIGHT * 4, 255);
  return {
    data,
    set(x, y, c, alpha = 1) {
      if (x < 0 || y < 0 || x >= IMAGE_WIDTH || y >= IMAGE_HEIGHT) return;
      const i = (Math.floor(y) * IMAGE_WIDTH + Math.floor(x)) * 4;
      c.forEach((value, k) => (data[i + k] = Math.round((data[i + k] ?? 0) * (1 - alpha) + value * alpha)));
    },
  };
}

function fillRect(c: Canvas, x0: number, y0: number, w: number, h: number, colour: Rgb, alpha = 1): void {
  for (let y = y0; y < y0 + h; y += 1) for (let x = x0; x < x0 + w; x += 1) c.set(x, y, colour, alpha);
}

interface Scene {
  cx: number;
  cy: number;
  rx: number;
  ry: number;
  colour: Rgb;
}

function sceneOf(seed: number, iter: number): Scene {
  const rng = createRng(mixSeed(seed, iter));
  const colours: Rgb[] = [
    [220, 60, 50],
    [240, 170, 30],
    [120, 70, 200],
    [30, 150, 200],
  ];
  return {
    cx: rng.int(16, IMAGE_WIDTH - 16),
    cy: rng.int(22, IMAGE_HEIGHT - 10),
    rx: rng.int(7, 13),
    ry: rng.int(5, 9),
    colour: rng.pick(colours),
  };
}

const inside = (s: Scene, x: number, y: number): boolean => ((x - s.cx) / s.rx) ** 2 + ((y - s.cy) / s.ry) ** 2 <= 1;

/** A sky, a field and an object: the model's input. */
function drawScene(c: Canvas, s: Scene): void {
  const horizon = Math.round(IMAGE_HEIGHT * 0.45);
  for (let y = 0; y < IMAGE_HEIGHT; y += 1) {
    for (let x = 0; x < IMAGE_WIDTH; x += 1) {
      const t = y / IMAGE_HEIGHT;
      const sky: Rgb = [70 + 110 * t, 130 + 90 * t, 230];
      const field: Rgb = [40 + 40 * t, 140 - 30 * t, 50];
      c.set(x, y, y < horizon ? sky : field);
      if (inside(s, x, y)) c.set(x, y, s.colour);
    }
  }
  for (let y = 2; y < 12; y += 1)
    for (let x = 50; x < 60; x += 1) if ((x - 55) ** 2 + (y - 7) ** 2 <= 20) c.set(x, y, [255, 220, 80]);
}

/** The scene with the predicted mask over it: tighter as the run trains. */
function drawPrediction(c: Canvas, s: Scene, quality: number): void {
  drawScene(c, s);
  const grow = 1 + (1 - quality) * 0.6;
  const mask: Scene = { ...s, rx: s.rx * grow, ry: s.ry * grow };
  for (let y = 0; y < IMAGE_HEIGHT; y += 1)
    for (let x = 0; x < IMAGE_WIDTH; x += 1) {
      if (!inside(mask, x, y)) continue;
      c.set(x, y, inside(s, x, y) ? [40, 220, 90] : [240, 40, 40], 0.55);
    }
  const x0 = Math.round(s.cx - mask.rx);
  const y0 = Math.round(s.cy - mask.ry);
  const w = Math.round(2 * mask.rx);
  const h = Math.round(2 * mask.ry);
  fillRect(c, x0, y0, w, 1, [255, 255, 255]);
  fillRect(c, x0, y0 + h, w + 1, 1, [255, 255, 255]);
  fillRect(c, x0, y0, 1, h, [255, 255, 255]);
  fillRect(c, x0 + w, y0, 1, h, [255, 255, 255]);
}

/** A breakout-like frame: rows of bricks (fewer as the agent learns), a paddle and a ball. */
function drawFrame(c: Canvas, seed: number, iter: number, quality: number): void {
  fillRect(c, 0, 0, IMAGE_WIDTH, IMAGE_HEIGHT, [10, 10, 20]);
  const rows: Rgb[] = [
    [200, 70, 70],
    [210, 120, 50],
    [200, 190, 60],
    [70, 170, 80],
    [60, 110, 210],
  ];
  const rng = createRng(mixSeed(seed, iter));
  rows.forEach((colour, r) => {
    for (let b = 0; b < 8; b += 1) if (rng.next() > quality * 0.8) fillRect(c, b * 8 + 1, 6 + r * 3, 6, 2, colour);
  });
  const paddle = rng.int(2, IMAGE_WIDTH - 14);
  fillRect(c, paddle, IMAGE_HEIGHT - 4, 12, 2, [230, 230, 230]);
  fillRect(c, rng.int(4, IMAGE_WIDTH - 6), rng.int(24, IMAGE_HEIGHT - 8), 2, 2, [255, 255, 255]);
}

/** The PNG reported for `metric`/`variant` at `iter` by a run with `seed`; `quality` in [0, 1]. */
export function debugImagePng(seed: number, metric: string, variant: string, iter: number, quality: number): Buffer {
  const c = canvas();
  const scene = sceneOf(seed, iter);
  if (metric === 'rollout') drawFrame(c, seed, iter, quality);
  else if (variant === 'prediction') drawPrediction(c, scene, quality);
  else drawScene(c, scene);
  const png = new pngjs.PNG({ width: IMAGE_WIDTH, height: IMAGE_HEIGHT });
  c.data.copy(png.data);
  return pngjs.PNG.sync.write(png);
}
