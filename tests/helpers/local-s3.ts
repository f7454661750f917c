/**
 * A local S3-compatible server for the object-store tests (s3rver, files in a temp folder, a free
 * loopback port): the real AWS SDK client talks to it as it would to a bucket in the cloud, the
 * way the captcha tests talk to a local siteverify.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error s3rver ships no type declarations
import S3rver from 's3rver';

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  /** Environment for loadConfig that points the media store at this server. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** s3rver's fixed development key pair. */
const KEY = 'S3RVER';

export async function startLocalS3(bucket = 'bo-media'): Promise<LocalS3> {
  const directory = await mkdtemp(join(tmpdir(), 'bo-s3-'));
  const server = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const address = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    bucket,
    env: {
      MEDIA_S3_BUCKET: bucket,
      MEDIA_S3_ENDPOINT: endpoint,
      MEDIA_S3_REGION: 'us-east-1',
      MEDIA_S3_PREFIX: 'office/',
      MEDIA_S3_ACCESS_KEY_ID: KEY,
      MEDIA_S3_SECRET_ACCESS_KEY: KEY,
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
