/** The little geometry of 拜访签到 (shared by the app and the demo seed): distances on the Earth between two points in degrees. */

/** Mean Earth radius in metres (IUGG), which keeps the haversine error well under 1 % at city scale. */
const EARTH_RADIUS_M = 6_371_008.8;

export interface Point {
  latitude: number;
  longitude: number;
}

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in metres between two points (haversine), rounded to the metre. */
export function distanceMeters(a: Point, b: Point): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return Math.round(2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h))));
}

/** Distance from the customer's position and whether it is 位置偏离; no position: no distance, not deviated. */
export function deviationOf(checkIn: Point, customer: Partial<Point> | { latitude: number | null; longitude: number | null }, thresholdMeters: number): { distance: number | null; deviated: boolean } {
  if (customer.latitude === null || customer.latitude === undefined || customer.longitude === null || customer.longitude === undefined) {
    return { distance: null, deviated: false };
  }
  const distance = distanceMeters(checkIn, { latitude: customer.latitude, longitude: customer.longitude });
  return { distance, deviated: distance > thresholdMeters };
}
