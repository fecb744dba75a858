// Makes a large photo smaller in the browser before it goes up (issue 32): decoded upright (its EXIF orientation
// applied, as the camera meant it), drawn at most 2,400 px on its longest side, and encoded as WebP (JPEG where the
// browser cannot write WebP) under the server's 5 MB. The server still checks and re-encodes whatever arrives.
import { UPLOAD_MAX_BYTES } from '@shared/api/uploads';
import { encodingAttempts, needsShrinking, type PhotoSize } from './photo-fit';

/**
 * The file to upload: the photo itself when it is small enough or the browser cannot decode it (the server then
 * decides, and says why it refuses), else a smaller copy. Null when no copy gets under 5 MB.
 */
export async function shrinkPhoto(file: File): Promise<File | null> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file.size > UPLOAD_MAX_BYTES ? null : file;
  }
  try {
    if (!needsShrinking(bitmap, file.size)) return file;
    for (const attempt of encodingAttempts(bitmap)) {
      const blob = await draw(bitmap, attempt.size, attempt.quality);
      if (blob && blob.size <= UPLOAD_MAX_BYTES) {
        const extension = blob.type === 'image/webp' ? 'webp' : 'jpg';
        return new File([blob], `${file.name.replace(/\.[^.]*$/, '')}.${extension}`, { type: blob.type });
      }
    }
    return null;
  } finally {
    bitmap.close(); // a decoded 24-megapixel photo holds about 100 MB until then
  }
}

async function draw(bitmap: ImageBitmap, size: PhotoSize, quality: number): Promise<Blob | null> {
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) return null;
  // White under a transparent PNG: JPEG has no transparency and would show it black.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, size.width, size.height);
  context.imageSmoothingQuality = 'high';
  context.drawImage(bitmap, 0, 0, size.width, size.height);
  const webp = await encode(canvas, 'image/webp', quality);
  // Safari writes PNG when asked for WebP: JPEG then, which every browser writes.
  const blob = webp?.type === 'image/webp' ? webp : await encode(canvas, 'image/jpeg', quality);
  // The canvas's pixels are let go at once, not when the collector comes by.
  canvas.width = 0;
  canvas.height = 0;
  return blob;
}

function encode(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}
