/**
 * Gift cards sold in the shop: the public API (POST /api/shop/gift-cards, for a page of the
 * operator's own) and the shop's pages (/shop/gift-cards, a plain form that needs no script; the
 * page the customer comes back to from paying). Both order through the same flow: the order kept,
 * Stripe's page made; the card is issued when the payment arrives (the Stripe webhook), once.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { GIFT_CARD_RULES, type GiftCardOrder } from '../../shared/contract/gift-cards.js';
import { formatMinor } from '../../shared/money.js';
import { AppError, httpErrors } from '../http/errors.js';
import { refusalIn } from '../http/refusal-language.js';
import { formSendingPolicy } from '../http/security-headers.js';
import { cartErrors } from './carts.js';
import { answerLanguageOf, pageLanguageOf, type ShopLanguage } from './language.js';
import { EMPTY_GIFT_CARD_FORM, giftCardOrderPage, giftCardPage, giftCardWords, minorOfTyped, shopAmountRange, type GiftCardField, type GiftCardForm } from './pages/gift-card-page.js';
import { notFoundPage } from './pages/routes.js';
import { orderGiftCardSchema } from './schemas.js';

const HOUR_MS = 3_600_000;
const HTML = 'text/html; charset=utf-8';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The currencies the shop sells tours in now: a card is sold in one of them. */
async function shopCurrencies(app: FastifyInstance): Promise<string[]> {
  return [...new Set((await app.shop.catalogue.tours()).map((tour) => tour.currency))].sort();
}

/** An address as the page shows it to whoever holds the order's link: enough to recognise, not to read off. */
function maskedEmail(email: string): string {
  const at = email.lastIndexOf('@');
  return at <= 0 ? '…' : `${email.slice(0, 1)}…${email.slice(at)}`;
}

/**
 * An order checked and placed: the shop sells, card payments are set up, the currency is one the
 * shop sells tours in, the amount at least one whole unit; one address orders at most the shop's
 * carts an hour. Answers the payment page's address.
 */
async function placeOrder(app: FastifyInstance, request: FastifyRequest, order: GiftCardOrder, language: ShopLanguage): Promise<string> {
  const settings = await app.shop.settings.current();
  if (!settings.enabled) throw httpErrors.notFound('The online shop is closed.');
  if (!app.paymentLinks.configured) throw cartErrors.paymentsNotConfigured();
  const currencies = await shopCurrencies(app);
  if (!currencies.includes(order.currency)) throw httpErrors.validation({ currency: `must be a currency the shop sells tours in: ${currencies.join(', ') || 'none just now'}` });
  const range = shopAmountRange(order.currency, GIFT_CARD_RULES.shopAmountMinor.maximum);
  if (order.amountMinor < range.min || order.amountMinor > range.max) {
    throw httpErrors.validation({ amountMinor: `must be from ${formatMinor(range.min, order.currency)} to ${formatMinor(range.max, order.currency)}` });
  }
  const hourKey = `shop-gift-card:${request.ip}`;
  const { count, resetAt } = await app.counters.peek(hourKey);
  if (count >= app.shop.limits.cartsPerHour) {
    const retryAfter = Math.max(1, Math.ceil((resetAt - app.now()) / 1000));
    throw new AppError(429, 'RATE_LIMITED', `Too many gift cards ordered from your address this hour: try again in ${Math.ceil(retryAfter / 60)} min.`, undefined, { 'retry-after': String(retryAfter) });
  }
  const back = (path: string) => `${app.config.publicUrl}${path}${language === 'de' ? `${path.includes('?') ? '&' : '?'}lang=de` : ''}`;
  const url = await app.flows.orderGiftCard(
    {
      currency: order.currency,
      amountMinor: order.amountMinor,
      buyer: { name: order.buyer.name.trim(), email: order.buyer.email.trim() },
      recipient: { name: order.recipient?.name?.trim() || null, email: order.recipient?.email?.trim() || null },
      message: order.message?.trim() || null,
      language,
      client: request.ip,
    },
    { successUrl: (id) => back(`/shop/gift-cards/orders/${id}`), cancelUrl: back('/shop/gift-cards') },
  );
  await app.counters.hit(hourKey, HOUR_MS);
  return url;
}

export const giftCardApiRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/gift-cards', { schema: orderGiftCardSchema }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const language = request.body.language ?? answerLanguageOf(request);
    return reply.code(201).send({ url: await placeOrder(app, request, request.body, language) });
  });
};

