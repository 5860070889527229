import { writeFileSync } from 'node:fs';
import { crc32, deflateSync } from 'node:zlib';
import QRCode from 'qrcode';

/** A file for Playwright's setInputFiles. */
export interface PickedFile {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed) >>> 0);
  return Buffer.concat([length, typed, crc]);
}

/** A small PNG of one colour, written by hand (8-bit RGB, no filter): a photo to upload. */
export function solidPng(width: number, height: number, rgb: readonly [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x += 1) row.set(rgb, 1 + x * 3);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', header), pngChunk('IDAT', deflateSync(raw)), pngChunk('IEND', Buffer.alloc(0))]);
}

/** A PNG of a QR code holding `text`, as a phone's photo album would hand it over. */
export async function qrPng(text: string, name = 'qr.png'): Promise<PickedFile> {
  const buffer = await QRCode.toBuffer(text, { type: 'png', errorCorrectionLevel: 'M', margin: 4, scale: 8 });
  return { name, mimeType: 'image/png', buffer };
}

/** Luma of white and black in the limited (video) range. */
const Y_WHITE = 235;
const Y_BLACK = 16;

/**
 * Writes a YUV4MPEG2 video of a QR code holding `text` for Chromium's fake camera
 * (--use-file-for-fake-video-capture): the code big and centred on white with a quiet zone,
 * grey-scale (both chroma planes 128), the same picture in every frame (Chromium loops the file).
 */
export function writeQrY4m(file: string, text: string, { width = 640, height = 480, frames = 2 } = {}): void {
  if (width % 2 !== 0 || height % 2 !== 0) throw new Error('4:2:0 video needs an even width and height');
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const quiet = 4;
  const span = modules.size + quiet * 2;
  // Whole pixels per module, as large as fits in ~90 % of the shorter side.
  const cell = Math.floor((Math.min(width, height) * 0.9) / span);
  if (cell < 2) throw new Error(`the QR code (${modules.size} modules) does not fit in ${width}×${height}`);
  const left = Math.floor((width - modules.size * cell) / 2);
  const top = Math.floor((height - modules.size * cell) / 2);

  const luma = Buffer.alloc(width * height, Y_WHITE);
  for (let row = 0; row < modules.size; row += 1) {
    for (let col = 0; col < modules.size; col += 1) {
      if (!modules.get(row, col)) continue;
      for (let dy = 0; dy < cell; dy += 1) {
        const start = (top + row * cell + dy) * width + left + col * cell;
        luma.fill(Y_BLACK, start, start + cell);
      }
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2) * 2, 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n', 'ascii'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`, 'ascii');
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}
