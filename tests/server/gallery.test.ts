/**
 * Tour galleries: uploads recognised from their bytes, refused by size and
 * pixel count before decoding, re-encoded into sized copies without metadata, served immutable
 * and unguessable; order, one cover, removal, permissions and audit.
 */
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Media, Tour } from '../../src/shared/contract/tours.js';
import { expectError } from '../helpers/assertions.js';
import { aUser } from '../helpers/builders.js';
import { createTour, viaInject } from '../helpers/api-builders.js';
import { aJpeg, aPng, aPngClaiming, multipartBody, type FilePart } from '../helpers/pictures.js';
import { until } from '../helpers/poll.js';
import { as, createTestApp, createUser, login, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let admin: ReturnType<typeof as>;
let adminToken: string;
let photo: Buffer;

beforeAll(async () => {
  t = await createTestApp();
  adminToken = (await login(t.app, t.admin)).accessToken;
  admin = as(t.app, adminToken);
  photo = await aJpeg(3000, 2000);
});
afterAll(async () => t?.close());

const aNewTour = () => createTour(viaInject(admin));

async function upload(tourId: string, fields: Record<string, string>, file?: FilePart, caller = admin) {
  const body = await multipartBody(fields, file);
  return caller({ method: 'POST', url: `/api/tours/${tourId}/media`, ...body });
}

async function addPicture(tourId: string, alt = 'Skógafoss in the rain', bytes = photo): Promise<Media> {
  const response = await upload(tourId, { alt, caption: 'Day 2', credit: 'A. Guide' }, { bytes });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

const gallery = async (tourId: string): Promise<Media[]> => (await admin({ method: 'GET', url: `/api/tours/${tourId}/media` })).json().data;
const storedFiles = async () => (await readdir(join(t.dataDir, 'media'), { recursive: true }).catch(() => [] as string[])).filter((name) => name.endsWith('.webp'));

describe('uploading a picture', () => {
  test('a JPEG becomes three WebP copies (320, 1024, 2048 wide) without its camera or GPS metadata, and the first picture is the cover', async () => {
    const original = await sharp(photo).metadata();
    expect(original.exif?.length).toBeGreaterThan(0);
    expect(photo.includes('TestCam')).toBe(true);

    const tour = await aNewTour();
    const media = await addPicture(tour.id);
    expect(media).toMatchObject({ tourId: tour.id, alt: 'Skógafoss in the rain', caption: 'Day 2', credit: 'A. Guide', width: 3000, height: 2000, position: 0, isCover: true });
    expect(Object.keys(media).sort()).toEqual(['alt', 'caption', 'createdAt', 'credit', 'height', 'id', 'isCover', 'position', 'tourId', 'urls', 'width']);

    for (const [size, width] of [['thumb', 320], ['medium', 1024], ['large', 2048]] as const) {
      const response = await t.app.inject({ method: 'GET', url: media.urls[size] });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      const copy = await sharp(response.rawPayload).metadata();
      expect(copy).toMatchObject({ format: 'webp', width, height: Math.round((width * 2000) / 3000) });
      expect(copy.exif).toBeUndefined();
      expect(copy.icc).toBeUndefined();
      expect(response.rawPayload.includes('TestCam')).toBe(false);
    }
    // The address is a 128-bit random token: nothing in it comes from the tour or the picture.
    expect(media.urls.large).toMatch(/^\/media\/[A-Za-z0-9_-]{22}\/large\.webp$/);
    expect(media.urls.large).not.toContain(tour.id);
    expect(media.urls.large).not.toContain(media.id);

    const read = (await admin({ method: 'GET', url: `/api/tours/${tour.id}` })).json<Tour>();
    expect(read.coverMediaId).toBe(media.id);
    expect(read.coverUrls).toEqual(media.urls);
    const listed = (await admin({ method: 'GET', url: `/api/tours?q=${tour.code}` })).json<{ data: Tour[] }>().data;
    expect(listed[0].coverUrls?.thumb).toBe(media.urls.thumb);
  });

  test('copies are never enlarged: a 200 × 150 PNG stays 200 × 150 in every copy', async () => {
    const tour = await aNewTour();
    const media = await addPicture(tour.id, 'A small map', await aPng(200, 150));
    expect(media).toMatchObject({ width: 200, height: 150 });
    for (const url of Object.values(media.urls)) {
      const copy = await sharp((await t.app.inject({ method: 'GET', url })).rawPayload).metadata();
      expect([copy.width, copy.height]).toEqual([200, 150]);
    }
  });

  test('a picture taken on its side (EXIF orientation 6) is stored upright', async () => {
    const tour = await aNewTour();
    const media = await addPicture(tour.id, 'A lighthouse', await aJpeg(600, 400, { orientation: 6 }));
    expect([media.width, media.height]).toEqual([400, 600]);
    const copy = await sharp((await t.app.inject({ method: 'GET', url: media.urls.thumb })).rawPayload).metadata();
    expect([copy.width, copy.height]).toEqual([320, 480]);
  });

  test('text posing as a JPEG (name, declared type) is 415 and nothing is stored', async () => {
    const tour = await aNewTour();
    const before = await storedFiles();
    const response = await upload(tour.id, { alt: 'Not a picture' }, { bytes: Buffer.from('<?php echo "hello"; ?>\n'.repeat(20)), name: 'photo.jpg', type: 'image/jpeg' });
    expectError(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
    // A GIF, an SVG and a JPEG cut short are refused the same way.
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(64)]);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const bytes of [gif, svg, photo.subarray(0, 200)]) {
      expectError(await upload(tour.id, { alt: 'Not a picture' }, { bytes }), 415, 'UNSUPPORTED_MEDIA_TYPE');
    }
    expect(await gallery(tour.id)).toEqual([]);
    expect(await storedFiles()).toEqual(before);
  });

  test('a PNG whose header claims 30000 × 30000 is refused from its header, without decoding it', async () => {
    const tour = await aNewTour();
    const bomb = aPngClaiming(30_000, 30_000);
    expect(bomb.length).toBeLessThan(500);
    const rssBefore = process.memoryUsage().rss;
    const response = await upload(tour.id, { alt: 'A bomb' }, { bytes: bomb, name: 'huge.png', type: 'image/png' });
    expectError(response, 400, 'VALIDATION');
    expect(response.json().errors.file).toMatch(/50 megapixels.*30000 × 30000/);
    // Decoding 900 megapixels would take gigabytes; reading the header takes nothing.
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(100 * 1024 * 1024);
    expect(await gallery(tour.id)).toEqual([]);
  });

  test('a file over 20 MB is 413, whether the body says so up front or not', async () => {
    const tour = await aNewTour();
    const big = Buffer.concat([photo, Buffer.alloc(20 * 1024 * 1024 + 1 - photo.length)]);
    const response = await upload(tour.id, { alt: 'Too big' }, { bytes: big });
    expectError(response, 413, 'PAYLOAD_TOO_LARGE');
    expect(response.json().message).toMatch(/20 MB/);
    // Without a Content-Length the parser stops at the limit.
    const body = await multipartBody({ alt: 'Too big' }, { bytes: big });
    const chunked = await admin({ method: 'POST', url: `/api/tours/${tour.id}/media`, payload: body.payload, headers: { ...body.headers, 'transfer-encoding': 'chunked' } });
    expect(chunked.statusCode).toBe(413);
    expect(await gallery(tour.id)).toEqual([]);
  });

  test('alt text is required; a missing file, a second file or an unknown part is 400, and nothing is stored', async () => {
    const tour = await aNewTour();
    const before = await storedFiles();
    const noAlt = await upload(tour.id, { caption: 'No alt' }, { bytes: photo });
    expectError(noAlt, 400, 'VALIDATION');
    expect(noAlt.json().errors).toHaveProperty('alt');
    expectError(await upload(tour.id, { alt: '   ' }, { bytes: photo }), 400, 'VALIDATION');
    expectError(await upload(tour.id, { alt: 'x'.repeat(301) }, { bytes: photo }), 400, 'VALIDATION');
    const noFile = await upload(tour.id, { alt: 'No file' });
    expectError(noFile, 400, 'VALIDATION');
    expect(noFile.json().errors).toHaveProperty('file');
    expectError(await upload(tour.id, { alt: 'Odd part', isCover: 'true' }, { bytes: photo }), 400, 'VALIDATION');

    const form = new FormData();
    form.append('alt', 'Two files');
    form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'a.jpg');
    form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'b.jpg');
    const request = new Request('http://upload.test/', { method: 'POST', body: form });
    const two = await admin({
      method: 'POST',
      url: `/api/tours/${tour.id}/media`,
      payload: Buffer.from(await request.arrayBuffer()),
      headers: { 'content-type': request.headers.get('content-type')! },
    });
    expectError(two, 400, 'VALIDATION');
    expect(await gallery(tour.id)).toEqual([]);
    expect(await storedFiles()).toEqual(before);
  });

  test('JSON to the upload route and multipart to a JSON route are 415; an unknown tour is 404', async () => {
    const tour = await aNewTour();
    expectError(await admin({ method: 'POST', url: `/api/tours/${tour.id}/media`, payload: { alt: 'json' } }), 415, 'UNSUPPORTED_MEDIA_TYPE');
    const body = await multipartBody({ code: 'MULTI-1' }, { bytes: photo });
    expectError(await admin({ method: 'POST', url: '/api/tours', ...body }), 415, 'UNSUPPORTED_MEDIA_TYPE');
    expectError(await upload('00000000-0000-4000-8000-000000000000', { alt: 'Nowhere' }, { bytes: photo }), 404, 'NOT_FOUND');
  });
});

