/**
 * The shop's answers that a CDN or a browser may keep: with Cache-Control and an ETag of the body,
 * answered 304 to a caller that holds the same body already (If-None-Match). No answer kept depends
 * on Accept-Language (a page's language is in its address), so none varies by it.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Tour pages, the tour list and their JSON: a minute old at most, then refreshed behind the customer's back. */
export const CATALOGUE_CACHE = 'public, max-age=60, stale-while-revalidate=300';
/** Seats change with every sale: a few seconds, so a rush on one tour reaches the database a few times a minute per cache. */
export const AVAILABILITY_CACHE = 'public, max-age=5, stale-while-revalidate=10';

export function cachedBody(request: FastifyRequest, reply: FastifyReply, body: string, type: string, cacheControl: string): FastifyReply {
  const etag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  reply.header('cache-control', cacheControl).header('etag', etag);
  const asked = request.headers['if-none-match'];
  if (typeof asked === 'string' && asked.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*')) return reply.code(304).send();
  return reply.type(type).serializer((payload: unknown) => payload as string).send(body);
}

export function cachedJson(request: FastifyRequest, reply: FastifyReply, body: unknown, cacheControl: string): FastifyReply {
  return cachedBody(request, reply, JSON.stringify(body), 'application/json; charset=utf-8', cacheControl);
}
