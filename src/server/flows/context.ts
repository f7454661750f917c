/** What a flow works with: the database to open its transaction on, the clock, and each domain's service. */
import type { Kysely } from 'kysely';
import type { AuditLog } from '../audit/audit-log.js';
import type { BookingsRepository } from '../bookings/repository.js';
import type { CustomersRepository } from '../customers/repository.js';
import type { Messages } from '../messages/service.js';
import type { PaymentLinks } from '../payments/service.js';
import type { CardRefunds } from '../payments/refunds.js';
import type { Database } from '../db/schema.js';
import type { DeparturesRepository } from '../departures/repository.js';
import type { Webhooks } from '../resellers/webhooks.js';
import type { ResourcesRepository } from '../resources/repository.js';
import type { GiftCards } from '../gift-cards/repository.js';
import type { GiftCardOrders } from '../gift-cards/orders.js';
import type { PromoCodes } from '../pricing/promo-codes.js';
import type { ShopCarts } from '../shop/carts.js';
import type { ToursRepository } from '../tours/repository.js';

export interface FlowContext {
  db: Kysely<Database>;
  now: () => number;
  audit: AuditLog;
  tours: ToursRepository;
  departures: DeparturesRepository;
  bookings: BookingsRepository;
  customers: Pick<CustomersRepository, 'checkMerge' | 'absorb' | 'lockForErasure' | 'erase'>;
  messages: Pick<Messages, 'forget' | 'queueIn' | 'queueChange' | 'queueGiftCardIn'>;
  paymentLinks: Pick<PaymentLinks, 'claim' | 'claimQuery' | 'paidEntry' | 'storeQuery' | 'settle' | 'prepare' | 'store' | 'openFor' | 'ofSession' | 'endOpenPages' | 'pageFor'>;
  /** Card refunds through Stripe: asked for in the transaction that owes them, settled once. */
  cardRefunds: Pick<CardRefunds, 'requestIn' | 'underwayIn' | 'send' | 'claim' | 'noteRecorded' | 'noteFailed' | 'due'>;
  /** Resellers hear of their bookings' changes: a delivery written in the change's transaction. */
  webhooks: Pick<Webhooks, 'enqueue' | 'nudge' | 'forget'>;
  /** A departure's guides and vehicles follow it: freed when it is cancelled, moved when its date moves. */
  resources: Pick<ResourcesRepository, 'endForDeparture' | 'followDeparture'>;
  /** A booking takes its promo code's use in its own transaction, the code's row locked first. */
  promoCodes: Pick<PromoCodes, 'claimIn'>;
  /** A gift card pays a booking, or takes a refund back: its row locked before the booking's. */
  giftCards: Pick<GiftCards, 'lockForPayment' | 'lockById' | 'moveIn' | 'issue' | 'get'>;
  /** A gift card bought in the shop: its order kept before its page, claimed once when paid. */
  giftCardOrders: Pick<GiftCardOrders, 'place' | 'keepPage' | 'claimIn' | 'setCardIn'>;
  /** A customer's cart is written with the held booking it is, and released with its seats. */
  carts: Pick<ShopCarts, 'checkoutQuery' | 'insertIn' | 'checkRoomIn' | 'writeIn' | 'markReleased' | 'ofBooking' | 'markCheckout' | 'markPaid' | 'paidQuery'>;
}
