// What an uploaded photo is and what is made of it: its header checked before any pixel is decoded, then one
// decode to the 1600 px WebP, and the 400 px thumbnail from that copy (docs/decisions/0007-upload-queue.md).
import sharp, { type Metadata } from 'sharp';
import { THUMBNAIL_WIDTH, UPLOAD_FULL_WIDTH } from '../../../shared/api/uploads.js';
import { HttpError } from '../../http-error.js';

// One libvips worker per decode (the queue runs one at a time, so decoding takes one core), and no operation
// cache: every upload is new, so a cache only holds on to decoded pixels.
sharp.concurrency(1);
sharp.cache(false);

/**
 * The decompression-bomb guard: 24 megapixels (6000 × 4000) is more than the 1600 px copy needs and what a
 * phone's camera makes in its usual mode; an interlaced PNG must be decoded whole, about 4 bytes and 30 ns of a
 * core per pixel here, so this bounds one decode near 100 MB and 1 s.
 */
export const MAX_INPUT_PIXELS = 24_000_000;
export const NOT_AN_IMAGE = 'file must be a JPEG, PNG or WebP image';
export const TOO_MANY_PIXELS = 'photo must be at most 24 megapixels (for example 6000 × 4000)';

/** The formats taken, by their first bytes: anything else never reaches the decoder's many parsers. */
function formatOf(input: Buffer): 'jpeg' | 'png' | 'webp' | null {
  if (input.length >= 3 && input[0] === 0xff && input[1] === 0xd8 && input[2] === 0xff) return 'jpeg';
  if (input.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (input.toString('latin1', 0, 4) === 'RIFF' && input.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  return null;
}

/**
 * Refuses (400) what is not a JPEG, PNG or WebP, or has more than MAX_INPUT_PIXELS, from its header alone: a
 * few milliseconds whatever the file claims, before the upload waits for the decoder.
 */
export async function checkPhotoHeader(input: Buffer): Promise<void> {
  const format = formatOf(input);
  if (!format) throw new HttpError(400, NOT_AN_IMAGE);
  let header: Metadata;
  try {
    // No pixel limit here: the header is read, not the pixels, and the size is judged below with a message.
    header = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new HttpError(400, NOT_AN_IMAGE);
  }
  // The decoder must agree with the first bytes: a name or a content type proves nothing, nor do four bytes.
  if (header.format !== format || !header.width || !header.height) throw new HttpError(400, NOT_AN_IMAGE);
  if (header.width * header.height > MAX_INPUT_PIXELS) throw new HttpError(400, TOO_MANY_PIXELS);
}

/**
 * The stored copies: the photo decoded once, upright, at most UPLOAD_FULL_WIDTH wide, as WebP; the thumbnail made
 * from that copy (1.7 megapixels to decode rather than up to 24). sharp writes no EXIF, ICC or XMP
 * unless asked (no withMetadata), so a phone photo's GPS position never leaves this function.
 */
export async function makePhotoCopies(input: Buffer): Promise<{ full: Buffer; thumbnail: Buffer }> {
  const full = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .autoOrient()
    .resize({ width: UPLOAD_FULL_WIDTH, withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer();
  const thumbnail = await sharp(full)
    .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
    .webp({ quality: 78 })
    .toBuffer();
  return { full, thumbnail };
}
