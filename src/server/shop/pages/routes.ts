/**
 * The shop's pages (/shop), rendered by the server in English or German (`?lang=de`): the tours on
 * sale, a tour's page with its dates, and the sitemap. Public and cacheable like the catalogue's
 * API; a tour that is not sold online is a 404 page, as one that does not exist.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { addDays, localDateAt } from '../../../shared/local-time.js';
import { SHOP_RULES } from '../../../shared/contract/shop.js';
import { cachedBody, CATALOGUE_CACHE } from '../http-cache.js';
import { cartAnswer } from '../carts.js';
import { formSendingPolicy, frameablePolicy } from '../../http/security-headers.js';
import { loadAsset, sendAsset } from '../assets.js';
import { bookPage } from './book-page.js';
import { cartPage, escapeHtml, findBookingPage, inLanguage, managePage, sitemap, tourListPage, tourPage, type Business, type ManagePageParts } from './templates.js';
import { AppError } from '../../http/errors.js';
import { refusalIn } from '../../http/refusal-language.js';
import { cancelOwnBooking, changeDates, changeOwnBooking, lookUpBooking, lookupAnswer, managedBooking, managedView, payPage, quoteOwnChange } from '../manage-routes.js';
import { manageErrors } from '../manage.js';
import { shopOrigin } from '../cart-routes.js';
import { textsOf, type ShopLanguage } from './texts.js';
import { pageLanguageOf } from '../language.js';

const HTML = 'text/html; charset=utf-8';

/** The shop's 404 page; `said` in its place of the plain sentence (a booking's link that opens none, or has run out). */
export function notFoundPage(reply: FastifyReply, language: ShopLanguage, said?: string): FastifyReply {
  const [title, plain, back, find] =
    language === 'de' ? ['Nicht gefunden', 'Diese Seite gibt es nicht (mehr).', 'Alle Touren', 'Ihre Buchung finden'] : ['Not found', 'This page does not exist (any more).', 'All tours', 'Find your booking'];
  const text = said === undefined ? plain : escapeHtml(said);
  return reply
    .code(404)
    .type(HTML)
    .header('cache-control', 'no-store')
    .send(`<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title><meta name="robots" content="noindex"></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem"><main><h1>${title}</h1><p>${text}</p><p><a href="/shop${language === 'de' ? '?lang=de' : ''}">${escapeHtml(back)}</a></p><p><a href="/shop/manage${language === 'de' ? '?lang=de' : ''}">${escapeHtml(find)}</a></p></main></body></html>`);
}

