import { fitWithin } from './qr-scan';

/** Something a frame can be read from. */
export type FrameSource = HTMLVideoElement | HTMLImageElement | HTMLCanvasElement | ImageBitmap;

export interface QrDecoder {
  kind: 'native' | 'jsqr';
  /** The text of the first QR code in the frame, or null. `maxSide` bounds the work per frame. */
  decode(source: FrameSource, width: number, height: number, maxSide: number): Promise<string | null>;
}

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: FrameSource): Promise<DetectedBarcode[]>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats?(): Promise<string[]>;
}

/** The browser's BarcodeDetector when it can read QR codes (Android Chrome, Safari 17+, ...). */
async function nativeDecoder(scope: object): Promise<QrDecoder | null> {
  const Detector = (scope as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (typeof Detector !== 'function') return null;
  try {
    const formats = (await Detector.getSupportedFormats?.()) ?? ['qr_code'];
    if (!formats.includes('qr_code')) return null;
    const detector = new Detector({ formats: ['qr_code'] });
    return {
      kind: 'native',
      async decode(source) {
        const found = await detector.detect(source);
        return found[0]?.rawValue ?? null;
      },
    };
  } catch {
    return null;
  }
}

/** jsQR over the frame drawn on a canvas: works in every browser, loaded only when needed. */
async function jsqrDecoder(): Promise<QrDecoder> {
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return {
    kind: 'jsqr',
    async decode(source, width, height, maxSide) {
      if (!context || width === 0 || height === 0) return null;
      const size = fitWithin(width, height, maxSide);
      canvas.width = size.width;
      canvas.height = size.height;
      context.drawImage(source, 0, 0, size.width, size.height);
      const pixels = context.getImageData(0, 0, size.width, size.height);
      return jsQR(pixels.data, size.width, size.height, { inversionAttempts: 'attemptBoth' })?.data ?? null;
    },
  };
}

/** BarcodeDetector when the browser has one for QR codes, otherwise jsQR. */
export async function createQrDecoder(scope: object = window): Promise<QrDecoder> {
  return (await nativeDecoder(scope)) ?? jsqrDecoder();
}

/** Reads a QR code from a picked photo, trying a few sizes (a large photo at full size is slow, a small one loses modules). */
export async function decodeImageFile(decoder: QrDecoder, file: Blob): Promise<string | null> {
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.decoding = 'async';
    image.src = url;
    await image.decode();
    const { naturalWidth: width, naturalHeight: height } = image;
    for (const maxSide of [1024, 2048, 640]) {
      const text = await decoder.decode(image, width, height, maxSide);
      if (text) return text;
      if (Math.max(width, height) <= maxSide && maxSide >= 1024) break;
    }
    return null;
  } finally {
    URL.revokeObjectURL(url);
  }
}
