// The voucher process (forked by documents.ts's VoucherMaker): draws each voucher it is sent with
// voucher-pdf, so that pdfkit, its fonts and the drawing's time are never the server's. Plain
// JavaScript, so the same file runs from the build (beside voucher-pdf.js, copied to dist by
// build:server) and from the sources (tests), where voucher-pdf.ts runs through Node's own type
// stripping and its imports' ".js" names find their ".ts" files.
//
// One message in: {id, job: {booking, issuedAt, business}} (a voucher) or {id, job: {kind:
// 'manifest', manifests, businessName, day?}} (the guide's passenger lists) or {id, job: {kind:
// 'gift_card', card, business}} (a gift card, drawn by ../gift-cards/gift-card-pdf). One message out:
// {id, ok: true, pdf: Uint8Array, maxRssKb} or {id, ok: false, message, maxRssKb}.
import { existsSync } from 'node:fs';
import { registerHooks } from 'node:module';

let hooked = false;

/** One of this folder's modules: the built file, or from the sources (their ".js" imports finding ".ts" files). */
async function load(name) {
  const built = new URL(`./${name}.js`, import.meta.url);
  if (existsSync(built)) return import(built.href);
  if (!hooked) registerHooks({
    resolve(specifier, context, nextResolve) {
      try {
        return nextResolve(specifier, context);
      } catch (error) {
        if (error?.code === 'ERR_MODULE_NOT_FOUND' && /^\.\.?\//.test(specifier) && specifier.endsWith('.js')) return nextResolve(`${specifier.slice(0, -3)}.ts`, context);
        throw error;
      }
    },
  });
  hooked = true;
  return import(new URL(`./${name}.ts`, import.meta.url).href);
}

if (process.send && process.argv.includes('--voucher-worker')) {
  const { voucherPdf } = await load('voucher-pdf');
  let manifests;
  let giftCards;
  process.on('message', async ({ id, job }) => {
    let answer;
    try {
      if (job.kind === 'gift_card') {
        giftCards ??= await load('../gift-cards/gift-card-pdf');
        answer = { ok: true, pdf: await giftCards.giftCardPdf(job.card, job.business) };
      } else if (job.kind === 'manifest') {
        manifests ??= await load('manifest-pdf');
        answer = { ok: true, pdf: await manifests.manifestPdf(job.manifests, job.businessName, job.day) };
      } else answer = { ok: true, pdf: await voucherPdf(job.booking, job.issuedAt, job.business) };
    } catch (error) {
      answer = { ok: false, message: error instanceof Error ? error.message : String(error) };
    }
    process.send({ id, ...answer, maxRssKb: process.resourceUsage().maxRSS });
  });
  // The server went away: so does this process.
  process.on('disconnect', () => process.exit(0));
}
