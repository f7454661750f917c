/**
 * The gallery's routes: list, upload, change and remove a tour's pictures under /api, and the
 * copies themselves under /media. Uploads are the one place the server reads multipart: the
 * parser is registered for that route alone, and the JSON-only parser with its 64 KiB limit stays
 * in force everywhere else. The upload is streamed to a temporary file (never held in memory
 * whole) and refused as early as its size, type or header allows.
 */
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import Type from 'typebox';
import { MEDIA_RULES, NewMediaFieldsSchema, type NewMediaFields } from '../../shared/contract/tours.js';
import { originOf, requireUser } from '../auth/guard.js';
import { AppError, fieldErrors, httpErrors } from '../http/errors.js';
import { validatorCompiler } from '../http/validation.js';
import { MEDIA_PATH } from './gallery.js';
import { KEY_PATTERN } from './media-store.js';
import { listMediaSchema, removeMediaSchema, updateMediaSchema, uploadMediaSchema } from './schemas.js';

const TEXT_PARTS = ['alt', 'caption', 'credit'] as const;
/** Room for the text parts and the multipart framing around the file. */
const FRAMING_BYTES = 64 * 1024;
const MEGABYTES = MEDIA_RULES.maxBytes / 1024 / 1024;

const tooLarge = () => new AppError(413, 'PAYLOAD_TOO_LARGE', `The file is larger than ${MEGABYTES} MB.`);

const checkFields = validatorCompiler({ schema: NewMediaFieldsSchema, httpPart: 'body', method: 'POST', url: '/tours/:id/media' });

/** The API side: mounted under /api. */
export const mediaRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/tours/:id/media', { schema: listMediaSchema, onRequest: requireUser('tours.read') }, async (request) => {
    return { data: await app.gallery.list(request.params.id) };
  });

  app.patch('/tours/:id/media/:mediaId', { schema: updateMediaSchema, onRequest: requireUser('tours.update') }, async (request) => {
    return app.gallery.update(request.params.id, request.params.mediaId, request.body, originOf(request));
  });

  app.delete('/tours/:id/media/:mediaId', { schema: removeMediaSchema, onRequest: requireUser('tours.update') }, async (request) => {
    await app.gallery.remove(request.params.id, request.params.mediaId, originOf(request));
    return { id: request.params.mediaId };
  });

  await app.register(async (uploads) => {
    await uploads.register(multipart, {
      limits: { fileSize: MEDIA_RULES.maxBytes, files: 1, fields: TEXT_PARTS.length, fieldSize: 4 * 1024, parts: TEXT_PARTS.length + 1, headerPairs: 20 },
    });
    uploads.withTypeProvider<TypeBoxTypeProvider>().post(
      '/tours/:id/media',
      {
        schema: uploadMediaSchema,
        onRequest: [requireUser('tours.update'), refuseDeclaredOversize],
      },
      async (request, reply) => {
        await app.gallery.checkRoom(request.params.id);
        const upload = await receiveUpload(request);
        try {
          const picture = await app.pictures.make(upload.path);
          const media = await app.gallery.add(request.params.id, upload.fields, picture, originOf(request));
          return reply.code(201).send(media);
        } finally {
          await upload.discard();
        }
      },
    );
  });
};

/** A body that says it is too large is refused before a byte of it is read. */
async function refuseDeclaredOversize(request: FastifyRequest): Promise<void> {
  const declared = Number(request.headers['content-length']);
  if (Number.isFinite(declared) && declared > MEDIA_RULES.maxBytes + FRAMING_BYTES) throw tooLarge();
}

interface Upload {
  path: string;
  fields: NewMediaFields;
  discard(): Promise<void>;
}

/** Reads the parts: the file to a temporary file, the text parts checked by the contract's schema. */
async function receiveUpload(request: FastifyRequest): Promise<Upload> {
  const folder = await mkdtemp(join(tmpdir(), 'bo-upload-'));
  const discard = () => rm(folder, { recursive: true, force: true });
  const path = join(folder, 'file');
  try {
    if (!request.isMultipart()) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the picture as multipart/form-data.');
    const text: Record<string, string> = {};
    let received = false;
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || received) {
          part.file.resume();
          throw httpErrors.validation({ file: 'send one picture, in the part named "file"' });
        }
        await pipeline(part.file, createWriteStream(path, { mode: 0o600 }));
        if (part.file.truncated) throw tooLarge();
        received = true;
      } else {
        if (!(TEXT_PARTS as readonly string[]).includes(part.fieldname)) throw httpErrors.validation({ [part.fieldname.slice(0, 40)]: 'is not a part of an upload' });
        if (part.valueTruncated) throw httpErrors.validation({ [part.fieldname]: 'is too long' });
        text[part.fieldname] = String(part.value);
      }
    }
    if (!received) throw httpErrors.validation({ file: 'is required' });
    const checked = checkFields(text) as { value?: unknown; error?: Parameters<typeof fieldErrors>[0] };
    if (checked.error) throw httpErrors.validation(fieldErrors(checked.error, 'body'));
    return { path, fields: text as unknown as NewMediaFields, discard };
  } catch (error) {
    await discard();
    throw asUploadError(error);
  }
}

/** The multipart parser's own errors, in the API's words. */
function asUploadError(error: unknown): unknown {
  const code = (error as { code?: string }).code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return tooLarge();
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return httpErrors.validation({ file: 'send one picture and at most the alt, caption and credit parts' });
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the picture as multipart/form-data.');
    case 'FST_PROTO_VIOLATION':
    case 'FST_MP_PREMATURE_CLOSE':
      return httpErrors.validation({ file: 'the upload was not complete' });
    default:
      return error;
  }
}

const MediaFileParams = Type.Object({ token: Type.String({ pattern: '^[A-Za-z0-9_-]{22}$' }), file: Type.Enum(['thumb.webp', 'medium.webp', 'large.webp']) });

/**
 * The copies, at addresses no one can guess (a 128-bit token), public like any picture on a
 * page: an <img> sends no access token. They never change, so browsers keep them for a year.
 */
export const mediaFileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(`${MEDIA_PATH}/:token/:file`, { schema: { params: MediaFileParams } }, async (request, reply) => {
    const key = `${request.params.token}/${request.params.file}`;
    if (!KEY_PATTERN.test(key)) throw httpErrors.notFound();
    const stored = await app.gallery.store.get(key);
    if (!stored) throw httpErrors.notFound('No such picture.');
    reply
      .header('content-type', 'image/webp')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .header('cross-origin-resource-policy', 'same-origin');
    if (stored.size !== null) reply.header('content-length', stored.size);
    return reply.send(stored.body);
  });
};
