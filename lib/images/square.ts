import sharp from 'sharp';
import { HttpError } from '../http/errors';

// Decoding a small file can still claim a huge canvas; this caps memory per upload.
const MAX_INPUT_PIXELS = 40_000_000;

export type ImageKind = 'png' | 'jpeg' | 'webp';

/** What the first bytes say the file is; the browser's filename and type are not trusted. */
export function sniffImage(bytes: Uint8Array): ImageKind | null {
  const starts = (sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (starts([0xff, 0xd8, 0xff])) return 'jpeg';
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp';
  return null;
}

export type SquareOptions = {
  /** The side in pixels (the most, when `enlarge` is false). */
  size: number;
  maxBytes: number;
  /** 'cover' crops to fill the square; 'contain' fits the whole image on a transparent one. */
  fit: 'cover' | 'contain';
  /** false keeps a smaller image's own size: the side is then its longer edge. */
  enlarge: boolean;
  quality: number;
  /** The `api` message keys of the two refusals: too large (413) and not a usable image (415). */
  errors: { tooLarge: string; type: string };
  /** The form field the refusals name, if any. */
  field?: string;
};

/**
 * A square WebP of an uploaded PNG, JPEG or WebP: turned upright by its EXIF orientation,
 * with every metadata block (GPS and all) dropped. A file that is too large, no such image,
 * truncated, or decodes to too many pixels is refused with an HttpError.
 */
export async function squareWebp(bytes: Uint8Array, options: SquareOptions): Promise<Uint8Array> {
  const { size, fit, enlarge, quality, errors, field } = options;
  const refuse = (status: number, key: string) => new HttpError(status, key, field ? { [field]: key } : {});
  if (bytes.byteLength > options.maxBytes) throw refuse(413, errors.tooLarge);
  if (!sniffImage(bytes)) throw refuse(415, errors.type);
  try {
    const input = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated', autoOrient: true } as const;
    let side = size;
    if (!enlarge) {
      const { width = size, height = size } = await sharp(bytes, input).metadata();
      side = Math.min(size, Math.max(width, height));
    }
    const out = await sharp(bytes, input)
      .resize(side, side, fit === 'contain' ? { fit, background: { r: 0, g: 0, b: 0, alpha: 0 } } : { fit })
      .webp({ quality })
      .toBuffer();
    return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
  } catch (error) {
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw refuse(413, errors.tooLarge);
    throw refuse(415, errors.type);
  }
}
