// The picture work, in a process of its own (forked by pictures.ts): uploaded files are hostile,
// and decoding them is the riskiest thing the server does. Here a malformed file that crashes or
// bloats libvips takes down only this process, never the server, and the decoders' working memory
// (tens of MB for a 12-megapixel photo) is not the server's. Plain JavaScript, so the same file
// runs from the sources (tests) and from the build (copied to dist by build:server).
//
// One message in: {id, job: {path, rules: {maxPixels, sizes: {name: width}}}}. One message out:
// {id, ok: true, width, height, copies: {name: Uint8Array}, maxRssKb} or
// {id, ok: false, kind: 'unsupported' | 'damaged' | 'too-large', width?, height?}.
import { open } from 'node:fs/promises';
import sharp from 'sharp';

// No cache of decoded pictures between jobs, and one libvips thread: each holds buffers of its own.
sharp.cache(false);
sharp.concurrency(1);

/**
 * Effort 0, the encoder's fastest: on a 12-megapixel JPEG to the three copies, 850 → 467 ms and
 * 79 → 64 MB of working memory against effort 3, for files a little larger.
 */
const WEBP = { quality: 80, effort: 0 };

/** The picture type of a file, from its first 32 bytes; null for anything else. */
export function sniffPictureType(head) {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'jpeg';
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (head.length >= 12 && head.toString('latin1', 0, 4) === 'RIFF' && head.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  // ISO-BMFF: a box size, then "ftyp" and a major brand; AVIF is avif (still) or avis (sequence).
  if (head.length >= 12 && head.toString('latin1', 4, 8) === 'ftyp' && ['avif', 'avis'].includes(head.toString('latin1', 8, 12))) return 'avif';
  return null;
}

/** The sized copies of the picture in `path`, or why not. */
export async function makeCopies(path, rules) {
  const head = Buffer.alloc(32);
  const file = await open(path, 'r');
  try {
    await file.read(head, 0, 32, 0);
  } finally {
    await file.close();
  }
  const type = sniffPictureType(head);
  if (!type) return { ok: false, kind: 'unsupported' };
  let meta;
  try {
    // The header only: a picture that claims huge dimensions is refused before anything is decoded.
    meta = await sharp(path, { limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, kind: 'damaged' };
  }
  const format = meta.format === 'heif' ? 'avif' : meta.format;
  if (format !== type || !meta.width || !meta.height) return { ok: false, kind: 'damaged' };
  if (meta.width * meta.height > rules.maxPixels) return { ok: false, kind: 'too-large', width: meta.width, height: meta.height };
  const upright = (meta.orientation ?? 1) >= 5;
  const copies = {};
  try {
    for (const [size, width] of Object.entries(rules.sizes)) {
      copies[size] = await sharp(path, { limitInputPixels: rules.maxPixels, failOn: 'error', sequentialRead: true })
        .rotate()
        // Width-led; a very tall picture is bounded too (WebP stops at 16383 px). Never enlarged.
        .resize({ width, height: width * 4, fit: 'inside', withoutEnlargement: true })
        .webp(WEBP)
        .toBuffer();
    }
  } catch {
    return { ok: false, kind: 'damaged' };
  }
  return { ok: true, width: upright ? meta.height : meta.width, height: upright ? meta.width : meta.height, copies };
}

if (process.send && process.argv.includes('--picture-worker')) {
  process.on('message', async ({ id, job }) => {
    let answer;
    try {
      answer = await makeCopies(job.path, job.rules);
    } catch {
      answer = { ok: false, kind: 'damaged' };
    }
    process.send({ id, ...answer, maxRssKb: process.resourceUsage().maxRSS });
  });
  // The server went away: so does this process.
  process.on('disconnect', () => process.exit(0));
}
