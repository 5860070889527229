import { parseCustomerQr } from '@sales/contract';

/** What a scanned text means to the app. */
export type ScanOutcome = { kind: 'customer'; code: string; token: string } | { kind: 'other' };

/** A customer code of ours (with its token), or anything else. */
export function classifyScan(text: string): ScanOutcome {
  const token = parseCustomerQr(text);
  return token ? { kind: 'customer', code: text.trim(), token } : { kind: 'other' };
}

export const NOT_OUR_CODE = '不是有效的客户二维码';
export const CAMERA_DENIED = '无法使用摄像头，请在浏览器设置中允许访问摄像头，或从相册选择';
export const CAMERA_ABSENT = '未检测到可用的摄像头，请从相册选择二维码图片';
export const CAMERA_UNSUPPORTED = '当前浏览器无法使用摄像头（需要 HTTPS 连接），请从相册选择二维码图片';
export const CAMERA_BUSY = '摄像头正被其他应用使用，请关闭后重试，或从相册选择';
export const CAMERA_FAILED = '无法打开摄像头，请从相册选择二维码图片';

/** The message for a failed getUserMedia, by the DOMException name browsers use. */
export function cameraErrorMessage(error: unknown): string {
  const name = error instanceof Error || (typeof error === 'object' && error !== null && 'name' in error) ? String((error as { name: unknown }).name) : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return CAMERA_DENIED;
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
    case 'ConstraintNotSatisfiedError':
      return CAMERA_ABSENT;
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return CAMERA_BUSY;
    case 'TypeError':
      return CAMERA_UNSUPPORTED;
    default:
      return CAMERA_FAILED;
  }
}

/** The size to draw a frame at so that its longer side is at most `maxSide`. */
export function fitWithin(width: number, height: number, maxSide: number): { width: number; height: number } {
  const longer = Math.max(width, height);
  if (longer <= maxSide || longer === 0) return { width, height };
  const scale = maxSide / longer;
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * Ignores a code read again right after it was handled: the camera keeps seeing the same code
 * for a while, and the user should not get the same message (or request) five times a second.
 */
export function createRepeatGuard(windowMs: number) {
  let last: { text: string; at: number } | null = null;
  return {
    accept(text: string, now: number): boolean {
      if (last && last.text === text && now - last.at < windowMs) return false;
      last = { text, at: now };
      return true;
    },
    reset() {
      last = null;
    },
  };
}
