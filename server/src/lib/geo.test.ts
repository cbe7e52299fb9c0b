import { describe, expect, it } from 'vitest';
import { boundingBox, distanceMiles } from './geo';

const austin = { latitude: 30.2672, longitude: -97.7431 };
const dallas = { latitude: 32.7767, longitude: -96.797 };

describe('distanceMiles', () => {
  it('is zero for the same point and symmetric', () => {
    expect(distanceMiles(austin, austin)).toBe(0);
    expect(distanceMiles(austin, dallas)).toBeCloseTo(distanceMiles(dallas, austin), 9);
  });

  it('matches the known Austin–Dallas great-circle distance (~182 mi)', () => {
    expect(distanceMiles(austin, dallas)).toBeGreaterThan(180);
    expect(distanceMiles(austin, dallas)).toBeLessThan(184);
  });
});

describe('boundingBox', () => {
  it('contains every point on the circle of the radius', () => {
    const radius = 25;
    const box = boundingBox(austin, radius);
    for (let bearing = 0; bearing < 360; bearing += 5) {
      const b = (bearing * Math.PI) / 180;
      const d = radius / 3958.7613;
      const lat1 = (austin.latitude * Math.PI) / 180;
      const lon1 = (austin.longitude * Math.PI) / 180;
      const lat2 = Math.asin(Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b));
      const lon2 =
        lon1 + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(lat1), Math.cos(d) - Math.sin(lat1) * Math.sin(lat2));
      const point = { latitude: (lat2 * 180) / Math.PI, longitude: (lon2 * 180) / Math.PI };
      expect(distanceMiles(austin, point)).toBeCloseTo(radius, 6);
      expect(point.latitude).toBeGreaterThanOrEqual(box.minLatitude - 1e-9);
      expect(point.latitude).toBeLessThanOrEqual(box.maxLatitude + 1e-9);
      expect(point.longitude).toBeGreaterThanOrEqual(box.minLongitude - 1e-9);
      expect(point.longitude).toBeLessThanOrEqual(box.maxLongitude + 1e-9);
    }
  });

  it('spans all longitudes near a pole', () => {
    const box = boundingBox({ latitude: 89.9, longitude: 10 }, 50);
    expect(box.minLongitude).toBe(-180);
    expect(box.maxLongitude).toBe(180);
  });
});
