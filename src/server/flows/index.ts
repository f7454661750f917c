/**
 * The work that spans domains, each a named flow in a file of its own: it opens one transaction,
 * keeps the lock order (a departure's row before its bookings' rows) and hands the transaction to
 * each domain's small functions. No domain changes another's rows; a flow does it through both.
 * Also the sweep that records lapsed holds every SWEEP_INTERVAL_MS (safe on several instances).
 */
import fp from 'fastify-plugin';
import type { Booking, CancelBooking, NewBooking, NewPayment, Payment } from '../../shared/contract/bookings.js';
import type { Departure, DeparturePatch } from '../../shared/contract/departures.js';
import type { RequestOrigin } from '../audit/audit-log.js';
import type { BookingAmendment } from '../bookings/repository.js';
import type { Customer } from '../../shared/contract/customers.js';
import { mergeCustomers } from './merge-customers.js';
import { eraseCustomer } from './erase-customer.js';
import { recordCardPayment } from './record-card-payment.js';
import { FORGET_BATCH, forgetPastTravellers } from './forget-past-travellers.js';
import { sendPaymentLink } from './send-payment-link.js';
import { payWithGiftCard, refundToGiftCard, type OnPaid } from './gift-card-payments.js';
import { issueGiftCard, issueSoldGiftCard, orderGiftCard } from './sell-gift-card.js';
import type { GiftCardWithTransactions, NewGiftCard } from '../../shared/contract/gift-cards.js';
import type { NewGiftCardOrder } from '../gift-cards/orders.js';
import type { NewPaymentLink } from '../../shared/contract/payment-links.js';
import type { CompletedCheckout } from '../payments/stripe.js';
import type { ResellerSale } from '../bookings/rules.js';
import { amendBooking } from './amend-booking.js';
import { changeBooking, type BookingChangeRequest } from './change-booking.js';
import type { DomainModule } from '../module.js';
import { bookSeats, type OnBooked } from './book-seats.js';
import { cancelBooking } from './cancel-booking.js';
import { cancelDeparture } from './cancel-departure.js';
import { changeDeparture } from './change-departure.js';
import { confirmBooking } from './confirm-booking.js';
import type { FlowContext } from './context.js';
import { deleteDeparture } from './delete-departure.js';
import { deleteTestBookings } from './delete-test-bookings.js';
import { expireLapsedHolds } from './expire-lapsed-holds.js';
import { openCart, type CartToOpen } from './open-cart.js';
import { releaseCart, releaseCartOfSession } from './release-cart.js';
import { checkoutCart, type CartCheckout } from './checkout-cart.js';
import { sendCardRefunds, settleCardRefund } from './card-refunds.js';
import { cancelByCustomer, changeByCustomer, quoteChangeByCustomer, type SelfServiceDone } from './self-service.js';
import type { RefundClaim } from '../payments/refunds.js';
import type { RefundState } from '../payments/stripe.js';
import type { SessionOptions } from '../payments/service.js';
import { confirmForReseller, confirmHeldAsRead, holdForReseller, type ResellerSaleDone } from './reseller-sale.js';

export const SWEEP_INTERVAL_MS = 30_000;
/** Refunds asked again by the jobs' round are recorded as Stripe's doing. */
const STRIPE_ORIGIN: RequestOrigin = { actorId: null, actorLabel: 'Stripe', permissions: null, ip: null, userAgent: null };

export class Flows {
  constructor(
    private readonly ctx: FlowContext,
    /** Told of each booking made, once its transaction has committed (the metrics count them by channel). */
    private readonly bookingMade: (channel: string) => void = () => {},
    /** Told when a flow queued a message outside a booking's (a gift card's): the sender looks at once. */
    private readonly messageQueued: () => void = () => {},
  ) {}

  async bookSeats(input: NewBooking, origin: RequestOrigin, onBooked?: OnBooked, reseller?: ResellerSale): Promise<Booking> {
    const booking = await this.run((ctx) => bookSeats(ctx, input, origin, onBooked, reseller));
    this.bookingMade(booking.channel);
    return booking;
  }

  /** A payment with a gift card (method gift_card), or a refund back to the cards that paid (refundTo gift_card). */
  giftCardPayment(bookingId: string, input: NewPayment, origin: RequestOrigin, onPaid?: OnPaid): Promise<Payment> {
    return this.run(async (ctx) => (input.kind === 'refund' ? refundToGiftCard(ctx, bookingId, input, origin, onPaid) : (await payWithGiftCard(ctx, bookingId, input, origin, onPaid))!));
  }

