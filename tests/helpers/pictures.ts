/**
 * Pictures made on the machine for the gallery's tests (no downloads): real JPEG/PNG files with
 * camera and GPS metadata, a PNG whose header claims a huge size, text posing as a JPEG, and the
 * multipart body a browser would send.
 */
import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/** A JPEG with a gradient (so it compresses like a photo), camera make and a GPS position. */
export async function aJpeg(width: number, height: number, options: { orientation?: number } = {}): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = (x * 255) / width;
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = ((x ^ y) & 0xff) / 2;
    }
  }
  const image = sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .withExif({
      IFD0: { Make: 'TestCam', Model: 'Harbour X100' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '64/1 8/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '21/1 56/1 0/1' },
    });
  return (options.orientation ? image.withMetadata({ orientation: options.orientation }) : image).toBuffer();
}

export async function aPng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#2a6f97' } }).png().toBuffer();
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A few hundred bytes whose header says width × height: a "decompression bomb" in miniature. */
export function aPngClaiming(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', Buffer.alloc(64)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export interface FilePart {
  bytes: Buffer;
  name?: string;
  type?: string;
}

/** The body and content type of a multipart/form-data upload, as a browser builds it. */
export async function multipartBody(fields: Record<string, string>, file?: FilePart, fileField = 'file'): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append(fileField, new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/jpeg' }), file.name ?? 'photo.jpg');
  const request = new Request('http://upload.test/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), headers: { 'content-type': request.headers.get('content-type')! } };
}
