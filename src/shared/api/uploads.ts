// The photo upload contract (POST /api/uploads → 201 {url}): sizes, the URL scheme and how to find a thumbnail.
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_FULL_WIDTH = 1600;
export const THUMBNAIL_WIDTH = 400;
/** Upload requests one shop owner may make in an hour, those refused (not a photo, server busy) included; then 429. */
export const UPLOADS_PER_HOUR = 30;

export interface UploadResponse {
  /** Same-origin path of the full-size WebP, e.g. /uploads/3f…a9.webp; goes into a shop's or item's imageUrl. */
  url: string;
}

/** An uploaded photo's path: 32 hex characters, optionally -400 (the thumbnail), .webp. */
export const uploadPathPattern = /^\/uploads\/[0-9a-f]{32}(-400)?\.webp$/;

export function isUploadPath(value: string): boolean {
  return uploadPathPattern.test(value);
}

export function uploadFileName(name: string, size: 'full' | 'thumbnail'): string {
  return size === 'full' ? `${name}.webp` : `${name}-${THUMBNAIL_WIDTH}.webp`;
}

export function uploadUrl(name: string): string {
  return `/uploads/${uploadFileName(name, 'full')}`;
}

/** The 400 px copy of an uploaded photo; any other URL (a link to elsewhere) is returned as it is. */
export function thumbnailUrl(url: string): string {
  return /^\/uploads\/[0-9a-f]{32}\.webp$/.test(url)
    ? url.replace(/\.webp$/, `-${THUMBNAIL_WIDTH}.webp`)
    : url;
}
