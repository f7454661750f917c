/**
 * Gift cards bought in the shop: the order, written before Stripe is asked for its page (so a paid
 * event for the page is known as ours whatever happened after the asking), and claimed once when
 * the payment arrives, in the transaction that issues the card (flows/sell-gift-card.ts).
 */
import { randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { CustomerLanguage } from '../../shared/contract/customers.js';
import { toMoney } from '../db/query-helpers.js';
import type { Database } from '../db/schema.js';
import type { CompletedCheckout } from '../payments/stripe.js';
import type { GiftCardOrdersTable } from './tables.js';

export type GiftCardOrderRow = Selectable<GiftCardOrdersTable>;

export interface NewGiftCardOrder {
  currency: string;
  amountMinor: number;
  buyer: { name: string; email: string };
  recipient: { name: string | null; email: string | null };
  message: string | null;
  language: CustomerLanguage;
  client: string;
}

/** What the shop's page of an order shows: never the card's code (the link may be seen by others), only whether it was issued and where it went. */
export interface GiftCardOrderState {
  id: string;
  status: 'open' | 'paid';
  currency: string;
  amountMinor: number;
  /** Where the card is sent: the recipient's address, else the buyer's. */
  sentTo: string;
  language: CustomerLanguage;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export class GiftCardOrders {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
  ) {}

  /** The order written, and committed, before its page is asked for. */
  async place(order: NewGiftCardOrder): Promise<string> {
    const id = randomUUID();
    await this.db
      .insertInto('gift_card_orders')
      .values({
        id,
        currency: order.currency,
        amount_minor: order.amountMinor,
        buyer_name: order.buyer.name,
        buyer_email: order.buyer.email,
        recipient_name: order.recipient.name,
        recipient_email: order.recipient.email,
        message: order.message,
        language: order.language,
        client: order.client,
        created_at: new Date(this.now()),
      })
      .execute();
    return id;
  }

  /** The page Stripe made for the order (kept once: the same key asked again answers the same page). */
  async keepPage(id: string, session: { id: string; url: string }): Promise<void> {
    await this.db.updateTable('gift_card_orders').set({ session_id: session.id, url: session.url }).where('id', '=', id).where('session_id', 'is', null).execute();
  }

  async state(id: string): Promise<GiftCardOrderState | null> {
    if (!UUID.test(id)) return null;
    const row = await this.db.selectFrom('gift_card_orders').selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) return null;
    return { id: row.id, status: row.status, currency: row.currency, amountMinor: toMoney(row.amount_minor)!, sentTo: row.recipient_email ?? row.buyer_email, language: row.language };
  }

  /**
   * The order a paid event pays, claimed in `trx` (open to paid): null when the event names no
   * order of ours, another amount or currency than the order's, another page than the one kept, or
   * an order paid before (by this event before, or a copy of it at once: the copy waits for the
   * row, then finds it paid).
   */
  async claimIn(trx: Kysely<Database>, checkout: CompletedCheckout): Promise<GiftCardOrderRow | null> {
    const id = checkout.metadata.giftCardOrderId;
    if (!id || !UUID.test(id) || checkout.amountMinor === null) return null;
    const claimed = await trx
      .updateTable('gift_card_orders')
      .set({ status: 'paid', paid_at: new Date(this.now()), session_id: checkout.sessionId, payment_intent: checkout.paymentIntent.startsWith('pi_') ? checkout.paymentIntent : null })
      .where('id', '=', id)
      .where('status', '=', 'open')
      .where('amount_minor', '=', checkout.amountMinor)
      .where('currency', '=', checkout.currency)
      // A page kept is the only one that pays the order; one not yet kept (the server stopped after asking) is taken by the order's id.
      .where((eb) => eb.or([eb('session_id', 'is', null), eb('session_id', '=', checkout.sessionId)]))
      .returningAll()
      .executeTakeFirst();
    return claimed ?? null;
  }

  async setCardIn(trx: Kysely<Database>, orderId: string, cardId: string): Promise<void> {
    await trx.updateTable('gift_card_orders').set({ gift_card_id: cardId }).where('id', '=', orderId).execute();
  }

  /** The order that bought a card (its buyer), or null for a card staff issued. */
  async ofCard(cardId: string): Promise<GiftCardOrderRow | null> {
    return (await this.db.selectFrom('gift_card_orders').selectAll().where('gift_card_id', '=', cardId).executeTakeFirst()) ?? null;
  }
}
