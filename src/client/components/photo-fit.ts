// How big a photo goes up (issue 32): a camera's 4000–6000 px, 5–15 MB photo is made smaller in the browser, its
// longest side at most 2,400 px (the server keeps 1,600 px) and under the 5 MB the server takes, instead of refused.
import { UPLOAD_MAX_BYTES } from '@shared/api/uploads';

/** The longest side a photo is sent at: half as much again as the 1,600 px copy kept, for a sharp crop. */
export const PHOTO_MAX_SIDE = 2400;

export interface PhotoSize {
  width: number;
  height: number;
}

/** Whether a photo must be made smaller before it goes up: too many pixels on a side, or too many bytes. */
export function needsShrinking(size: PhotoSize, bytes: number): boolean {
  return Math.max(size.width, size.height) > PHOTO_MAX_SIDE || bytes > UPLOAD_MAX_BYTES;
}

/** The size to draw at: the longest side at most `maxSide`, the shape kept, never enlarged, whole pixels. */
export function fitWithin(size: PhotoSize, maxSide: number): PhotoSize {
  const scale = Math.min(1, maxSide / Math.max(size.width, size.height));
  return {
    width: Math.max(1, Math.round(size.width * scale)),
    height: Math.max(1, Math.round(size.height * scale)),
  };
}

/**
 * The encodings to try, in order, until one is under UPLOAD_MAX_BYTES: a photo is nearly always well under it at
 * the first; a very detailed one (foliage, grain) steps down in quality, then in size. Bounded: six tries at most.
 */
export function encodingAttempts(size: PhotoSize): { size: PhotoSize; quality: number }[] {
  const attempts: { size: PhotoSize; quality: number }[] = [];
  for (const side of [PHOTO_MAX_SIDE, 1800, 1200]) {
    const fitted = fitWithin(size, side);
    for (const quality of [0.85, 0.7]) attempts.push({ size: fitted, quality });
  }
  return attempts;
}
