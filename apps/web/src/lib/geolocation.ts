/**
 * The phone's position, asked only on the person's tap: from the browser's Geolocation, or inside
 * 企业微信 / 钉钉 from the host's JS API first (their webviews often refuse the browser's), with
 * the browser's as the fallback when the host's fails.
 */
import type { GeoFix } from '@sales/contract';
import { currentHostApp } from './host-app/detect';

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

/** Rounds what the browser (or host) reports to what the server keeps: 6 decimals (~0.1 m), accuracy in whole metres. */
export function fixOf(coords: Pick<GeolocationCoordinates, 'latitude' | 'longitude' | 'accuracy'>): GeoFix {
  return {
    latitude: Math.round(coords.latitude * 1e6) / 1e6,
    longitude: Math.round(coords.longitude * 1e6) / 1e6,
    accuracy: Math.min(100_000, Math.max(0, Math.round(coords.accuracy))),
  };
}

/** One fix, or a GeoError with the Chinese message to show (refused, unavailable, timed out). */
export async function locate(options: LocateOptions): Promise<GeoFix> {
  const host = currentHostApp();
  if (host) {
    try {
      // Loaded only inside a host app: a plain browser never downloads the host SDKs.
      const { hostLocate } = await import('./host-app/host-sdk');
      return await hostLocate(host, options);
    } catch {
      // The host's API is missing, refused or failed: the browser's geolocation is the way round.
    }
  }
  return browserLocate(options);
}

function browserLocate({ highAccuracy, timeoutMs, maximumAge = 0 }: LocateOptions): Promise<GeoFix> {
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
