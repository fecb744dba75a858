import { UPLOAD_MAX_BYTES } from '@shared/api/uploads';
import { describe, expect, test } from 'vitest';
import { encodingAttempts, fitWithin, needsShrinking, PHOTO_MAX_SIDE } from './photo-fit';

describe('a photo before upload', () => {
  test('is made smaller when a side is over 2,400 px or it is over 5 MB, and left alone otherwise', () => {
    expect(needsShrinking({ width: 4000, height: 3000 }, 2_000_000)).toBe(true);
    expect(needsShrinking({ width: 1800, height: 2401 }, 2_000_000)).toBe(true);
    expect(needsShrinking({ width: 2000, height: 1500 }, UPLOAD_MAX_BYTES + 1)).toBe(true);
    expect(needsShrinking({ width: 2400, height: 1800 }, UPLOAD_MAX_BYTES)).toBe(false);
  });

  test('keeps its shape with the longest side at the limit, landscape or portrait', () => {
    expect(fitWithin({ width: 5000, height: 4000 }, PHOTO_MAX_SIDE)).toEqual({ width: 2400, height: 1920 });
    expect(fitWithin({ width: 3024, height: 4032 }, PHOTO_MAX_SIDE)).toEqual({ width: 1800, height: 2400 });
    expect(fitWithin({ width: 6000, height: 6000 }, PHOTO_MAX_SIDE)).toEqual({ width: 2400, height: 2400 });
  });

  test('is never enlarged, and a sliver keeps at least one pixel', () => {
    expect(fitWithin({ width: 1200, height: 800 }, PHOTO_MAX_SIDE)).toEqual({ width: 1200, height: 800 });
    expect(fitWithin({ width: 24_000, height: 2 }, PHOTO_MAX_SIDE)).toEqual({ width: 2400, height: 1 });
  });

  test('is encoded at most six ways, never larger than the one before, the first at full size and quality', () => {
    const attempts = encodingAttempts({ width: 5000, height: 4000 });
    expect(attempts).toHaveLength(6);
    expect(attempts[0]).toEqual({ size: { width: 2400, height: 1920 }, quality: 0.85 });
    for (const [index, attempt] of attempts.entries()) {
      expect(Math.max(attempt.size.width, attempt.size.height)).toBeLessThanOrEqual(PHOTO_MAX_SIDE);
      const previous = attempts[index - 1];
      if (!previous) continue;
      expect(attempt.size.width).toBeLessThanOrEqual(previous.size.width);
      if (attempt.size.width === previous.size.width) expect(attempt.quality).toBeLessThan(previous.quality);
    }
  });
});
