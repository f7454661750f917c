#!/usr/bin/env node
// After `vite build`: a Brotli (.br) and a gzip (.gz) copy of every text asset in dist/client,
// made once at the highest levels, so the server sends compressed files without compressing
// on each request (@fastify/static `preCompressed`).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dir = fileURLToPath(new URL('../dist/client', import.meta.url));
const TEXT = new Set(['.js', '.css', '.html', '.svg', '.json', '.txt']);
let files = 0;
let before = 0;
let after = 0;

function visit(path) {
  for (const name of readdirSync(path)) {
    const file = join(path, name);
    if (statSync(file).isDirectory()) {
      visit(file);
      continue;
    }
    if (!TEXT.has(extname(name))) continue;
    const body = readFileSync(file);
    if (body.length < 1024) continue; // too small to be worth it
    const br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
    writeFileSync(`${file}.br`, br);
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
    files += 1;
    before += body.length;
    after += br.length;
  }
}

visit(dir);
console.log(`compress: ${files} files, ${(before / 1024).toFixed(0)} KiB → ${(after / 1024).toFixed(0)} KiB with Brotli (and .gz beside each)`);
