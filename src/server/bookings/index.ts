/**
 * Bookings and payments as one Fastify plugin (the shape of tours/index.ts): the repository, the
 * Idempotency-Keys and the routes under /api. Booking, confirming and cancelling change a
 * departure's seats too, so the routes run them as flows (server/flows), as does the sweep of lapsed holds.
 */
import type { GuideManifest } from '../../shared/contract/manifests.js';
import fp from 'fastify-plugin';
import { secretHmac } from '../db/seed.js';
import { API_PREFIX } from '../http/schemas.js';
import { IdempotencyKeys } from './idempotency.js';
import { BookingsRepository } from './repository.js';
import { bookingRoutes } from './routes.js';
import { VoucherLinks } from './voucher-links.js';
import type { GiftCardPrint } from '../gift-cards/gift-card-pdf.js';
import { VoucherMaker } from './documents.js';
import type { Booking } from '../../shared/contract/bookings.js';
import type { DomainModule } from '../module.js';
import * as bookings from './migrations/0010-bookings.js';
import * as resellerBookings from './migrations/0016-reseller-bookings.js';
import * as resellerUnitItems from './migrations/0018-reseller-unit-items.js';
import * as balanceDueDates from './migrations/0020-balance-due-dates.js';
import * as checkIn from './migrations/0031-check-in.js';
import * as foldedSearch from './migrations/0043-folded-search.js';
import * as pickupAndGuideNotes from './migrations/0047-pickup-and-guide-notes.js';
import * as testBookings from './migrations/0050-test-bookings.js';
import * as onlineChannel from './migrations/0055-online-channel.js';
import * as pricesFound from './migrations/0062-prices-found.js';
import * as promoCode from './migrations/0064-promo-code.js';
import * as giftCardPayments from './migrations/0066-gift-card-payments.js';
import * as paymentOrder from './migrations/0070-payment-order.js';
import { CheckIn } from './check-in.js';

declare module 'fastify' {
  interface FastifyInstance {
    bookings: BookingsRepository;
    idempotencyKeys: IdempotencyKeys;
    voucherLinks: VoucherLinks;
    /** A confirmed booking's voucher, as its route gives it (the messages attach it to a confirmation). */
    voucherOf: (booking: Booking) => Promise<Buffer>;
    /** The guide's passenger lists as one PDF, a departure a page (drawn in the vouchers' process). */
    manifestsPdf: (manifests: GuideManifest[], day?: string) => Promise<Buffer>;
    /** A gift card's PDF (the gift cards domain's drawing), made in the same process as the vouchers. */
    giftCardPdf: (card: GiftCardPrint) => Promise<Buffer>;
    checkIn: CheckIn;
  }
}

const plugin = fp(
  async (app) => {
    app.decorate('bookings', new BookingsRepository(app.db, app.now, app.audit, app.config.businessTimeZone));
    const vouchers = new VoucherMaker((wait, run, answered) => app.metrics?.workerJob('vouchers', wait, run, answered));
    app.decorate('voucherOf', async (booking: Booking) => vouchers.make(booking, new Date(app.now()), await app.business.details()));
    app.decorate('manifestsPdf', async (manifests: GuideManifest[], day?: string) => vouchers.manifests(manifests, (await app.business.details()).name, day));
    app.decorate('giftCardPdf', async (card: GiftCardPrint) => vouchers.giftCard(card, await app.business.details()));
    app.addHook('onClose', async () => vouchers.close());
    app.decorate('voucherLinks', new VoucherLinks(secretHmac(app.db, 'voucher_link_secret'), app.config.publicUrl));
    app.decorate('idempotencyKeys', new IdempotencyKeys(app.db, app.now));
    app.decorate('checkIn', new CheckIn(app.db, app.now, app.audit, app.counters));
    await app.register(bookingRoutes, { prefix: API_PREFIX });
  },
  { name: 'bookings', decorators: { fastify: ['db', 'now', 'audit', 'config', 'counters'] } },
);

const bookingsModule: DomainModule = {
  name: 'bookings',
  tag: { name: 'bookings', description: 'Bookings, their payments and refunds, manifests and vouchers' },
  migrations: { '0010-bookings': bookings, '0016-reseller-bookings': resellerBookings, '0018-reseller-unit-items': resellerUnitItems, '0020-balance-due-dates': balanceDueDates, '0031-check-in': checkIn, '0043-folded-search': foldedSearch, '0047-pickup-and-guide-notes': pickupAndGuideNotes, '0050-test-bookings': testBookings, '0055-online-channel': onlineChannel, '0062-prices-found': pricesFound, '0064-promo-code': promoCode, '0066-gift-card-payments': giftCardPayments, '0070-payment-order': paymentOrder },
  plugin,
  housekeeping: async (app) => {
    await app.idempotencyKeys.purgeExpired();
  },
};

export default bookingsModule;
