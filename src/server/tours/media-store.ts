/**
 * Where the gallery's sized copies live: files under DATA_DIR/media on one machine, or an
 * S3-compatible object store that several instances share. Keys are `<token>/<size>.webp`, the
 * token random and checked against KEY_PATTERN before it reaches a path or a bucket.
 */
import { mkdir, open, readFile, rename, rm, stat } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import type { MediaTarget } from '../config.js';

export const KEY_PATTERN = /^[A-Za-z0-9_-]{22}\/(thumb|medium|large)\.webp$/;

export interface StoredObject {
  body: Readable;
  size: number | null;
}

export interface MediaStore {
  /** Shown at start: where pictures go. */
  readonly description: string;
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Null when there is no such object. */
  get(key: string): Promise<StoredObject | null>;
  /** Missing keys are not an error. */
  delete(keys: string[]): Promise<void>;
  /** Resolves when the store answers (the readiness probe asks an object store; files need no asking). */
  ping?(): Promise<void>;
  close(): Promise<void>;
}

function checkKey(key: string): string {
  if (!KEY_PATTERN.test(key)) throw new Error('invalid media key');
  return key;
}

/** Copies as files: written to a temporary name and renamed, so a reader never sees half a file. */
export class FileMediaStore implements MediaStore {
  readonly description: string;
  constructor(private readonly root: string) {
    this.description = `files in ${root}`;
  }

  async put(key: string, body: Buffer): Promise<void> {
    const path = join(this.root, checkKey(key));
    await mkdir(dirname(path), { recursive: true });
    const temporary = `${path}.${randomBytes(6).toString('hex')}.part`;
    const handle = await open(temporary, 'w', 0o640);
    try {
      await handle.writeFile(body);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(temporary, path);
  }

  async get(key: string): Promise<StoredObject | null> {
    const path = join(this.root, checkKey(key));
    try {
      const { size } = await stat(path);
      return { body: createReadStream(path), size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async delete(keys: string[]): Promise<void> {
    const folders = new Set<string>();
    for (const key of keys) {
      const path = join(this.root, checkKey(key));
      await rm(path, { force: true });
      folders.add(dirname(path));
    }
    // A picture's folder goes with its last copy.
    for (const folder of folders) await rm(folder, { recursive: false, force: true }).catch(() => undefined);
  }

  async close(): Promise<void> {}

  /** For tests: the bytes of a stored copy. */
  read(key: string): Promise<Buffer> {
    return readFile(join(this.root, checkKey(key)));
  }
}

/** The bucket's settings, as the configuration reads them (MEDIA_S3_*). */
export type S3Settings = Omit<Extract<MediaTarget, { kind: 's3' }>, 'kind'>;

/** Copies in an S3-compatible bucket (AWS, MinIO, R2, …); the SDK is loaded only when used. */
export async function createS3MediaStore(settings: S3Settings): Promise<MediaStore> {
  // The SDK warns on Node 20 that its releases after January 2027 will need Node 22; the version
  // pinned here works, and the README says so once rather than every start printing it.
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';
  const s3 = await import('@aws-sdk/client-s3');
  const client = new s3.S3Client({
    region: settings.region,
    ...(settings.endpoint && { endpoint: settings.endpoint }),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.accessKeyId &&
      settings.secretAccessKey && { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }),
    maxAttempts: 3,
  });
  const objectKey = (key: string) => `${settings.prefix}${checkKey(key)}`;
  return {
    description: `bucket ${settings.bucket}${settings.endpoint ? ` at ${new URL(settings.endpoint).host}` : ''}${settings.prefix ? ` under ${settings.prefix}` : ''}`,
    async put(key, body, contentType) {
      await client.send(
        new s3.PutObjectCommand({ Bucket: settings.bucket, Key: objectKey(key), Body: body, ContentType: contentType, ContentLength: body.length }),
      );
    },
    async get(key) {
      try {
        const answer = await client.send(new s3.GetObjectCommand({ Bucket: settings.bucket, Key: objectKey(key) }));
        if (!answer.Body) return null;
        return { body: answer.Body as Readable, size: answer.ContentLength ?? null };
      } catch (error) {
        if (error instanceof s3.NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async delete(keys) {
      if (keys.length === 0) return;
      await client.send(
        new s3.DeleteObjectsCommand({ Bucket: settings.bucket, Delete: { Objects: keys.map((key) => ({ Key: objectKey(key) })), Quiet: true } }),
      );
    },
    async ping() {
      // One cheap authenticated request: the bucket is there and these credentials may use it.
      await client.send(new s3.HeadBucketCommand({ Bucket: settings.bucket }), { abortSignal: AbortSignal.timeout(2000) });
    },
    async close() {
      client.destroy();
    },
  };
}
