// The `imageView` slice: the debug image the plots pane draws (the item at its top), stepped
// through iterations with events.get_debug_image_sample / next_debug_image_sample, downloaded
// through the client (its TLS settings; the token only to the API and files hosts), decoded,
// shrunk early and kept in a small cache by URL.
import { FetchFileError } from '../../api/fetch-file.js';
import type { RgbaImage } from '../../text/image-decode.js';
import { ImageDecodeError } from '../../text/image-decode-error.js';
import { shrinkImage } from '../../text/image-shrink.js';
import { isObject, showStatus, type StoreContext } from '../core/index.js';

/** Larger downloads are refused (the pane says so and offers the URL). */
export const MAX_IMAGE_BYTES = 16 * 1024 * 1024;
/**
 * Largest image decoded for the pane (4.2 megapixels): decoding runs on the main thread, and a
 * 2048x2048 PNG takes about 0.3 s to decode plus 0.13 s to shrink here; bigger ones say so.
 */
export const MAX_IMAGE_PIXELS = 2048 * 2048;
/** Decoded (shrunk) images kept, least recently used dropped first. */
export const IMAGE_CACHE_SIZE = 16;

export type ImageStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface ImageViewState {
  taskId: string | null;
  metric: string;
  variant: string;
  /** The iteration shown and the range the server knows for this metric/variant. */
  iteration: number | null;
  minIteration: number | null;
  maxIteration: number | null;
  url: string | null;
  status: ImageStatus;
  /** Why the image is not drawn (too large, not an image, HTTP error). */
  error: string | null;
  /** The image shrunk to at most KEPT_IMAGE_PIXELS a side; the same object per URL while cached. */
  pixels: RgbaImage | null;
  /** `z`: the full-resolution image through the terminal's graphics protocol. */
  fullResolution: boolean;
}

export function initialImageView(): ImageViewState {
  return {
    taskId: null,
    metric: '',
    variant: '',
    iteration: null,
    minIteration: null,
    maxIteration: null,
    url: null,
    status: 'idle',
    error: null,
    pixels: null,
    fullResolution: false,
  };
}

export type ImageStep = 'earlier' | 'later' | 'first' | 'last';

export interface ImageViewActions {
  /** The plots pane's top item is this image (no-op when it already is the one shown). */
  showImage(image: { taskId: string; metric: string; variant: string; iteration: number; url: string } | null): void;
  /** `[` `]` `{` `}`: another iteration of the same metric/variant. */
  stepImage(step: ImageStep): Promise<void>;
  toggleFullResolution(): void;
  /** The encoded bytes of the image shown (for a full-resolution view), while it is shown. */
  shownImageBytes(): Uint8Array | null;
}

/** The client's part this slice uses; a client without downloads shows the URL only. */
interface ImageClient {
  downloadBytes?(url: string, opts: { signal?: AbortSignal; maxBytes?: number }): Promise<Uint8Array>;
}

interface Sample {
  scrollId: string | null;
  url: string | null;
  iteration: number | null;
  min: number | null;
  max: number | null;
}

