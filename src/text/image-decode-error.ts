/** An image the decoder refuses (damaged, unsupported, too large): its message says why. */
export class ImageDecodeError extends Error {}