export const giftCardPageRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const hidden = { hide: true } as const;
  // The form's fields, message included (its 1,000 characters, encoded): read here, this plugin's routes only.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16_384 }, (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))));
  const stripe = app.config.stripe;
  // The form is sent on to Stripe's payment page: its address may be where a form goes.
  const policy = formSendingPolicy(stripe ? [stripe.apiUrl.hostname === 'api.stripe.com' ? 'https://checkout.stripe.com' : stripe.apiUrl.origin] : []);

  const send = async (reply: FastifyReply, language: ShopLanguage, form: GiftCardForm, problems: Partial<Record<GiftCardField, string>> = {}, refused?: string, statusCode = 200) => {
    const settings = await app.shop.settings.current();
    const html = giftCardPage({
      language,
      business: await app.business.details(),
      publicUrl: app.config.publicUrl,
      currencies: settings.enabled ? await shopCurrencies(app) : [],
      open: settings.enabled && app.paymentLinks.configured,
      maximum: GIFT_CARD_RULES.shopAmountMinor.maximum,
      form,
      problems,
      ...(refused !== undefined && { refused }),
    });
    return reply.code(statusCode).type(HTML).header('cache-control', 'no-store').header('content-security-policy', policy).send(html);
  };

  app.get('/shop/gift-cards', { schema: hidden }, async (request, reply) => send(reply, pageLanguageOf(request), EMPTY_GIFT_CARD_FORM));

  app.post('/shop/gift-cards', { schema: hidden }, async (request, reply) => {
    const language = pageLanguageOf(request);
    const words = giftCardWords(language);
    const sent = (request.body ?? {}) as Record<string, unknown>;
    const form = Object.fromEntries(Object.keys(EMPTY_GIFT_CARD_FORM).map((name) => [name, typeof sent[name] === 'string' ? (sent[name] as string) : ''])) as unknown as GiftCardForm;
    const currencies = await shopCurrencies(app);
    const currency = currencies.includes(form.currency) ? form.currency : (currencies[0] ?? '');
    // The form's own checks, in the page's words, beside each field; the flow checks again.
    const problems: Partial<Record<GiftCardField, string>> = {};
    if (form.currency !== '' && !currencies.includes(form.currency)) problems.currency = words.currencyWrong;
    const range = currency ? shopAmountRange(currency, GIFT_CARD_RULES.shopAmountMinor.maximum) : null;
    const amountMinor = currency ? minorOfTyped(form.amount, currency, language) : null;
    if (form.amount.trim() === '') problems.amount = words.required;
    else if (range && (amountMinor === null || amountMinor < range.min || amountMinor > range.max)) {
      problems.amount = words.amountWrong(formatMinor(range.min, currency, language === 'de' ? 'de-DE' : 'en-GB'), formatMinor(range.max, currency, language === 'de' ? 'de-DE' : 'en-GB'));
    }
    if (form.buyerName.trim() === '') problems.buyerName = words.required;
    else if (form.buyerName.trim().length > GIFT_CARD_RULES.personName.maxLength) problems.buyerName = words.tooLong(GIFT_CARD_RULES.personName.maxLength);
    if (form.buyerEmail.trim() === '') problems.buyerEmail = words.required;
    else if (!EMAIL.test(form.buyerEmail.trim()) || form.buyerEmail.trim().length > 254) problems.buyerEmail = words.email;
    if (form.recipientName.trim().length > GIFT_CARD_RULES.recipientName.maxLength) problems.recipientName = words.tooLong(GIFT_CARD_RULES.recipientName.maxLength);
    if (form.recipientEmail.trim() !== '' && (!EMAIL.test(form.recipientEmail.trim()) || form.recipientEmail.trim().length > 254)) problems.recipientEmail = words.email;
    if (form.message.length > GIFT_CARD_RULES.message.maxLength) problems.message = words.tooLong(GIFT_CARD_RULES.message.maxLength);
    if (Object.keys(problems).length > 0 || amountMinor === null) return send(reply, language, form, problems, undefined, 400);
    try {
      const url = await placeOrder(
        app,
        request,
        { currency, amountMinor, buyer: { name: form.buyerName, email: form.buyerEmail }, recipient: { name: form.recipientName || null, email: form.recipientEmail || null }, message: form.message || null },
        language,
      );
      return reply.code(303).header('cache-control', 'no-store').header('location', url).send();
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // Refused (too many orders from this address, Stripe away, the shop closed meanwhile): the form as sent, saying why.
      return send(reply, language, form, {}, refusalIn(language, error.message), error.statusCode);
    }
  });

  app.get<{ Params: { orderId: string } }>('/shop/gift-cards/orders/:orderId', { schema: hidden }, async (request, reply) => {
    const language = pageLanguageOf(request);
    const order = UUID.test(request.params.orderId) ? await app.giftCardOrders.state(request.params.orderId) : null;
    if (!order) return notFoundPage(reply, language);
    const html = giftCardOrderPage({ language, business: await app.business.details(), publicUrl: app.config.publicUrl, order: { ...order, sentTo: maskedEmail(order.sentTo) } });
    return reply.type(HTML).header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').send(html);
  });
};
