/**
 * The fonts every PDF the product draws sets its text in (vouchers, passenger lists, gift cards):
 * Noto Sans (Latin, Latin Extended, Greek, Cyrillic, Vietnamese) and Noto Sans JP (kana and
 * kanji), from their @fontsource packages, which split each font into files by Unicode range. Each
 * run of text is set in the first file that holds its characters, so Þórður, Ærøskøbing, Łódź and
 * 山田 all print, and only the glyphs used are embedded. (Noto Sans JP alone has no Ł or ź: Latin
 * comes from Noto Sans.)
 *
 * Only erasable TypeScript here: the documents' process (bookings/voucher-worker.mjs) runs it from
 * the sources with Node's own type stripping.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { inflateSync } from 'node:zlib';

export interface FontFile {
  name: string;
  path: string;
  ranges: [number, number][];
}

const fontSets = new Map<number, FontFile[]>();

/** The font packages, in the order a character looks for its file. */
const FONT_PACKAGES = ['@fontsource/noto-sans', '@fontsource/noto-sans-jp'];

/** The packages' files of one weight with the code points each holds, from their stylesheets. */
function fontFiles(weight: 400 | 700): FontFile[] {
  const cached = fontSets.get(weight);
  if (cached) return cached;
  const require = createRequire(import.meta.url);
  const files: FontFile[] = [];
  for (const css of FONT_PACKAGES.map((name) => require.resolve(`${name}/${weight}.css`))) readFaces(css, weight, files);
  fontSets.set(weight, files);
  return files;
}

function readFaces(css: string, weight: number, files: FontFile[]): void {
  for (const face of readFileSync(css, 'utf8').split('@font-face').slice(1)) {
    const file = /url\(\.\/files\/([^)]+?\.woff)\)/.exec(face)?.[1];
    const range = /unicode-range:\s*([^;]+);/.exec(face)?.[1];
    if (!file || !range) continue;
    const ranges = range.split(',').map((part): [number, number] => {
      const [from, to] = part.trim().replace(/^U\+/i, '').split('-');
      return [parseInt(from, 16), parseInt(to ?? from, 16)];
    });
    files.push({ name: `${weight}-${file}`, path: join(dirname(css), 'files', file), ranges });
  }
}

const fontData = new Map<string, Buffer>();

/**
 * A font file's glyphs as a plain OpenType font, unpacked once per process. pdfkit's font reader
 * unpacks a WOFF file's tables with a JavaScript inflate, on every voucher: measured, 60% of a
 * voucher's 175 ms went there. Node's own zlib does it once here, and each voucher after reads the
 * unpacked font.
 */
export function fontBytes(path: string): Buffer {
  const cached = fontData.get(path);
  if (cached) return cached;
  const data = sfntOfWoff(readFileSync(path));
  fontData.set(path, data);
  return data;
}

/**
 * WOFF 1.0 to the font it wraps: the same tables, each inflated where it was compressed, behind
 * an OpenType table directory (each table at a 4-byte boundary, as that format asks).
 */
export function sfntOfWoff(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('not a WOFF font');
  const flavor = woff.readUInt32BE(4);
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, index) => {
    const entry = 44 + index * 20;
    const offset = woff.readUInt32BE(entry + 4);
    const compressed = woff.readUInt32BE(entry + 8);
    const length = woff.readUInt32BE(entry + 12);
    const stored = woff.subarray(offset, offset + compressed);
    const data = compressed < length ? inflateSync(stored) : stored;
    if (data.length !== length) throw new Error('a WOFF table does not unpack to its stated length');
    return { tag: woff.readUInt32BE(entry), checksum: woff.readUInt32BE(entry + 16), data };
  });
  const power = 2 ** Math.floor(Math.log2(count));
  const header = Buffer.alloc(12 + count * 16);
  header.writeUInt32BE(flavor, 0);
  header.writeUInt16BE(count, 4);
  header.writeUInt16BE(power * 16, 6);
  header.writeUInt16BE(Math.log2(power), 8);
  header.writeUInt16BE(count * 16 - power * 16, 10);
  const parts: Buffer[] = [header];
  let at = header.length;
  tables.forEach((table, index) => {
    const record = 12 + index * 16;
    header.writeUInt32BE(table.tag, record);
    header.writeUInt32BE(table.checksum, record + 4);
    header.writeUInt32BE(at, record + 8);
    header.writeUInt32BE(table.data.length, record + 12);
    const padding = (4 - (table.data.length % 4)) % 4;
    parts.push(table.data, Buffer.alloc(padding));
    at += table.data.length + padding;
  });
  return Buffer.concat(parts);
}

/** Splits text into runs, each with the font file that holds its characters (the first file, for any it has none of). */
export function runs(text: string, weight: 400 | 700): { font: FontFile; text: string }[] {
  const files = fontFiles(weight);
  const latin = files.find((file) => file.ranges.some(([from, to]) => from <= 0x41 && 0x41 <= to)) ?? files[0];
  const result: { font: FontFile; text: string }[] = [];
  for (const char of text) {
    const code = char.codePointAt(0)!;
    const font = code === 0x20 && result.length > 0 ? result[result.length - 1].font : (files.find((file) => file.ranges.some(([from, to]) => from <= code && code <= to)) ?? latin);
    const last = result[result.length - 1];
    if (last && last.font === font) last.text += char;
    else result.push({ font, text: char });
  }
  return result;
}

