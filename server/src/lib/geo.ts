const EARTH_RADIUS_MILES = 3958.7613;
const toRadians = (deg: number) => (deg * Math.PI) / 180;

export interface Point {
  latitude: number;
  longitude: number;
}

/** Great-circle distance in miles (haversine). */
export function distanceMiles(a: Point, b: Point): number {
  const dLat = toRadians(b.latitude - a.latitude);
  const dLon = toRadians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 +
    Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

export interface BoundingBox {
  minLatitude: number;
  maxLatitude: number;
  minLongitude: number;
  maxLongitude: number;
}

/**
 * The smallest latitude/longitude box that contains every point within `radiusMiles` of
 * `center`: an index-friendly prefilter; the exact distance check follows.
 */
export function boundingBox(center: Point, radiusMiles: number): BoundingBox {
  const angular = radiusMiles / EARTH_RADIUS_MILES;
  const lat = toRadians(center.latitude);
  const minLat = lat - angular;
  const maxLat = lat + angular;
  const toDeg = (rad: number) => (rad * 180) / Math.PI;
  if (minLat <= -Math.PI / 2 || maxLat >= Math.PI / 2) {
    return {
      minLatitude: toDeg(Math.max(minLat, -Math.PI / 2)),
      maxLatitude: toDeg(Math.min(maxLat, Math.PI / 2)),
      minLongitude: -180,
      maxLongitude: 180,
    };
  }
  const deltaLon = Math.asin(Math.sin(angular) / Math.cos(lat));
  return {
    minLatitude: toDeg(minLat),
    maxLatitude: toDeg(maxLat),
    minLongitude: center.longitude - toDeg(deltaLon),
    maxLongitude: center.longitude + toDeg(deltaLon),
  };
}
