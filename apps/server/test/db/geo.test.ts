import { describe, expect, it } from 'vitest';
import { deviationOf, distanceMeters } from '../../src/db/geo.js';

describe('distanceMeters', () => {
  it('is zero for the same point', () => {
    expect(distanceMeters({ latitude: 31.23, longitude: 121.47 }, { latitude: 31.23, longitude: 121.47 })).toBe(0);
  });

  it('measures a degree of latitude as about 111.2 km', () => {
    expect(distanceMeters({ latitude: 30, longitude: 120 }, { latitude: 31, longitude: 120 })).toBeCloseTo(111_195, -1);
  });

  it('shrinks a degree of longitude with the cosine of the latitude', () => {
    const atEquator = distanceMeters({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 1 });
    const at60 = distanceMeters({ latitude: 60, longitude: 0 }, { latitude: 60, longitude: 1 });
    expect(at60 / atEquator).toBeCloseTo(0.5, 2);
  });

  it('knows Beijing to Shanghai (about 1,068 km)', () => {
    const km = distanceMeters({ latitude: 39.9042, longitude: 116.4074 }, { latitude: 31.2304, longitude: 121.4737 }) / 1000;
    expect(km).toBeGreaterThan(1060);
    expect(km).toBeLessThan(1075);
  });

  it('crosses the antimeridian the short way', () => {
    expect(distanceMeters({ latitude: 0, longitude: 179.999 }, { latitude: 0, longitude: -179.999 })).toBeLessThan(300);
  });
});

describe('deviationOf', () => {
  const shop = { latitude: 31.2304, longitude: 121.4737 };

  it('has no distance and no deviation without a customer position', () => {
    expect(deviationOf(shop, { latitude: null, longitude: null }, 500)).toEqual({ distance: null, deviated: false });
  });

  it('is deviated only beyond the threshold', () => {
    // 0.005° of latitude is about 556 m.
    const near = { latitude: shop.latitude + 0.004, longitude: shop.longitude };
    const far = { latitude: shop.latitude + 0.005, longitude: shop.longitude };
    expect(deviationOf(near, shop, 500)).toEqual({ distance: 445, deviated: false });
    expect(deviationOf(far, shop, 500)).toEqual({ distance: 556, deviated: true });
    expect(deviationOf(far, shop, 556).deviated).toBe(false);
  });
});
