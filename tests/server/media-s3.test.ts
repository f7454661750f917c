/**
 * Pictures in an S3-compatible object store (MEDIA_S3_*), the store several instances share: the
 * real AWS SDK client against a local S3-compatible server. Copies land in the bucket under the
 * prefix, are served through /media like the file store's, and are deleted with their picture.
 */
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Media } from '../../src/shared/contract/tours.js';
import { aTour } from '../helpers/builders.js';
import { startLocalS3, type LocalS3 } from '../helpers/local-s3.js';
import { aJpeg, multipartBody } from '../helpers/pictures.js';
import { as, createTestApp, login, type TestApp } from '../helpers/test-app.js';

let s3: LocalS3;
let t: TestApp;
let admin: ReturnType<typeof as>;
let client: S3Client;

beforeAll(async () => {
  s3 = await startLocalS3();
  t = await createTestApp({ env: s3.env });
  admin = as(t.app, (await login(t.app, t.admin)).accessToken);
  client = new S3Client({ region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, credentials: s3.credentials });
});
afterAll(async () => {
  client?.destroy();
  await t?.close();
  await s3?.close();
});

async function bucketKeys(): Promise<string[]> {
  const answer = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
  return (answer.Contents ?? []).map((object) => object.Key!).sort();
}

test('copies go to the bucket under the prefix, are served through /media, and go when the picture goes', async () => {
  expect(t.config.media).toMatchObject({ kind: 's3', bucket: 'bo-media', prefix: 'office/', forcePathStyle: true });
  const tour = (await admin({ method: 'POST', url: '/api/tours', payload: aTour() })).json();
  const body = await multipartBody({ alt: 'Jökulsárlón at dawn' }, { bytes: await aJpeg(1600, 1200) });
  const response = await admin({ method: 'POST', url: `/api/tours/${tour.id}/media`, ...body });
  expect(response.statusCode, response.body).toBe(201);
  const media = response.json<Media>();

  const token = media.urls.thumb.split('/')[2];
  expect(await bucketKeys()).toEqual([`office/${token}/large.webp`, `office/${token}/medium.webp`, `office/${token}/thumb.webp`]);
  const stored = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: `office/${token}/medium.webp` }));
  expect(stored.ContentType).toBe('image/webp');
  // Nothing was written to the local media folder.
  expect(await readdir(join(t.dataDir, 'media')).catch(() => [])).toEqual([]);

  const served = await t.app.inject({ method: 'GET', url: media.urls.large });
  expect(served.statusCode).toBe(200);
  expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'webp', width: 1600, height: 1200 });
  expect((await t.app.inject({ method: 'GET', url: `/media/${'A'.repeat(22)}/large.webp` })).statusCode).toBe(404);

  expect((await admin({ method: 'DELETE', url: `/api/tours/${tour.id}/media/${media.id}` })).statusCode).toBe(200);
  await expect.poll(bucketKeys).toEqual([]);
  expect((await t.app.inject({ method: 'GET', url: media.urls.large })).statusCode).toBe(404);
});

test('keys the store does not know are refused: nothing is written with them', async () => {
  const stranger = await createTestApp({ env: { ...s3.env, MEDIA_S3_ACCESS_KEY_ID: 'SOMEONEELSE', MEDIA_S3_SECRET_ACCESS_KEY: 'not-the-secret' } });
  try {
    const caller = as(stranger.app, (await login(stranger.app, stranger.admin)).accessToken);
    const tour = (await caller({ method: 'POST', url: '/api/tours', payload: aTour() })).json();
    const body = await multipartBody({ alt: 'Refused' }, { bytes: await aJpeg(64, 64) });
    const response = await caller({ method: 'POST', url: `/api/tours/${tour.id}/media`, ...body });
    expect(response.statusCode).toBeGreaterThanOrEqual(500);
    expect(response.body).not.toMatch(/InvalidAccessKeyId|SOMEONEELSE|stack/i);
    expect(await bucketKeys()).toEqual([]);
    expect((await caller({ method: 'GET', url: `/api/tours/${tour.id}/media` })).json().data).toEqual([]);
  } finally {
    await stranger.close();
  }
});

test('a store that cannot be reached fails the upload with 503 UNAVAILABLE, keeps no row and leaks no detail', async () => {
  const down = await createTestApp({ env: { ...s3.env, MEDIA_S3_ENDPOINT: 'http://127.0.0.1:9' } });
  try {
    const caller = as(down.app, (await login(down.app, down.admin)).accessToken);
    const tour = (await caller({ method: 'POST', url: '/api/tours', payload: aTour() })).json();
    const body = await multipartBody({ alt: 'Lost' }, { bytes: await aJpeg(64, 64) });
    const response = await caller({ method: 'POST', url: `/api/tours/${tour.id}/media`, ...body });
    expect(response.statusCode).toBe(503);
    expect(response.json().code).toBe('UNAVAILABLE');
    expect(response.body).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|stack/i);
    expect((await caller({ method: 'GET', url: `/api/tours/${tour.id}/media` })).json().data).toEqual([]);
  } finally {
    await down.close();
  }
});