export const shopPageRoutes: FastifyPluginAsync = async (app) => {
  const business = async (): Promise<Business> => app.business.details();
  const hidden = { hide: true } as const;
  const bookScript = loadAsset('book.js');
  const embedScript = loadAsset('embed.js');

  app.get('/shop/book.js', { schema: hidden }, async (request, reply) => sendAsset(request, reply, bookScript));
  // The widget's script, loaded by the operator's website at this fixed address.
  app.get('/shop/embed.js', { schema: hidden }, async (request, reply) => sendAsset(request, reply, embedScript));

  app.get('/shop', { schema: hidden }, async (request, reply) => {
    const language = pageLanguageOf(request);
    if (!(await app.shop.settings.current()).enabled) return notFoundPage(reply, language);
    const html = tourListPage(await app.shop.catalogue.tours(), language, await business(), app.config.publicUrl, app.paymentLinks.configured);
    return cachedBody(request, reply, html, HTML, CATALOGUE_CACHE);
  });

  /** A tour on sale with its dates of the next three months (from today in its zone), and the shop's settings; null when the shop does not sell it. */
  const tourOnSale = async (code: string) => {
    const settings = await app.shop.settings.current();
    const found = settings.enabled && code.length <= 64 ? await app.shop.catalogue.find(code) : null;
    if (!found) return null;
    const from = localDateAt(new Date(app.now()), found.tour.timeZone);
    const [tour, departures] = await Promise.all([app.shop.catalogue.tour(found), app.shop.catalogue.availability(found, { from, to: addDays(from, SHOP_RULES.availabilityDays - 1) }, settings)]);
    return { settings, tour, departures };
  };

  app.get<{ Params: { code: string } }>('/shop/tours/:code', { schema: hidden }, async (request, reply) => {
    const language = pageLanguageOf(request);
    const onSale = await tourOnSale(request.params.code);
    if (!onSale) return notFoundPage(reply, language);
    const { settings, tour, departures } = onSale;
    const html = tourPage(tour, departures, language, await business(), app.config.publicUrl, settings.payLater);
    return cachedBody(request, reply, html, HTML, CATALOGUE_CACHE);
  });

  // The booking page: a checkout page, never cached, framed only by this server and the origins the operator allowed.
  app.get<{ Params: { code: string } }>('/shop/tours/:code/book', { schema: hidden }, async (request, reply) => {
    const language = pageLanguageOf(request);
    const onSale = await tourOnSale(request.params.code);
    if (!onSale) return notFoundPage(reply, language);
    const { settings, tour, departures } = onSale;
    const open = departures.filter((departure) => departure.status === 'AVAILABLE' || departure.status === 'LIMITED');
    const asked = (request.query as { departure?: unknown }).departure;
    const selected = open.find((departure) => departure.departureId === asked)?.departureId ?? null;
    const html = bookPage({
      tour,
      departures: open,
      selected,
      // A date asked for (from the tour page, the widget, a link) that is no longer open: said, not silently swapped.
      askedClosed: typeof asked === 'string' && asked !== '' && selected === null,
      promo: promoFrom((request.query as { promo?: unknown }).promo),
      settings,
      cardPayments: app.paymentLinks.configured,
      language,
      business: await business(),
      publicUrl: app.config.publicUrl,
      script: `/shop/book.js?v=${bookScript.version}`,
    });
    return reply.type(HTML).header('cache-control', 'no-store').header('content-security-policy', frameablePolicy(settings.embedOrigins)).send(html);
  });

  app.get<{ Params: { cartId: string } }>('/shop/carts/:cartId', { schema: hidden }, async (request, reply) => {
    const language = pageLanguageOf(request);
    const cart = await app.shop.carts.byKey(request.params.cartId);
    const booking = cart && (await app.bookings.get(cart.booking_id));
    if (!cart || !booking) return notFoundPage(reply, language);
    const settings = await app.shop.settings.current();
    const answer = await app.shop.manageLinks.onCart(cartAnswer(request.params.cartId, cart, booking, app.now()), booking.id, language);
    // Back from paying before Stripe's event: the page looks again in a few seconds.
    const waiting = answer.status === 'open' && (request.query as { paid?: unknown }).paid === '1';
    const html = cartPage(answer, language, await business(), app.config.publicUrl, waiting);
    return reply.type(HTML).header('cache-control', 'no-store').header('content-security-policy', frameablePolicy(settings.embedOrigins)).send(html);
  });

  // Where a Pay button's form is sent on to: Stripe's payment pages (its checkout host, or the local double's origin in tests).
  const stripe = app.config.stripe;
  const managePolicy = formSendingPolicy(stripe ? [stripe.apiUrl.hostname === 'api.stripe.com' ? 'https://checkout.stripe.com' : stripe.apiUrl.origin] : []);

  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

  // A customer's own booking, opened by its link's token (never cached, never indexed, framed by no one).
  const sendManagePage = async (reply: FastifyReply, token: string, language: ShopLanguage, parts: ManagePageParts = {}, statusCode = 200) => {
    const { booking, tour } = await managedBooking(app, token);
    const view = await managedView(app, booking, tour);
    const dates = view.can.change ? await changeDates(app, booking, tour) : [];
    return reply
      .code(statusCode)
      .type(HTML)
      .header('cache-control', 'no-store')
      .header('content-security-policy', managePolicy)
      .send(managePage(view, token, language, await business(), app.config.publicUrl, { dates, ...parts }));
  };
  /** A form's action refused: the page as it is now, saying why (a token that opens nothing: the 404 page). */
  const refusedManage = async (reply: FastifyReply, token: string, language: ShopLanguage, error: unknown) => {
    if (!(error instanceof AppError)) throw error;
    if (error.statusCode === 404) return notFoundPage(reply, language, refusalIn(language, error.message));
    // A refusal's own sentence; a bare field check's (Invalid value for: …) says its field's words instead.
    const fields = Object.values(error.errors ?? {});
    const said = refusalIn(language, fields.length > 0 && error.message.startsWith('Invalid value') ? String(fields[0]) : error.message);
    return sendManagePage(reply, token, language, { refused: said }, error.statusCode);
  };
  /** Back to the page after an action, in its language, saying what was done (a reload sends nothing again). */
  const afterAction = (reply: FastifyReply, token: string, language: ShopLanguage, done: 'cancelled' | 'changed') =>
    reply.code(303).header('cache-control', 'no-store').header('location', inLanguage(`/shop/manage/${encodeURIComponent(token)}?done=${done}`, language)).send();

  // The customer's own pages' buttons are plain forms (the pages have no script): their few fields are read here.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))));
  const formField = (request: FastifyRequest, name: string): string => {
    const value = (request.body as Record<string, unknown> | null | undefined)?.[name];
    return typeof value === 'string' ? value : '';
  };
  // Asking for one's booking's link again: the same answer whether or not a booking matches (the lookup's rules, manage-routes.ts).
  app.get('/shop/manage', { schema: hidden }, async (request, reply) =>
    reply.type(HTML).header('cache-control', 'no-store').send(findBookingPage(pageLanguageOf(request), await business(), app.config.publicUrl)),
  );
  app.post('/shop/manage', { schema: hidden }, async (request, reply) => {
    const language = pageLanguageOf(request);
    const reference = formField(request, 'reference').trim().slice(0, 20);
    const lastName = formField(request, 'lastName').trim().slice(0, 100);
    const details = await business();
    const send = (statusCode: number, said: { text: string; refused: boolean }) =>
      reply.code(statusCode).type(HTML).header('cache-control', 'no-store').send(findBookingPage(language, details, app.config.publicUrl, said));
    if (reference === '' || lastName === '') return send(400, { text: textsOf(language).findIntro, refused: true });
    try {
      await lookUpBooking(app, reference, lastName, request.ip);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return send(error.statusCode, { text: refusalIn(language, error.message), refused: true });
    }
    return send(200, { text: lookupAnswer(language), refused: false });
  });

  app.get<{ Params: { token: string } }>('/shop/manage/:token', { schema: hidden }, async (request, reply) => {
    const language = pageLanguageOf(request);
    const { done, quote: asked } = request.query as { done?: unknown; quote?: unknown };
    try {
      // A move's price, asked by the page's own GET form: quoted by the change flow, nothing changed.
      let quote;
      if (typeof asked === 'string' && asked !== '') {
        if (!UUID.test(asked)) throw manageErrors.otherTour();
        quote = await quoteOwnChange(app, request.params.token, asked, shopOrigin(request));
      }
      return await sendManagePage(reply, request.params.token, language, { ...(done === 'cancelled' || done === 'changed' ? { done } : {}), ...(quote && { quote }) });
    } catch (error) {
      return refusedManage(reply, request.params.token, language, error);
    }
  });

  const refundLog = (request: FastifyRequest) => (error: unknown, id: string) =>
    request.log.warn({ refundId: id, reason: error instanceof Error ? error.message : String(error) }, 'Stripe did not answer a card refund: it is asked again later');

  app.post<{ Params: { token: string } }>('/shop/manage/:token/pay', { schema: hidden }, async (request, reply) => {
    const language = pageLanguageOf(request);
    try {
      const url = await payPage(app, request.params.token, undefined, language, shopOrigin(request));
      return reply.code(303).header('cache-control', 'no-store').header('location', url).send();
    } catch (error) {
      // Refused (paid meanwhile, say, or Stripe away): the page as it is now, saying why.
      return refusedManage(reply, request.params.token, language, error);
    }
  });

  app.post<{ Params: { token: string } }>('/shop/manage/:token/change', { schema: hidden }, async (request, reply) => {
    const language = pageLanguageOf(request);
    const departureId = formField(request, 'departureId');
    try {
      if (!UUID.test(departureId)) throw manageErrors.otherTour();
      await changeOwnBooking(app, request.params.token, departureId, shopOrigin(request), refundLog(request));
      return afterAction(reply, request.params.token, language, 'changed');
    } catch (error) {
      return refusedManage(reply, request.params.token, language, error);
    }
  });

  app.post<{ Params: { token: string } }>('/shop/manage/:token/cancel', { schema: hidden }, async (request, reply) => {
    const language = pageLanguageOf(request);
    // The box is required by the page; a form sent without it (an old browser) is asked again, nothing cancelled.
    if (formField(request, 'confirm') !== 'yes') return sendManagePage(reply, request.params.token, language, { refused: textsOf(language).cancelTick }, 400).catch((error: unknown) => refusedManage(reply, request.params.token, language, error));
    try {
      await cancelOwnBooking(app, request.params.token, shopOrigin(request), refundLog(request));
      return afterAction(reply, request.params.token, language, 'cancelled');
    } catch (error) {
      return refusedManage(reply, request.params.token, language, error);
    }
  });

  // Any other address under /shop is the shop's own 404 page, not the office's app.
  app.get('/shop/*', { schema: hidden }, async (request, reply) => notFoundPage(reply, pageLanguageOf(request)));

  // Search engines read the shop and nothing else: not the office, the API, a customer's cart or booking.
  app.get('/robots.txt', { schema: hidden }, async (request, reply) => {
    const settings = await app.shop.settings.current();
    const shop = settings.enabled
      ? ['Allow: /shop', 'Disallow: /shop/carts/', 'Disallow: /shop/manage/', 'Disallow: /shop/*/book', 'Disallow: /shop/gift-cards/orders/']
      : [];
    const body = ['User-agent: *', ...shop, 'Disallow: /', ...(settings.enabled ? ['', `Sitemap: ${app.config.publicUrl}/shop/sitemap.xml`] : []), ''].join('\n');
    return cachedBody(request, reply, body, 'text/plain; charset=utf-8', CATALOGUE_CACHE);
  });

  app.get('/shop/sitemap.xml', { schema: hidden }, async (request, reply) => {
    const settings = await app.shop.settings.current();
    const codes = settings.enabled ? (await app.shop.catalogue.tours()).map((tour) => tour.code) : [];
    return cachedBody(request, reply, sitemap(codes, app.config.publicUrl), 'application/xml; charset=utf-8', CATALOGUE_CACHE);
  });
};

/** A promo code from the address, when it reads as one (letters, digits and dashes); anything else is not put in the field. */
function promoFrom(value: unknown): string {
  return typeof value === 'string' && /^[A-Za-z0-9-]{1,40}$/.test(value) ? value : '';
}
