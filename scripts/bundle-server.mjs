#!/usr/bin/env node
// The server as the launchers run it: dist/server/server/server.js (TypeScript's output, one file
// per module) bundled and minified into one file beside it, dist/server/server/server.bundle.mjs.
//
// Why: every module a process loads stays in its JavaScript heap as source text and compiled
// functions, whether it runs again or not. The server's main thread loaded 2,023 modules, 6.3 MB of
// source (TypeBox alone 683 files); bundled, tree-shaken and minified it is one file of about 2 MB.
// Measured on the embedded database, a server started and given 90 requests (health, the sign-in
// page, failed sign-ins), then left two seconds: the main thread's heap used 49.8 MB → 29.6 MB,
// resident memory 202 → 190 MB.
//
// What stays outside, loaded from node_modules as before:
// - packages with native code or files of their own found from their own folder: PGlite (its
//   WebAssembly and data files, and it runs on a thread of its own), argon2, sharp, pino and
//   thread-stream (their worker files), @fastify/swagger (reads its package.json), pino-pretty;
// - packages imported only when configured, so that a server without them never reads their
//   source: Stripe, the S3 client, ioredis, pg, nodemailer;
// - pdfkit, used only by the vouchers' own process (bookings/voucher-worker.mjs), which, like the
//   pictures' process, runs the unbundled modules beside it.
// ASCII output: a source with one character past Latin-1 is kept by V8 at two bytes a character.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));

export const EXTERNAL = [
  '@electric-sql/pglite',
  'argon2',
  'sharp',
  'pino',
  'pino-pretty',
  'thread-stream',
  '@fastify/swagger',
  'stripe',
  '@aws-sdk/*',
  'ioredis',
  'pg',
  'pg-native',
  'nodemailer',
  'pdfkit',
];

await build({
  entryPoints: [`${root}dist/server/server/server.js`],
  outfile: `${root}dist/server/server/server.bundle.mjs`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  minify: true,
  charset: 'ascii',
  sourcemap: 'linked',
  external: EXTERNAL,
  // CommonJS packages bundled into an ES module still call require() for Node's own modules.
  banner: { js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);" },
  logLevel: 'warning',
});
