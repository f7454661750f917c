/**
 * The tours list at 1,000 and 10,000 tours (a page of 25, newest changes first, and the same after
 * the status filter): flat, since every sort walks an index and the total is a kept count. Then
 * 12-megapixel uploads, one after another and four at once: the time for all three copies, and
 * (in the server's peak memory row) what they cost. Answers the server it leaves running.
 */
import sharp from 'sharp';
import { cannon, warmed } from '../lib/load.ts';
import { ms, onEngine, rate, row } from '../lib/report.ts';
import { bulk, type Seed } from '../lib/seed.ts';
import { signIn, startServer, type BenchServer } from '../lib/servers.ts';
import { QUICK } from '../lib/settings.ts';

/** A 12-megapixel photograph-like JPEG (4000 × 3000, noise over gradients: about as hard to encode as a real one). */
async function twelveMegapixelJpeg(): Promise<Buffer> {
  const width = 4000;
  const height = 3000;
  const pixels = Buffer.alloc(width * height * 3);
  let state = 7;
  for (let i = 0; i < pixels.length; i += 3) {
    state = (state * 1_103_515_245 + 12_345) & 0x7fffffff;
    const x = (i / 3) % width;
    const y = Math.floor(i / 3 / width);
    pixels[i] = ((x * 255) / width + (state & 31)) & 0xff;
    pixels[i + 1] = ((y * 255) / height + ((state >> 5) & 31)) & 0xff;
    pixels[i + 2] = (((x + y) * 127) / (width + height) + ((state >> 10) & 63)) & 0xff;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
}

async function upload(baseUrl: string, token: string, tourId: string, bytes: Buffer, alt: string): Promise<number> {
  const form = new FormData();
  form.append('alt', alt);
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg');
  const t0 = performance.now();
  const response = await fetch(`${baseUrl}/api/tours/${tourId}/media`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const elapsed = performance.now() - t0;
  if (response.status !== 201) throw new Error(`upload: ${response.status} ${await response.text()}`);
  return elapsed;
}

export async function catalogueRows(engine: string, running: BenchServer, env: Record<string, string>, seed: Seed): Promise<BenchServer> {
  console.log(`\nbench: the tour catalogue on the ${engine}`);
  onEngine(engine);
  let server = running;
  const p50: Record<number, number> = {};
  for (const [size, offset] of [
    [1_000, 0],
    [10_000, 1_000],
  ]) {
    await server.stop();
    await seed(bulk.toursSql(size - offset, offset));
    server = await startServer(env);
    const { token } = await signIn(server.baseUrl);
    const headers = { authorization: `Bearer ${token}` };
    const listPath = '/api/tours?page=1&pageSize=25&sort=updatedAt&order=DESC';
    const list = await warmed({ url: server.baseUrl + listPath, headers });
    const filtered = await cannon({ url: `${server.baseUrl}/api/tours?page=1&pageSize=25&sort=title&status=published`, headers });
    if (list.errors + filtered.errors > 0) throw new Error(`tours list: ${list.errors + filtered.errors} errors`);
    p50[size] = list.p50;
    row(engine, `tours list at ${size.toLocaleString('en')} tours (page of 25, newest changes first)`, `${rate(list.rps)}, p50 ${list.p50} ms, p99 ${list.p99} ms`);
    row(engine, `tours list at ${size.toLocaleString('en')} tours, published only, by title`, `${rate(filtered.rps)}, p50 ${filtered.p50} ms, p99 ${filtered.p99} ms`);
  }
  const growth = p50[10_000] / Math.max(p50[1_000], 0.5);
  row(engine, 'tours list p50 at 10,000 ÷ at 1,000', `${growth.toFixed(2)}×`, '≤ 1.5×', growth <= 1.5);

  const beforeUploads = server.peakRssKb();
  const { token } = await signIn(server.baseUrl);
  const tours = (await (await fetch(`${server.baseUrl}/api/tours?page=1&pageSize=1`, { headers: { authorization: `Bearer ${token}` } })).json()) as { data: { id: string }[] };
  const tourId = tours.data[0].id;
  const photo = await twelveMegapixelJpeg();
  await upload(server.baseUrl, token, tourId, photo, 'warm-up');
  const times: number[] = [];
  for (let i = 0; i < (QUICK ? 3 : 7); i += 1) times.push(await upload(server.baseUrl, token, tourId, photo, `photo ${i}`));
  times.sort((a, b) => a - b);
  row(
    engine,
    `upload of a 12-megapixel JPEG (${(photo.length / 1024 / 1024).toFixed(1)} MB) → 3 WebP copies, median of ${times.length}`,
    `${ms(times[Math.floor(times.length / 2)])} (fastest ${ms(times[0])}, slowest ${ms(times[times.length - 1])})`,
  );
  const t0 = performance.now();
  await Promise.all([0, 1, 2, 3].map((i) => upload(server.baseUrl, token, tourId, photo, `together ${i}`)));
  row(engine, 'four 12-megapixel uploads at once (worked on one at a time)', `${ms(performance.now() - t0)} for all four`);
  row(engine, 'peak resident memory of this server process before the uploads → after them', `${(beforeUploads / 1024).toFixed(0)} MB → ${(server.peakRssKb() / 1024).toFixed(0)} MB`);
  const workers = Object.values(server.childPeakRssKb());
  const workerPeak = Math.max(0, ...workers);
  row(
    engine,
    'peak resident memory of the picture process (a child of the server that decodes the uploads; it ends after a minute idle)',
    workers.length ? `${(workerPeak / 1024).toFixed(0)} MB` : 'not running',
    '< 150 MB',
    workers.length > 0 && workerPeak < 150 * 1024,
  );
  return server;
}
