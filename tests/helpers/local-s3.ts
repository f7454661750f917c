/**
 * A local S3-compatible server for the object-store tests: an HTTP server on a free loopback port
 * that answers the calls the media store makes (put, get, head, delete several, list) as S3 does,
 * in S3's XML and error codes, with the objects in memory. The real AWS SDK client talks to it as
 * it would to a bucket in the cloud, the way the captcha tests talk to a local siteverify.
 *
 * It checks that each request is signed with its access key (the key id in the Authorization
 * header); it does not recompute the signature, which is the SDK's own code. Bodies sent in
 * aws-chunked encoding (the SDK does so when it adds a trailing checksum) are decoded.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LocalS3 {
  endpoint: string;
  bucket: string;
  /** Environment for loadConfig that points the media store at this server. */
  env: Record<string, string>;
  /** The access key pair the server accepts. */
  credentials: { accessKeyId: string; secretAccessKey: string };
  /** How many requests it has answered, by method (a test can see that nothing was sent). */
  requests: Record<string, number>;
  close(): Promise<void>;
}

interface StoredObject {
  body: Buffer;
  contentType: string;
  etag: string;
  lastModified: Date;
}

const ACCESS_KEY_ID = 'LOCALS3TESTKEY';
const SECRET_ACCESS_KEY = 'local-s3-test-secret';

function xml(body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
}

function escape(text: string): string {
  return text.replace(/[<>&'"]/g, (character) => `&#${character.charCodeAt(0)};`);
}

function sendError(response: ServerResponse, status: number, code: string, message: string): void {
  response.writeHead(status, { 'content-type': 'application/xml' });
  response.end(xml(`<Error><Code>${code}</Code><Message>${escape(message)}</Message></Error>`));
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The payload of an aws-chunked body: "<hex size>[;extensions]\r\n<bytes>\r\n" … "0\r\n<trailers>\r\n\r\n". */
function decodeAwsChunked(raw: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = raw.indexOf('\r\n', at);
    if (lineEnd < 0) throw new Error('aws-chunked body without a chunk header');
    const size = parseInt(raw.subarray(at, lineEnd).toString('latin1').split(';')[0], 16);
    if (!Number.isFinite(size)) throw new Error('aws-chunked chunk size is not a number');
    if (size === 0) return Buffer.concat(parts);
    parts.push(raw.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 2 + size + 2;
  }
}

function isChunked(request: IncomingMessage): boolean {
  const encoding = String(request.headers['content-encoding'] ?? '');
  const payload = String(request.headers['x-amz-content-sha256'] ?? '');
  return encoding.split(',').some((part) => part.trim() === 'aws-chunked') || payload.startsWith('STREAMING-');
}

export async function startLocalS3(bucket = 'bo-media'): Promise<LocalS3> {
  const objects = new Map<string, StoredObject>();
  const requests: Record<string, number> = {};

  const server = createServer((request, response) => {
    void handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) sendError(response, 500, 'InternalError', error instanceof Error ? error.message : String(error));
      else response.destroy();
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const method = request.method ?? 'GET';
    requests[method] = (requests[method] ?? 0) + 1;
    const authorization = String(request.headers.authorization ?? '');
    if (!authorization.startsWith(`AWS4-HMAC-SHA256 Credential=${ACCESS_KEY_ID}/`)) {
      await readBody(request);
      return sendError(response, 403, 'InvalidAccessKeyId', 'The access key id you provided does not exist in our records.');
    }
    const url = new URL(request.url ?? '/', 'http://local-s3');
    // Path-style addresses: /bucket/key…
    const [, bucketName = '', ...keyParts] = url.pathname.split('/');
    const key = keyParts.map((part) => decodeURIComponent(part)).join('/');
    if (bucketName !== bucket) {
      await readBody(request);
      return sendError(response, 404, 'NoSuchBucket', 'The specified bucket does not exist');
    }

    if (method === 'PUT' && key) {
      const raw = await readBody(request);
      const body = isChunked(request) ? decodeAwsChunked(raw) : raw;
      const etag = `"${createHash('md5').update(body).digest('hex')}"`;
      objects.set(key, { body, contentType: String(request.headers['content-type'] ?? 'application/octet-stream'), etag, lastModified: new Date() });
      response.writeHead(200, { etag });
      return void response.end();
    }
    if (method === 'HEAD' && !key) {
      // HeadBucket: the bucket is there and the credentials may use it (the readiness probe asks this).
      return void response.writeHead(200).end();
    }
    if ((method === 'GET' || method === 'HEAD') && key) {
      const object = objects.get(key);
      if (!object) {
        if (method === 'HEAD') return void response.writeHead(404).end();
        return sendError(response, 404, 'NoSuchKey', 'The specified key does not exist.');
      }
      response.writeHead(200, {
        'content-type': object.contentType,
        'content-length': String(object.body.length),
        etag: object.etag,
        'last-modified': object.lastModified.toUTCString(),
      });
      return void response.end(method === 'HEAD' ? undefined : object.body);
    }
    if (method === 'POST' && !key && url.searchParams.has('delete')) {
      const raw = await readBody(request);
      const text = (isChunked(request) ? decodeAwsChunked(raw) : raw).toString('utf8');
      const keys = [...text.matchAll(/<Key>([^<]*)<\/Key>/g)].map((match) => match[1].replace(/&#(\d+);|&amp;|&lt;|&gt;|&quot;|&apos;/g, (entity, code: string | undefined) => (code ? String.fromCharCode(Number(code)) : ({ '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'" } as Record<string, string>)[entity])));
      for (const name of keys) objects.delete(name);
      const quiet = /<Quiet>true<\/Quiet>/.test(text);
      response.writeHead(200, { 'content-type': 'application/xml' });
      return void response.end(xml(`<DeleteResult>${quiet ? '' : keys.map((name) => `<Deleted><Key>${escape(name)}</Key></Deleted>`).join('')}</DeleteResult>`));
    }
    if (method === 'GET' && !key && url.searchParams.get('list-type') === '2') {
      const prefix = url.searchParams.get('prefix') ?? '';
      const listed = [...objects.entries()].filter(([name]) => name.startsWith(prefix)).sort(([a], [b]) => (a < b ? -1 : 1));
      const contents = listed
        .map(([name, object]) => `<Contents><Key>${escape(name)}</Key><LastModified>${object.lastModified.toISOString()}</LastModified><ETag>${escape(object.etag)}</ETag><Size>${object.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`)
        .join('');
      response.writeHead(200, { 'content-type': 'application/xml' });
      return void response.end(
        xml(`<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${escape(bucket)}</Name><Prefix>${escape(prefix)}</Prefix><KeyCount>${listed.length}</KeyCount><MaxKeys>1000</MaxKeys><IsTruncated>false</IsTruncated>${contents}</ListBucketResult>`),
      );
    }
    await readBody(request);
    return sendError(response, 501, 'NotImplemented', `The local S3 server does not answer ${method} ${url.pathname}${url.search}`);
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    endpoint,
    bucket,
    credentials: { accessKeyId: ACCESS_KEY_ID, secretAccessKey: SECRET_ACCESS_KEY },
    requests,
    env: {
      MEDIA_S3_BUCKET: bucket,
      MEDIA_S3_ENDPOINT: endpoint,
      MEDIA_S3_REGION: 'us-east-1',
      MEDIA_S3_PREFIX: 'office/',
      MEDIA_S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      MEDIA_S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