  /** Staff issue a gift card; with a recipient's address it is e-mailed to them, once. */
  async issueGiftCard(input: NewGiftCard, origin: RequestOrigin): Promise<GiftCardWithTransactions> {
    const card = await issueGiftCard(this.ctx, input, origin);
    if (card.recipientEmail) this.messageQueued();
    return card;
  }

  /** A gift card ordered in the shop: its order kept, its payment page made (answered: the page's address). */
  orderGiftCard(order: NewGiftCardOrder, pages: { successUrl: (orderId: string) => string; cancelUrl: string }): Promise<string> {
    return orderGiftCard(this.ctx, order, pages);
  }

  /** A paid event for a shop's gift card order: the card issued and its e-mails queued, once (null: no open order of ours). */
  async issueSoldGiftCard(checkout: CompletedCheckout, origin: RequestOrigin): Promise<GiftCardWithTransactions | null> {
    const card = await issueSoldGiftCard(this.ctx, checkout, origin);
    if (card) this.messageQueued();
    return card;
  }

  /** A shop's checkout: the card pays as much as it holds of `amountMinor` (null: nothing taken, the card paid this booking already). */
  giftCardAtCheckout(bookingId: string, code: string, amountMinor: number, origin: RequestOrigin): Promise<Payment | null> {
    return this.run((ctx) => payWithGiftCard(ctx, bookingId, { kind: 'payment', method: 'gift_card', giftCardCode: code, amountMinor }, origin, undefined, true));
  }

  /** A customer's cart: a held booking sold online, with its cart's row. */
  async openCart(input: NewBooking, origin: RequestOrigin, cart: CartToOpen): Promise<Booking> {
    const booking = await this.run((ctx) => openCart(ctx, input, origin, cart));
    this.bookingMade(booking.channel);
    return booking;
  }

  /** A customer gives up their cart: the hold ends now, its seats go back, and its payment pages end at Stripe (answers those that did not). */
  releaseCart(cart: { id: string; bookingId: string; departureId: string }, origin: RequestOrigin): Promise<{ sessionId: string; error: unknown }[]> {
    return this.run((ctx) => releaseCart(ctx, cart, origin));
  }

  /** A customer goes to pay their cart: the payment page's address (the same page again for the same amount while it is payable). */
  checkoutCart(booking: Booking, cart: CartCheckout, amountMinor: number, session: SessionOptions, origin: RequestOrigin): Promise<string> {
    return this.run((ctx) => checkoutCart(ctx, booking, cart, amountMinor, session, origin));
  }

  /** A cart's payment page expired unpaid: its seats go back at once (unless paid, or another page is payable). */
  releaseCartOfSession(sessionId: string, origin: RequestOrigin): Promise<boolean> {
    return this.run((ctx) => releaseCartOfSession(ctx, sessionId, origin));
  }

  /** A customer cancels their own booking under the tour's fees; what is owed back is asked of their card (sendCardRefunds). */
  cancelByCustomer(id: string, feeMinor: number, origin: RequestOrigin): Promise<SelfServiceDone> {
    return this.run((ctx) => cancelByCustomer(ctx, id, feeMinor, origin));
  }

  /** What a customer's move to another departure would make of their booking, nothing changed. */
  quoteChangeByCustomer(id: string, departureId: string, origin: RequestOrigin): Promise<Booking> {
    return this.run((ctx) => quoteChangeByCustomer(ctx, id, departureId, origin));
  }

  /** A customer moves their own booking to another departure; less to pay is asked back of their card (sendCardRefunds). */
  changeByCustomer(id: string, departureId: string, origin: RequestOrigin): Promise<SelfServiceDone> {
    return this.run((ctx) => changeByCustomer(ctx, id, departureId, origin));
  }

  /** Asks Stripe for refunds whose transaction committed and records each answer once; answers how many did not answer (asked again later). */
  sendCardRefunds(ids: readonly string[], origin: RequestOrigin, log: (error: unknown, id: string) => void): Promise<number> {
    return sendCardRefunds(this.ctx, ids, origin, log);
  }

  /** The refunds whose asking did not answer, asked again (the jobs' round; after a restart too). */
  async sendDueCardRefunds(log: (error: unknown, id: string) => void): Promise<number> {
    const ids = await this.ctx.cardRefunds.due();
    await sendCardRefunds(this.ctx, ids, STRIPE_ORIGIN, log);
    return ids.length;
  }

