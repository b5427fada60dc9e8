// The debug image the plots pane shows at its top: a title (metric, variant, iteration and
// the range of iterations), the image in half blocks fitted to the pane, and its URL as an
// OSC 8 link. Rendered blocks are cached per URL, size and colour mode (a bounded cache), so
// scrolling back to an image or re-rendering the frame does not resample it.
import type { ImageViewState } from '../../store/types.js';
import { BEL, hyperlink } from '../../text/hyperlink.js';
import { renderImageBlocks, type ImageColorMode } from '../../text/image-blocks.js';
import type { RgbaImage } from '../../text/image-decode.js';
import { sanitize } from '../../text/sanitize.js';
import { clip } from '../cells.js';
import type { Theme } from '../theme.js';

export const RENDER_CACHE_SIZE = 24;
const renderCache = new Map<string, { pixels: RgbaImage; lines: string[] }>();

/** The image as half-block lines, from the cache when this URL was drawn at this size before. */
export function cachedBlocks(
  url: string,
  pixels: RgbaImage,
  columns: number,
  rows: number,
  mode: ImageColorMode,
): string[] {
  const key = `${mode}|${columns}x${rows}|${url}`;
  const hit = renderCache.get(key);
  if (hit !== undefined && hit.pixels === pixels) {
    renderCache.delete(key);
    renderCache.set(key, hit);
    return hit.lines;
  }
  const lines = renderImageBlocks(pixels, columns, rows, { mode });
  renderCache.delete(key);
  renderCache.set(key, { pixels, lines });
  while (renderCache.size > RENDER_CACHE_SIZE) renderCache.delete(renderCache.keys().next().value as string);
  return lines;
}

/** "iter 12 of 0–40" (the server gives the range of iterations holding an image of this series). */
export function iterationText(view: Pick<ImageViewState, 'iteration' | 'minIteration' | 'maxIteration'>): string {
  if (view.iteration === null) return 'iter ?';
  const range =
    view.minIteration !== null && view.maxIteration !== null ? ` of ${view.minIteration}–${view.maxIteration}` : '';
  return `iter ${view.iteration}${range}`;
}

export interface ImageViewLine {
  text: string;
  kind: 'title' | 'image' | 'link' | 'note' | 'error';
}

/**
 * The image view in `width` x `height`: title, image rows, URL. The URL line is cut to the
 * width first and then wrapped in OSC 8 (when `hyperlinks`), so its visible width is that of
 * the cut text; the title links to the run's page in the web UI (`runUrl`) the same way.
 */
export function imageViewLines(
  view: ImageViewState,
  label: string,
  width: number,
  height: number,
  theme: Theme,
  mode: ImageColorMode,
  hyperlinks: boolean,
  runUrl: string | null = null,
): ImageViewLine[] {
  if (height <= 0 || width <= 0) return [];
  const e = theme.glyphs.ellipsis;
  const sep = ` ${theme.glyphs.separator} `;
  const title = clip(`${label}${sep}${iterationText(view)}`, width, e);
  const lines: ImageViewLine[] = [
    { kind: 'title', text: runUrl === null ? title : hyperlinkIf(hyperlinks, runUrl, title) },
  ];
  const url = view.url ?? '';
  const urlLine: ImageViewLine = {
    kind: 'link',
    text: url === '' ? '' : hyperlinkIf(hyperlinks, url, clip(sanitize(url), width, e)),
  };
  const room = height - 2;
  if (room <= 0) return [...lines, urlLine].slice(0, height);
  if (view.status === 'error') lines.push({ kind: 'error', text: clip(sanitize(view.error ?? ''), width, e) });
  else if (view.status === 'ready' && view.pixels !== null && url !== '')
    for (const text of cachedBlocks(url, view.pixels, width, room, mode)) lines.push({ kind: 'image', text });
  else lines.push({ kind: 'note', text: clip(`loading the image${e}`, width, e) });
  lines.push(urlLine);
  return lines.slice(0, height);
}

function hyperlinkIf(on: boolean, url: string, text: string): string {
  return on && /^https?:\/\//i.test(url) ? hyperlink(url, text, BEL) : text;
}