describe('the picture process', () => {
  test('pictures are made in a process of their own: killing it mid-picture refuses that picture, the server carries on, and the next upload works', async () => {
    const tour = await aNewTour();
    await addPicture(tour.id, 'Starts the worker', await aPng(32, 32));
    const pid = t.app.pictures.workerPid;
    expect(pid).not.toBeNull();
    expect(pid).not.toBe(process.pid);

    const big = await aJpeg(4000, 3000);
    const pending = upload(tour.id, { alt: 'Cut short' }, { bytes: big });
    // Kill it while it works on the big picture (the request is in the worker once the upload is read).
    await until(() => t.app.pictures.busy || undefined, { what: 'the picture in the worker' });
    process.kill(pid!, 'SIGKILL');
    const refused = await pending;
    expectError(refused, 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    const after = await addPicture(tour.id, 'After the crash', await aPng(40, 30));
    expect(t.app.pictures.workerPid).not.toBe(pid);
    expect((await gallery(tour.id)).map((media) => media.alt)).toEqual(['Starts the worker', 'After the crash']);
    void after;
  });
});

describe('ordering, the cover and removal', () => {
  test('pictures move by position, exactly one is the cover, and removing the cover makes the first remaining one the cover', async () => {
    const tour = await aNewTour();
    const small = await aJpeg(400, 300);
    const [a, b, c] = [await addPicture(tour.id, 'A', small), await addPicture(tour.id, 'B', small), await addPicture(tour.id, 'C', small)];
    expect((await gallery(tour.id)).map((m) => [m.alt, m.position, m.isCover])).toEqual([['A', 0, true], ['B', 1, false], ['C', 2, false]]);

    const moved = await admin({ method: 'PATCH', url: `/api/tours/${tour.id}/media/${c.id}`, payload: { position: 0 } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await gallery(tour.id)).map((m) => m.alt)).toEqual(['C', 'A', 'B']);

    const covered = await admin({ method: 'PATCH', url: `/api/tours/${tour.id}/media/${b.id}`, payload: { isCover: true, alt: 'B, the cover' } });
    expect(covered.json()).toMatchObject({ isCover: true, alt: 'B, the cover' });
    const afterCover = await gallery(tour.id);
    expect(afterCover.filter((m) => m.isCover).map((m) => m.id)).toEqual([b.id]);
    expect((await admin({ method: 'GET', url: `/api/tours/${tour.id}` })).json().coverMediaId).toBe(b.id);

    const removed = await admin({ method: 'DELETE', url: `/api/tours/${tour.id}/media/${b.id}` });
    expect(removed.statusCode).toBe(200);
    const after = await gallery(tour.id);
    expect(after.map((m) => [m.alt, m.position, m.isCover])).toEqual([['C', 0, true], ['A', 1, false]]);
    // The removed picture's copies are gone.
    await expect.poll(async () => (await t.app.inject({ method: 'GET', url: b.urls.thumb })).statusCode).toBe(404);

    // isCover false on the cover: the tour has none.
    await admin({ method: 'PATCH', url: `/api/tours/${tour.id}/media/${c.id}`, payload: { isCover: false } });
    expect((await gallery(tour.id)).some((m) => m.isCover)).toBe(false);
    expect((await admin({ method: 'GET', url: `/api/tours/${tour.id}` })).json()).toMatchObject({ coverMediaId: null, coverUrls: null });
    void a;
  });

  test('a picture of another tour is 404 on this one; an empty change is 400', async () => {
    const [one, two] = [await aNewTour(), await aNewTour()];
    const media = await addPicture(one.id, 'Mine', await aPng(50, 50));
    expectError(await admin({ method: 'PATCH', url: `/api/tours/${two.id}/media/${media.id}`, payload: { alt: 'Stolen' } }), 404, 'NOT_FOUND');
    expectError(await admin({ method: 'DELETE', url: `/api/tours/${two.id}/media/${media.id}` }), 404, 'NOT_FOUND');
    expectError(await admin({ method: 'PATCH', url: `/api/tours/${one.id}/media/${media.id}`, payload: {} }), 400, 'VALIDATION');
    expectError(await admin({ method: 'PATCH', url: `/api/tours/${one.id}/media/${media.id}`, payload: { alt: '' } }), 400, 'VALIDATION');
    expect((await gallery(one.id))[0].alt).toBe('Mine');
  });

  test('deleting a tour deletes its pictures’ copies', async () => {
    const tour = await aNewTour();
    const media = await addPicture(tour.id, 'Going', await aPng(64, 64));
    expect((await t.app.inject({ method: 'GET', url: media.urls.medium })).statusCode).toBe(200);
    expect((await admin({ method: 'DELETE', url: `/api/tours/${tour.id}` })).statusCode).toBe(200);
    await expect.poll(async () => (await t.app.inject({ method: 'GET', url: media.urls.medium })).statusCode).toBe(404);
  });

  test('an unknown or malformed copy address is 4xx, never a file outside the store', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/media/AAAAAAAAAAAAAAAAAAAAAA/large.webp' })).statusCode).toBe(404);
    for (const url of ['/media/..%2F..%2Fdb/large.webp', '/media/AAAAAAAAAAAAAAAAAAAAAA/original.jpg', '/media/x/large.webp']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
  });
});

describe('who may do what', () => {
  test('SALES sees the gallery but cannot add, change or remove a picture; every change is audited', async () => {
    const tour = await aNewTour();
    const media = await addPicture(tour.id, 'Audited', await aPng(80, 60));
    const seller = await createUser(t.app, adminToken, aUser({ roles: ['SALES'] }));
    const sales = as(t.app, (await login(t.app, seller)).accessToken);
    expect((await sales({ method: 'GET', url: `/api/tours/${tour.id}/media` })).statusCode).toBe(200);
    expectError(await upload(tour.id, { alt: 'Nope' }, { bytes: photo }, sales), 403, 'FORBIDDEN');
    expectError(await sales({ method: 'PATCH', url: `/api/tours/${tour.id}/media/${media.id}`, payload: { alt: 'Nope' } }), 403, 'FORBIDDEN');
    expectError(await sales({ method: 'DELETE', url: `/api/tours/${tour.id}/media/${media.id}` }), 403, 'FORBIDDEN');
    expectError(await upload(tour.id, { alt: 'Nobody' }, { bytes: photo }, (options) => t.app.inject(options)), 403, 'TOKEN_MISSING');

    await admin({ method: 'PATCH', url: `/api/tours/${tour.id}/media/${media.id}`, payload: { caption: 'Changed' } });
    await admin({ method: 'DELETE', url: `/api/tours/${tour.id}/media/${media.id}` });
    const entries = (await admin({ method: 'GET', url: `/api/admin/audit?targetId=${tour.id}&pageSize=100` })).json().data as { action: string; details: Record<string, unknown> }[];
    expect(entries.map((entry) => entry.action)).toEqual(expect.arrayContaining(['tour.media_added', 'tour.media_updated', 'tour.media_removed']));
    expect(entries.find((entry) => entry.action === 'tour.media_added')?.details).toMatchObject({ mediaId: media.id, alt: 'Audited' });
  });
});
