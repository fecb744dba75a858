// The box on the unit sphere that bounds a map area: every place inside the area must lie inside it, or the globe
// index would leave shops out of 'Search this area'.
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { onGlobe } from './globe.js';
import { globeBounds, type MapArea } from './map-area.js';

const area = fc
  .tuple(
    fc.double({ min: -90, max: 90, noNaN: true }),
    fc.double({ min: -90, max: 90, noNaN: true }),
    fc.double({ min: -180, max: 180, noNaN: true }),
    fc.double({ min: -180, max: 180, noNaN: true }),
  )
  .map(
    ([latitude1, latitude2, longitude1, longitude2]): MapArea => ({
      minLatitude: Math.min(latitude1, latitude2),
      maxLatitude: Math.max(latitude1, latitude2),
      minLongitude: Math.min(longitude1, longitude2),
      maxLongitude: Math.max(longitude1, longitude2),
    }),
  );

function expectInside(where: MapArea, latitude: number, longitude: number) {
  const [low, high] = globeBounds(where);
  const point = onGlobe(latitude, longitude);
  for (const axis of [0, 1, 2]) {
    expect(point[axis]!).toBeGreaterThanOrEqual(low[axis]!);
    expect(point[axis]!).toBeLessThanOrEqual(high[axis]!);
  }
}

describe('globeBounds', () => {
  test('holds every place of any area, its edges and corners included', () => {
    fc.assert(
      fc.property(
        area,
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (where, along, across) => {
          const latitude = where.minLatitude + along * (where.maxLatitude - where.minLatitude);
          const longitude = where.minLongitude + across * (where.maxLongitude - where.minLongitude);
          expectInside(where, latitude, longitude);
          for (const cornerLatitude of [where.minLatitude, where.maxLatitude])
            for (const cornerLongitude of [where.minLongitude, where.maxLongitude])
              expectInside(where, cornerLatitude, cornerLongitude);
        },
      ),
      { numRuns: 2000 },
    );
  });

  test('reaches the peaks inside an area, not only its corners', () => {
    // Around longitude 0 and the equator, x peaks inside the area (at 1), above every corner's value.
    const around = { minLatitude: -10, maxLatitude: 10, minLongitude: -10, maxLongitude: 10 };
    expect(globeBounds(around)[1][0]).toBeGreaterThanOrEqual(1);
    expectInside(around, 0, 0);
    // Across longitude 90, y peaks at 1 on the equator.
    expectInside({ minLatitude: -5, maxLatitude: 5, minLongitude: 80, maxLongitude: 100 }, 0, 90);
  });

  test('stays close around a small area: a Cape Town suburb is not half the globe', () => {
    const [low, high] = globeBounds({
      minLatitude: -33.95,
      maxLatitude: -33.9,
      minLongitude: 18.4,
      maxLongitude: 18.46,
    });
    for (const axis of [0, 1, 2]) expect(high[axis]! - low[axis]!).toBeLessThan(0.002);
  });
});