  /** A refund's state from Stripe (an answer or an event), recorded once. */
  settleCardRefund(state: RefundState, origin: RequestOrigin): Promise<RefundClaim | null> {
    return settleCardRefund(this.ctx, state, origin);
  }

  confirmBooking(id: string, origin: RequestOrigin, amendment?: BookingAmendment): Promise<Booking> {
    return this.run((ctx) => confirmBooking(ctx, id, origin, amendment));
  }

  /** A reseller's hold: one statement where it can be (reseller-sale.ts), else bookSeats. */
  async holdForReseller(input: NewBooking, origin: RequestOrigin, reseller: ResellerSale): Promise<ResellerSaleDone> {
    const done = await this.run((ctx) => holdForReseller(ctx, input, origin, reseller));
    this.bookingMade(done.booking.channel);
    return done;
  }

  /** A reseller confirms its held booking as it read it: one statement where it can be, else confirmBooking. */
  confirmForReseller(read: Booking, amendment: BookingAmendment, origin: RequestOrigin): Promise<ResellerSaleDone> {
    return this.run((ctx) => confirmForReseller(ctx, read, amendment, origin));
  }

  /** Only confirmForReseller's one statement: null, having written nothing, when the booking is no longer as read. */
  confirmHeldAsRead(read: Booking, amendment: BookingAmendment, origin: RequestOrigin): Promise<ResellerSaleDone | null> {
    return this.run((ctx) => confirmHeldAsRead(ctx, read, amendment, origin));
  }

  /** Contact, notes, names, a reseller's reference. */
  amendBooking(id: string, amendment: BookingAmendment, origin: RequestOrigin): Promise<Booking> {
    return this.run((ctx) => amendBooking(ctx, id, amendment, origin));
  }

  /** Another departure (or tour), other travellers: seats and price taken again in one transaction. */
  changeBooking(id: string, change: BookingChangeRequest, origin: RequestOrigin): Promise<Booking> {
    return this.run((ctx) => changeBooking(ctx, id, change, origin));
  }

  cancelBooking(id: string, input: CancelBooking, origin: RequestOrigin): Promise<Booking> {
    return this.run((ctx) => cancelBooking(ctx, id, input, origin));
  }

  changeDeparture(id: string, patch: DeparturePatch, origin: RequestOrigin): Promise<Departure> {
    return this.run((ctx) => changeDeparture(ctx, id, patch, origin));
  }

  cancelDeparture(id: string, reason: string, origin: RequestOrigin): Promise<Departure> {
    return this.run((ctx) => cancelDeparture(ctx, id, reason, origin));
  }

  deleteDeparture(id: string, origin: RequestOrigin): Promise<void> {
    return deleteDeparture(this.ctx, id, origin);
  }

  /** A reseller's test bookings deleted and their seats freed; answers how many. */
  deleteTestBookings(resellerId: string, origin: RequestOrigin): Promise<number> {
    return this.run((ctx) => deleteTestBookings(ctx, resellerId, origin));
  }

  /** Two customers made one: the other's bookings move to this one, and the other is gone. */
  mergeCustomers(id: string, otherId: string, origin: RequestOrigin): Promise<Customer> {
    return this.run((ctx) => mergeCustomers(ctx, id, otherId, origin));
  }

  /** A customer forgotten: the people on their bookings, the audit log's values of them and their own details. */
  eraseCustomer(id: string, reason: string, origin: RequestOrigin): Promise<Customer> {
    return this.run((ctx) => eraseCustomer(ctx, id, reason, origin));
  }

  /** A clerk's payment link, e-mailed with a message when asked; answers its id. */
  sendPaymentLink(booking: Booking, input: NewPaymentLink, origin: RequestOrigin): Promise<string> {
    return this.run((ctx) => sendPaymentLink(ctx, booking, input, origin));
  }

  /** A card payment Stripe reports, recorded once per Checkout Session; null when it was recorded before. */
  recordCardPayment(checkout: CompletedCheckout, origin: RequestOrigin): Promise<Payment | null> {
    return this.run((ctx) => recordCardPayment(ctx, checkout, origin));
  }

