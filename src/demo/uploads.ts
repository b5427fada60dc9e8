// Files the demo stores on the files host as the ClearML SDK does: a multipart POST whose
// form field names the object's path, with the API token (src/server/files/files-http.ts).
import { debugImagePng } from './debug-images.js';
import { debugImageKey, progressAt, type SimulatedRun } from './simulated-run.js';

/** Stores `data` under `key` (a path such as `project/task.id/metrics/...png`) on the files host. */
export type FileUploader = (key: string, data: Uint8Array, contentType: string) => Promise<void>;

/** What the uploader needs of the API client: a token the files host accepts. */
interface TokenSource {
  bearerToken(): Promise<string>;
}

export function createFileUploader(client: TokenSource, filesBaseUrl: string): FileUploader {
  const base = filesBaseUrl.replace(/\/+$/, '');
  return async (key, data, contentType) => {
    const form = new FormData();
    const name = key.split('/').at(-1) ?? key;
    form.append(key, new Blob([data], { type: contentType }), name);
    const response = await fetch(`${base}/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await client.bearerToken()}` },
      body: form,
    });
    if (!response.ok) {
      const reason = (await response.text()).slice(0, 200);
      throw new Error(`the files host refused ${key}: HTTP ${response.status} ${reason}`);
    }
    await response.body?.cancel();
  };
}

export interface ImageUpload {
  key: string;
  metric: string;
  variant: string;
  iter: number;
}

/** Uploads the PNG a run reports for metric/variant at `iter`. */
export function uploadDebugImage(
  upload: FileUploader,
  run: SimulatedRun,
  image: Omit<ImageUpload, 'key'>,
): Promise<void> {
  const png = debugImagePng(run.shape.seed, image.metric, image.variant, image.iter, progressAt(run, image.iter));
  return upload(debugImageKey(run, image.metric, image.variant, image.iter), png, 'image/png');
}
