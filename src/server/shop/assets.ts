/**
 * The shop's own scripts (assets/*.js), read once at start and kept with their gzip: the booking
 * page's book.js and the widget's embed.js. Small, with no dependency and no build step; answered
 * with an ETag, and for ever to an address naming their version (?v=…), which changes with them.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SERVER_DIR_URL } from '../server-dir.js';

export interface ShopAsset {
  body: Buffer;
  gzip: Buffer;
  etag: string;
  /** A short hash of the body: the address that names it may be kept for ever. */
  version: string;
}

export function loadAsset(name: 'book.js' | 'embed.js'): ShopAsset {
  const body = readFileSync(fileURLToPath(new URL(`shop/assets/${name}`, SERVER_DIR_URL)));
  const hash = createHash('sha256').update(body).digest('base64url');
  return { body, gzip: gzipSync(body, { level: 9 }), etag: `"${hash.slice(0, 27)}"`, version: hash.slice(0, 12) };
}

/** A year, unchanging, for the address naming this version; else a few minutes, then refreshed behind the page's back. */
const FOREVER = 'public, max-age=31536000, immutable';
const SHORT = 'public, max-age=300, stale-while-revalidate=3600';

export function sendAsset(request: FastifyRequest, reply: FastifyReply, asset: ShopAsset): FastifyReply {
  const version = (request.query as { v?: unknown } | undefined)?.v;
  reply
    .header('cache-control', version === asset.version ? FOREVER : SHORT)
    .header('etag', asset.etag)
    .header('vary', 'accept-encoding')
    // The widget's script is loaded by the operator's own website, from another origin.
    .header('cross-origin-resource-policy', 'cross-origin')
    .header('access-control-allow-origin', '*');
  const asked = request.headers['if-none-match'];
  if (typeof asked === 'string' && asked.split(',').some((tag) => tag.trim() === asset.etag || tag.trim() === `W/${asset.etag}`)) return reply.code(304).send();
  const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
  if (gzip) reply.header('content-encoding', 'gzip');
  return reply.type('text/javascript; charset=utf-8').send(gzip ? asset.gzip : asset.body);
}
