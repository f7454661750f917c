/**
 * Serves the built browser app (dist/client): hashed assets cached for a year, index.html never
 * cached, and every other non-/api GET answered with index.html so the app's router takes over.
 * Without a build, a plain page says how to make one.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** The folder holding package.json, found upwards from this file (src/server/static or dist/server/server/static). */
export function projectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, 'package.json'))) {
    const parent = dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}

export function defaultClientDir(): string {
  return resolve(projectRoot(), 'dist/client');
}

const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Travel Back Office</title></head>
<body><h1>The browser app is not built yet</h1>
<p>The API is running under <a href="/api/docs">/api/docs</a>. To build the browser app, run
<code>npm run build:client</code> (or <code>npm start</code>, which builds whatever is missing) and reload.</p>
</body></html>`;

export interface ClientAppOptions {
  /** dist/client; null or a missing folder serves the "not built" page. */
  clientDir: string | null;
}

/** Answers a non-API GET that matched no file: the app's index.html (or the "not built" page). */
export type SpaFallback = (request: FastifyRequest, reply: FastifyReply) => FastifyReply;

export const clientApp = fp<ClientAppOptions>(async (app: FastifyInstance, { clientDir }) => {
  const built = clientDir !== null && existsSync(join(clientDir, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root: clientDir,
      // One wildcard route that looks on disk at each request: a build made while the server runs
      // (its index.html is read per request) finds its new assets. A file that is not there goes
      // to the not-found handler: index.html for the app's paths, 404 under /assets.
      wildcard: true,
      // scripts/compress.mjs leaves a .br and a .gz beside each text asset: sent to browsers that accept them.
      preCompressed: true,
      cacheControl: false,
      index: 'index.html', // "/": the app itself
      setHeaders(reply, path) {
        const cache = path.includes(`${join(clientDir, 'assets')}`)
          ? 'public, max-age=31536000, immutable' // file names carry a content hash
          : path.endsWith('index.html')
            ? 'no-cache'
            : 'public, max-age=3600';
        reply.header('cache-control', cache);
      },
    });
  }
  const fallback: SpaFallback = (_request, reply) => {
    if (!built) return reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(NOT_BUILT_PAGE);
    return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
  };
  app.decorate('spaFallback', fallback);
});

declare module 'fastify' {
  interface FastifyInstance {
    spaFallback: SpaFallback;
  }
}
