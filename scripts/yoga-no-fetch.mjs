// Yoga (Ink's layout engine) ships its WebAssembly as a base64 data: URL and, when a global
// `fetch` exists, "downloads" it with fetch(). On Node that first fetch() loads Node's built-in
// undici: ~110 ms of the monitor's start-up (--cpu-prof) to decode a string Yoga can decode
// itself. Installed, Yoga's two "is there a fetch?" tests answer no, so it takes its
// synchronous data-URL path.

const FETCH_TEST = '"function"!=typeof fetch';

/** Yoga's loader with its fetch tests answering "no fetch"; throws when Yoga's code is not the one expected. */
export function yogaWithoutFetch(source) {
  const count = source.split(FETCH_TEST).length - 1;
  if (count !== 2)
    throw new Error(`yoga-layout's loader changed (${count} fetch tests); review scripts/yoga-no-fetch.mjs`);
  return source.replaceAll(FETCH_TEST, 'true');
}