function num(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** A debug_image_sample answer; anything malformed reads as "no image there". */
export function parseImageSample(data: unknown): Sample {
  if (!isObject(data)) return { scrollId: null, url: null, iteration: null, min: null, max: null };
  const event = isObject(data.event) ? data.event : null;
  return {
    scrollId: typeof data.scroll_id === 'string' && data.scroll_id !== '' ? data.scroll_id : null,
    url: event !== null && typeof event.url === 'string' && event.url !== '' ? event.url : null,
    iteration: event === null ? null : num(event.iter),
    min: num(data.min_iteration),
    max: num(data.max_iteration),
  };
}

function describe(err: unknown): string {
  if (err instanceof ImageDecodeError) return `cannot draw the image: ${err.message}`;
  // The pane shows the URL on its own line: the reason goes first, whole, not after the URL.
  if (err instanceof FetchFileError) return `cannot download the image: ${downloadReason(err)}`;
  const message = err instanceof Error ? err.message : String(err);
  if (/larger than \d+ bytes/.test(message))
    return `the image is larger than ${MAX_IMAGE_BYTES / 1048576} MiB: not drawn (o shows its URL, y copies it)`;
  return message;
}

/** Why a download failed, without the URL: "HTTP 404 (no such file on the server)". */
function downloadReason(err: FetchFileError): string {
  if (err.status === 404) return 'HTTP 404 (no such file on the server)';
  if (err.status !== undefined) return `HTTP ${err.status}`;
  const at = err.message.indexOf(`${err.url}: `);
  return at >= 0 ? err.message.slice(at + err.url.length + 2) : err.message;
}

export function createImageViewActions(ctx: StoreContext): ImageViewActions {
  const cache = new Map<string, RgbaImage>();
  let download: AbortController | null = null;
  let scrollId: string | null = null;
  /** The shown image's file as downloaded (one only; dropped when another is shown). */
  let shownBytes: { url: string; bytes: Uint8Array } | null = null;
  const client = ctx.client as unknown as ImageClient;
  const view = () => ctx.get().imageView;

  function remember(url: string, pixels: RgbaImage): void {
    cache.delete(url);
    cache.set(url, pixels);
    while (cache.size > IMAGE_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  }

  function setView(patch: Partial<ImageViewState>): void {
    ctx.set((s) => ({ imageView: { ...s.imageView, ...patch } }));
  }

  /** Shows the image at `url`; the full-resolution view needs its file, so it skips the cache. */
  async function load(url: string): Promise<void> {
    download?.abort();
    download = null;
    const cached = cache.get(url);
    if (cached !== undefined && !view().fullResolution) {
      remember(url, cached);
      setView({ url, status: 'ready', error: null, pixels: cached });
      return;
    }
    if (client.downloadBytes === undefined) {
      setView({ url, status: 'error', error: 'this client cannot download files', pixels: null });
      return;
    }
    const controller = new AbortController();
    download = controller;
    setView({ url, status: 'loading', error: null, pixels: null });
    try {
      const bytes = await client.downloadBytes(url, { signal: controller.signal, maxBytes: MAX_IMAGE_BYTES });
      shownBytes = { url, bytes };
      // Decoding runs after pending keys are handled, and only the shrunk image is kept.
      // The decoders (pngjs, jpeg-js, zlib) load with the first image, not with the monitor.
      const [{ decodeImage }] = await Promise.all([
        import('../../text/image-decode.js'),
        new Promise<void>((resolve) => setImmediate(resolve)),
      ]);
      if (controller.signal.aborted) return;
      const pixels = shrinkImage(decodeImage(bytes, { maxPixels: MAX_IMAGE_PIXELS }));
      remember(url, pixels);
      if (view().url === url) setView({ status: 'ready', error: null, pixels });
    } catch (err) {
      if (controller.signal.aborted || view().url !== url) return;
      setView({ status: 'error', error: describe(err), pixels: null });
    } finally {
      if (download === controller) download = null;
    }
  }

  async function applySample(answer: Sample, step: ImageStep | null): Promise<void> {
    scrollId = answer.scrollId ?? scrollId;
    const patch: Partial<ImageViewState> = {};
    if (answer.min !== null) patch.minIteration = answer.min;
    if (answer.max !== null) patch.maxIteration = answer.max;
    if (answer.url === null) {
      setView(patch);
      if (step !== null) showStatus(ctx, step === 'earlier' ? 'no earlier image' : 'no later image', 'info');
      return;
    }
    setView({ ...patch, iteration: answer.iteration });
    await load(answer.url);
  }

  function failed(err: unknown): void {
    showStatus(ctx, `debug image: ${describe(err)}`, 'error');
  }

  return {
    showImage(image) {
      const current = view();
      if (image === null) {
        if (current.taskId === null) return;
        download?.abort();
        scrollId = null;
        ctx.set({ imageView: initialImageView() });
        return;
      }
      const same =
        current.taskId === image.taskId && current.metric === image.metric && current.variant === image.variant;
      if (same) return;
      scrollId = null;
      ctx.set({
        imageView: {
          ...initialImageView(),
          taskId: image.taskId,
          metric: image.metric,
          variant: image.variant,
          iteration: image.iteration,
          fullResolution: current.fullResolution,
        },
      });
      void load(image.url);
      // The range of iterations and a scroll to step with.
      ctx.client.events
        .getDebugImageSample({ task: image.taskId, metric: image.metric, variant: image.variant })
        .then((data) => {
          const s = view();
          if (s.taskId !== image.taskId || s.metric !== image.metric || s.variant !== image.variant) return;
          const answer = parseImageSample(data);
          scrollId = answer.scrollId;
          setView({ minIteration: answer.min, maxIteration: answer.max });
        })
        .catch(failed);
    },
    async stepImage(step) {
      const s = view();
      if (s.taskId === null) return;
      try {
        if (step === 'earlier' || step === 'later') {
          if (scrollId === null) {
            const first = parseImageSample(
              await ctx.client.events.getDebugImageSample({
                task: s.taskId,
                metric: s.metric,
                variant: s.variant,
                ...(s.iteration === null ? {} : { iteration: s.iteration }),
              }),
            );
            scrollId = first.scrollId;
            if (scrollId === null) return;
          }
          const answer = await ctx.client.events.nextDebugImageSample({
            task: s.taskId,
            scroll_id: scrollId,
            next_iteration: true,
            navigate_earlier: step === 'earlier',
          });
          await applySample(parseImageSample(answer), step);
          return;
        }
        const iteration = step === 'first' ? s.minIteration : s.maxIteration;
        const answer = await ctx.client.events.getDebugImageSample({
          task: s.taskId,
          metric: s.metric,
          variant: s.variant,
          refresh: true,
          ...(iteration === null ? {} : { iteration }),
          ...(scrollId === null ? {} : { scroll_id: scrollId }),
        });
        await applySample(parseImageSample(answer), null);
      } catch (err) {
        failed(err);
      }
    },
    toggleFullResolution() {
      const s = view();
      setView({ fullResolution: !s.fullResolution });
      if (!s.fullResolution && s.url !== null && shownBytes?.url !== s.url) void load(s.url);
    },
    shownImageBytes() {
      const url = view().url;
      return shownBytes !== null && shownBytes.url === url ? shownBytes.bytes : null;
    },
  };
}
