/** /api/bookings/{id}/payment-links, Stripe's webhook and the page Stripe sends a customer back to: thin routes over app.paymentLinks and the card-payment flow. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { originOf, requireUser } from '../auth/guard.js';
import { httpErrors } from '../http/errors.js';
import { paymentErrors } from './service.js';
import { createPaymentLinkSchema, listPaymentLinksSchema, paymentReturnSchema, stripeWebhookSchema } from './schemas.js';

export const paymentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/bookings/:id/payment-links', { schema: listPaymentLinksSchema, onRequest: requireUser('bookings.read', { money: true }) }, async (request) => {
    if (!(await app.bookings.get(request.params.id))) throw httpErrors.notFound('No booking with this id.');
    return { data: await app.paymentLinks.forBooking(request.params.id) };
  });

  app.post('/bookings/:id/payment-links', { schema: createPaymentLinkSchema, onRequest: requireUser('payments.create') }, async (request, reply) => {
    const booking = await app.bookings.get(request.params.id);
    if (!booking) throw httpErrors.notFound('No booking with this id.');
    const id = await app.flows.sendPaymentLink(booking, request.body, originOf(request));
    const link = (await app.paymentLinks.forBooking(booking.id)).find((one) => one.id === id)!;
    if (link.emailed) app.messages.nudge();
    return reply.code(201).send(link);
  });

  // The signature is over the exact bytes Stripe sent: this route alone takes its JSON body unparsed.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    raw.post('/payments/stripe/webhook', { schema: stripeWebhookSchema }, async (request) => {
      const signature = request.headers['stripe-signature'];
      const payload = request.body;
      if (!app.paymentLinks.configured) throw paymentErrors.notConfigured();
      if (typeof signature !== 'string' || !Buffer.isBuffer(payload)) throw httpErrors.validation({ 'stripe-signature': 'is missing: this endpoint takes Stripe’s signed events only' });
      let event;
      try {
        event = app.paymentLinks.checkoutEvent(payload, signature);
      } catch {
        request.log.warn('a Stripe event with a signature that does not verify (wrong secret, altered body, or outside 5 minutes) was refused');
        throw httpErrors.validation({ 'stripe-signature': 'does not verify for this body within 5 minutes' });
      }
      const origin = { actorId: null, actorLabel: 'Stripe', permissions: null, ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
      // A refund asked of Stripe that settled (or failed): recorded once, whether its answer came first or this.
      if (event && 'refund' in event) {
        const claim = await app.flows.settleCardRefund(event.refund, origin);
        if (claim) request.log.info({ bookingId: claim.bookingId, refundId: claim.stripeRefundId, status: claim.now }, 'a card refund settled at Stripe');
        return { received: true as const, recorded: claim?.now === 'succeeded' };
      }
      // A session that ended unpaid: a shop cart's hold is released at once (a clerk's link just lapses).
      if (event && 'expired' in event) {
        const released = await app.flows.releaseCartOfSession(event.expired.sessionId, origin);
        if (released) request.log.info({ sessionId: event.expired.sessionId }, 'a cart’s checkout expired unpaid: its seats were released');
        return { received: true as const, recorded: false };
      }
      const checkout = event?.completed;
      if (!checkout || !checkout.paid || (checkout.amountMinor !== null && checkout.amountMinor <= 0)) return { received: true as const, recorded: false };
      // A gift card bought in the shop: issued once, with its e-mails (its session names its order, no booking).
      if (checkout.metadata.giftCardOrderId !== undefined) {
        const card = await app.flows.issueSoldGiftCard(checkout, origin);
        if (card) request.log.info({ giftCardId: card.id, orderId: checkout.metadata.giftCardOrderId }, 'a gift card bought in the shop was paid and issued');
        return { received: true as const, recorded: card !== null };
      }
      const payment = await app.flows.recordCardPayment(checkout, origin);
      if (payment) {
        request.log.info({ bookingId: payment.bookingId, paymentId: payment.id }, 'card payment recorded from Stripe');
        app.messages.nudge();
      }
      return { received: true as const, recorded: payment !== null };
    });
  });

  app.get('/payments/return', { schema: paymentReturnSchema }, async (request, reply) => {
    const business = (await app.business.details()).name ?? 'Your tour operator';
    const reference = request.query.reference && /^[A-Za-z0-9-]{1,40}$/.test(request.query.reference) ? request.query.reference : null;
    const paid = request.query.outcome === 'paid';
    const title = paid ? 'Thank you: your payment went through' : 'Nothing was charged';
    const text = paid
      ? `We have your card payment${reference ? ` for booking ${reference}` : ''}. A receipt is on its way to you by e-mail.`
      : `You left the payment page before paying${reference ? ` for booking ${reference}` : ''}. The link you were sent still works until it expires.`;
    const escape = (value: string) => value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title>` +
          `<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#1a1a1a}</style></head>` +
          `<body><h1>${escape(title)}</h1><p>${escape(text)}</p><p>${escape(business)}</p></body></html>`,
      );
  });
};
