/** The phone's position from the browser's Geolocation, asked only on the person's tap. */
import type { GeoFix } from '@sales/contract';

export const GEO_MESSAGES = {
  denied: '无法获取位置：请在浏览器设置中允许本网站使用定位',
  unavailable: '无法获取位置：定位暂不可用，请到开阔处或打开手机定位后重试',
  timeout: '获取位置超时，请重试',
  unsupported: '当前浏览器不支持定位',
} as const;

export class GeoError extends Error {
  constructor(
    readonly reason: keyof typeof GEO_MESSAGES,
    message: string = GEO_MESSAGES[reason],
  ) {
    super(message);
    this.name = 'GeoError';
  }
}

export interface LocateOptions {
  highAccuracy: boolean;
  timeoutMs: number;
  /** How old a cached fix may be (ms). */
  maximumAge?: number;
}

/** Rounds what the browser reports to what the server keeps: 6 decimals (~0.1 m), accuracy in whole metres. */
function fixOf(coords: GeolocationCoordinates): GeoFix {
  return {
    latitude: Math.round(coords.latitude * 1e6) / 1e6,
    longitude: Math.round(coords.longitude * 1e6) / 1e6,
    accuracy: Math.min(100_000, Math.max(0, Math.round(coords.accuracy))),
  };
}

/** One fix, or a GeoError with the Chinese message to show (refused, unavailable, timed out). */
export function locate({ highAccuracy, timeoutMs, maximumAge = 0 }: LocateOptions): Promise<GeoFix> {
  return new Promise((resolve, reject) => {
    if (typeof navigator === 'undefined' || !('geolocation' in navigator)) {
      reject(new GeoError('unsupported'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (position) => resolve(fixOf(position.coords)),
      (error) => {
        if (error.code === error.PERMISSION_DENIED) reject(new GeoError('denied'));
        else if (error.code === error.TIMEOUT) reject(new GeoError('timeout'));
        else reject(new GeoError('unavailable'));
      },
      { enableHighAccuracy: highAccuracy, timeout: timeoutMs, maximumAge },
    );
  });
}

export const geoMessageOf = (error: unknown) => (error instanceof GeoError ? error.message : GEO_MESSAGES.unavailable);
