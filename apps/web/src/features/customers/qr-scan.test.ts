// @vitest-environment node
import { customerQrPayload } from '@sales/contract';
import jsQR from 'jsqr';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { CAMERA_ABSENT, CAMERA_BUSY, CAMERA_DENIED, CAMERA_FAILED, cameraErrorMessage, classifyScan, createRepeatGuard, fitWithin } from './qr-scan';

const domError = (name: string) => Object.assign(new Error(name), { name });

/** Draws a QR code into RGBA pixels the way a camera frame arrives (black modules on white, with a quiet zone). */
function renderQr(text: string, scale = 4, margin = 4) {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const size = (modules.size + margin * 2) * scale;
  const pixels = new Uint8ClampedArray(size * size * 4).fill(255);
  for (let y = 0; y < modules.size; y += 1) {
    for (let x = 0; x < modules.size; x += 1) {
      if (!modules.get(x, y)) continue;
      for (let dy = 0; dy < scale; dy += 1) {
        for (let dx = 0; dx < scale; dx += 1) {
          const offset = (((y + margin) * scale + dy) * size + (x + margin) * scale + dx) * 4;
          pixels[offset] = 0;
          pixels[offset + 1] = 0;
          pixels[offset + 2] = 0;
        }
      }
    }
  }
  return { pixels, size };
}

describe('classifyScan', () => {
  it('recognises our customer codes and hands back their token', () => {
    expect(classifyScan(customerQrPayload('AbC123_-xyZ'))).toEqual({ kind: 'customer', code: 'XSZS-CUSTOMER:AbC123_-xyZ', token: 'AbC123_-xyZ' });
    expect(classifyScan(`  ${customerQrPayload('abcdefgh')}\n`)).toMatchObject({ kind: 'customer', token: 'abcdefgh' });
  });

  it('calls anything else not ours', () => {
    for (const text of ['https://example.com/x', '', 'XSZS-CUSTOMER:', 'XSZS-CUSTOMER:short', 'XSZS-CUSTOMER:has space!', 'xszs-customer:abcdefgh']) {
      expect(classifyScan(text), text).toEqual({ kind: 'other' });
    }
  });
});

describe('a printed customer code read back from camera pixels', () => {
  it('decodes with jsQR to the same customer token', () => {
    const payload = customerQrPayload('Zq8Kx2Lm9Pw4Rt7Y');
    const { pixels, size } = renderQr(payload);
    const read = jsQR(pixels, size, size);
    expect(read?.data).toBe(payload);
    expect(classifyScan(read?.data ?? '')).toMatchObject({ kind: 'customer', token: 'Zq8Kx2Lm9Pw4Rt7Y' });
  });

  it('finds nothing in a blank frame', () => {
    const size = 120;
    expect(jsQR(new Uint8ClampedArray(size * size * 4).fill(255), size, size)).toBeNull();
  });
});

describe('cameraErrorMessage', () => {
  it('tells a refused camera from a missing or busy one', () => {
    expect(cameraErrorMessage(domError('NotAllowedError'))).toBe(CAMERA_DENIED);
    expect(CAMERA_DENIED).toBe('无法使用摄像头，请在浏览器设置中允许访问摄像头，或从相册选择');
    expect(cameraErrorMessage(domError('SecurityError'))).toBe(CAMERA_DENIED);
    expect(cameraErrorMessage(domError('NotFoundError'))).toBe(CAMERA_ABSENT);
    expect(cameraErrorMessage(domError('OverconstrainedError'))).toBe(CAMERA_ABSENT);
    expect(cameraErrorMessage(domError('NotReadableError'))).toBe(CAMERA_BUSY);
    expect(cameraErrorMessage({ name: 'NotAllowedError' })).toBe(CAMERA_DENIED);
    expect(cameraErrorMessage('boom')).toBe(CAMERA_FAILED);
  });
});

describe('fitWithin', () => {
  it('scales the longer side down to the limit and keeps small frames', () => {
    expect(fitWithin(1280, 720, 640)).toEqual({ width: 640, height: 360 });
    expect(fitWithin(720, 1280, 640)).toEqual({ width: 360, height: 640 });
    expect(fitWithin(320, 240, 640)).toEqual({ width: 320, height: 240 });
  });
});

describe('createRepeatGuard', () => {
  it('lets a code through once per window, and other codes at once', () => {
    const guard = createRepeatGuard(3000);
    expect(guard.accept('a', 0)).toBe(true);
    expect(guard.accept('a', 1000)).toBe(false);
    expect(guard.accept('b', 1100)).toBe(true);
    expect(guard.accept('b', 4200)).toBe(true);
    guard.reset();
    expect(guard.accept('b', 4300)).toBe(true);
  });
});