  /** The travellers of departures that ended `months` ago forgotten, a batch at a time, until none is due; answers how many departures and bookings. */
  async forgetPastTravellers(months: number): Promise<{ departures: number; bookings: number }> {
    const total = { departures: 0, bookings: 0 };
    for (;;) {
      const done = await this.run((ctx) => forgetPastTravellers(ctx, months));
      total.departures += done.departures;
      total.bookings += done.bookings;
      if (done.departures < FORGET_BATCH) return total;
    }
  }

  /** Records lapsed holds as expired and gives their seats back; answers the bookings expired. */
  expireLapsedHolds(limit?: number): Promise<number> {
    return this.run((ctx) => expireLapsedHolds(ctx, limit));
  }

  /**
   * Runs a flow with a context of its own that notes whether it wrote a webhook delivery: once the
   * flow has committed, those go out now rather than at the sender's next round, and a flow that
   * wrote none costs the sender no look.
   */
  private async run<T>(flow: (ctx: FlowContext) => Promise<T>): Promise<T> {
    let wrote = false;
    const webhooks: FlowContext['webhooks'] = {
      enqueue: async (...args) => {
        const written = await this.ctx.webhooks.enqueue(...args);
        if (written > 0) wrote = true;
        return written;
      },
      nudge: () => this.ctx.webhooks.nudge(),
      forget: (...args) => this.ctx.webhooks.forget(...args),
    };
    const done = await flow({ ...this.ctx, webhooks });
    if (wrote) this.ctx.webhooks.nudge();
    return done;
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    flows: Flows;
  }
}

const plugin = fp(
  async (app) => {
    app.decorate(
      'flows',
      new Flows(
        { db: app.db, now: app.now, audit: app.audit, tours: app.tours, departures: app.departures, bookings: app.bookings, customers: app.customers, messages: app.messages, paymentLinks: app.paymentLinks, cardRefunds: app.cardRefunds, webhooks: app.webhooks, resources: app.resources, carts: app.shop.carts, promoCodes: app.promoCodes, giftCards: app.giftCards, giftCardOrders: app.giftCardOrders },
        (channel) => app.metrics?.bookingMade(channel),
        () => app.messages.nudge(),
      ),
    );

    let sweeping = false;
    const sweep = () => {
      if (sweeping) return;
      sweeping = true;
      app.background.run('expire lapsed holds', async () => {
        try {
          const expired = await app.flows.expireLapsedHolds();
          if (expired > 0) app.log.info({ expired }, 'lapsed holds recorded as expired');
        } finally {
          sweeping = false;
        }
      });
    };
    const timer = setInterval(sweep, SWEEP_INTERVAL_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));

    // Card refunds whose asking did not answer (Stripe away, or the server stopped after writing them): asked again with the other jobs.
    if (app.config.jobsIntervalMs !== null && app.cardRefunds.configured) {
      let refunding = false;
      const refunds = setInterval(() => {
        if (refunding) return;
        refunding = true;
        app.background.run('ask Stripe for card refunds again', async () => {
          try {
            await app.flows.sendDueCardRefunds((error, id) => app.log.warn({ refundId: id, reason: error instanceof Error ? error.message : String(error) }, 'Stripe did not answer a card refund: it is asked again later'));
          } finally {
            refunding = false;
          }
        });
      }, app.config.jobsIntervalMs);
      refunds.unref();
      app.addHook('onClose', async () => clearInterval(refunds));
    }

    // The retention period, when one is set: looked at with the other jobs (JOBS_INTERVAL).
    const months = app.config.travellerRetentionMonths;
    if (months !== null && app.config.jobsIntervalMs !== null) {
      let forgetting = false;
      const forget = setInterval(() => {
        if (forgetting) return;
        forgetting = true;
        app.background.run('forget past travellers', async () => {
          try {
            const done = await app.flows.forgetPastTravellers(months);
            if (done.departures > 0) app.log.info(done, 'travellers of past departures forgotten (TRAVELLER_RETENTION_MONTHS)');
          } finally {
            forgetting = false;
          }
        });
      }, app.config.jobsIntervalMs);
      forget.unref();
      app.addHook('onClose', async () => clearInterval(forget));
    }
  },
  { name: 'flows', dependencies: ['tours', 'departures', 'pricing', 'bookings', 'gift-cards', 'customers', 'payments', 'messages', 'resellers', 'resources', 'shop'], decorators: { fastify: ['db', 'now', 'audit', 'background'] } },
);

const flowsModule: DomainModule = { name: 'flows', plugin };

export default flowsModule;
