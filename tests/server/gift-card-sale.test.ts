/**
 * Gift cards that are sent: bought in the shop (its form and its API) and paid at a local double of
 * Stripe, the card issued when the paid event arrives, once, however often and however at once the
 * event comes; its e-mail with its PDF goes to the recipient once, and the buyer's receipt carries
 * no code. A card staff issue with a recipient's address is e-mailed too, in its language. Runs on
 * the embedded database and, with TEST_DATABASE_URL, on a PostgreSQL server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GiftCardWithTransactions } from '../../src/shared/contract/gift-cards.js';
import { expectError } from '../helpers/assertions.js';
import { createTour, viaInject } from '../helpers/api-builders.js';
import { startStripeDouble, type StripeDouble } from '../helpers/stripe-double.js';
import { as, createTestApp, login, readOutbox, type TestApp } from '../helpers/test-app.js';
import { minorOfTyped } from '../../src/server/shop/pages/gift-card-page.js';

let t: TestApp;
let stripe: StripeDouble;
let staff: ReturnType<typeof as>;
let address = 0;

beforeAll(async () => {
  stripe = await startStripeDouble();
  t = await createTestApp({ env: { ...stripe.env, BUSINESS_NAME: 'Fjord & Co', SHOP_CART_RATE: '50' } });
  stripe.now = t.clock.now;
  staff = as(t.app, (await login(t.app, t.admin)).accessToken);
  // The shop sells cards in the currencies of its tours.
  await createTour(viaInject(staff), { status: 'published', bookableOnline: true, currency: 'EUR', prices: { ADULT: 10_000, CHILD: null, INFANT: null } });
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

const from = () => `203.0.113.${++address % 250}`;
const order = (payload: Record<string, unknown>, remoteAddress = from()) => t.app.inject({ method: 'POST', url: '/api/shop/gift-cards', remoteAddress, payload });
const deliver = (event: { payload: string; signature: string }) =>
  t.app.inject({ method: 'POST', url: '/api/payments/stripe/webhook', headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': event.signature }, payload: event.payload });
const sessionFor = (url: string) => [...stripe.sessions.values()].find((session) => session.url === url)!;
const cardsFor = async (email: string) => (await staff({ method: 'GET', url: `/api/gift-cards?q=${encodeURIComponent(email)}` })).json<{ data: GiftCardWithTransactions[] }>().data;
const cardNow = async (id: string) => (await staff({ method: 'GET', url: `/api/gift-cards/${id}` })).json<GiftCardWithTransactions>();
const mailsTo = async (email: string) => {
  // A card's e-mail is sent at once by the sender the flow nudged: its round is let finish, then what is left is sent here.
  await t.app.background.settled();
  while ((await t.app.messages.sendDue()) > 0);
  return (await readOutbox(t.outboxDir)).filter((mail) => mail.to === email);
};
const PURCHASE = { currency: 'EUR', amountMinor: 15_000, buyer: { name: 'Ola Nordmann', email: 'ola.buyer@example.test' } };

describe('buying a gift card in the shop', () => {
  it('sends the buyer to Stripe for the card’s value; paid, the card is issued once, e-mailed with its PDF to the recipient, and the buyer gets a receipt without the code', async () => {
    const made = await order({ ...PURCHASE, recipient: { name: 'Kari Nordmann', email: 'kari.gift@example.test' }, message: 'Happy birthday! Love, Ola' });
    expect(made.statusCode, made.body).toBe(201);
    const session = sessionFor(made.json<{ url: string }>().url);
    expect(session).toMatchObject({ amount_total: 15_000, currency: 'eur', customer_email: 'ola.buyer@example.test', metadata: { giftCardOrderId: expect.any(String) } });
    expect(session.metadata.bookingId).toBeUndefined();
    expect(await cardsFor('kari.gift@example.test')).toEqual([]);

    const paid = stripe.completedEvent(session.id);
    const first = await deliver(paid);
    expect(first.json()).toEqual({ received: true, recorded: true });
    // The same event again, and twice at once: nothing more is issued.
    expect((await deliver(paid)).json()).toEqual({ received: true, recorded: false });
    const [cards] = [await cardsFor('kari.gift@example.test')];
    expect(cards).toHaveLength(1);
    const card = await cardNow(cards[0]!.id);
    expect(card).toMatchObject({ currency: 'EUR', initialMinor: 15_000, balanceMinor: 15_000, status: 'active', soldOnline: true, recipientName: 'Kari Nordmann', message: 'Happy birthday! Love, Ola', buyer: { name: 'Ola Nordmann', email: 'ola.buyer@example.test' } });
    expect(card.transactions.map((entry) => [entry.kind, entry.amountMinor, entry.by])).toEqual([['issue', 15_000, 'Stripe']]);

    const toRecipient = await mailsTo('kari.gift@example.test');
    expect(toRecipient).toHaveLength(1);
    expect(toRecipient[0]!.subject).toBe('A gift card for you from Ola Nordmann · Fjord & Co');
    expect(toRecipient[0]!.text).toContain(`Your code: ${card.code}`);
    expect(toRecipient[0]!.text).toContain('€150.00');
    expect(toRecipient[0]!.text).toContain('Happy birthday! Love, Ola');
    const [pdf] = toRecipient[0]!.attachments ?? [];
    expect(pdf).toMatchObject({ filename: `gift-card-${card.code.slice(-4)}.pdf`, contentType: 'application/pdf' });
    expect(Buffer.from(pdf!.contentBase64, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const receipt = await mailsTo('ola.buyer@example.test');
    expect(receipt).toHaveLength(1);
    expect(receipt[0]!.text).toContain('Kari Nordmann (kari.gift@example.test)');
    expect(receipt[0]!.text).not.toContain(card.code);
    expect(receipt[0]!.attachments ?? []).toEqual([]);
    // Sent once: another round of the sender sends nothing more.
    expect(await mailsTo('kari.gift@example.test')).toHaveLength(1);
    expect((await cardNow(card.id)).messages.map((message) => [message.kind, message.to, message.status])).toEqual([
      ['gift_card', 'kari.gift@example.test', 'sent'],
      ['gift_card_bought', 'ola.buyer@example.test', 'sent'],
    ]);
  });

  it('issues one card when the paid event arrives twice at once', async () => {
    const made = await order({ ...PURCHASE, buyer: { name: 'Twice Paid', email: 'twice.paid@example.test' } });
    const event = stripe.completedEvent(sessionFor(made.json<{ url: string }>().url).id);
    const answers = await Promise.all([deliver(event), deliver(event), deliver(event)]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(answers.filter((answer) => answer.json<{ recorded: boolean }>().recorded)).toHaveLength(1);
    // Found by its buyer too (the card has no recipient address), and by its code's last four.
    const [bought] = await cardsFor('twice.paid@example.test');
    expect(bought).toBeDefined();
    expect((await cardsFor(bought!.code.slice(-4).toLowerCase())).map((card) => card.id)).toContain(bought!.id);
    // No recipient address: the card itself goes to the buyer, and no receipt besides.
    const mails = await mailsTo('twice.paid@example.test');
    expect(mails.map((mail) => mail.subject)).toEqual(['Your gift card · Fjord & Co']);
    expect(mails[0]!.text).toContain('Here is the gift card you bought: €150.00 for Fjord & Co.');
  });

  it('issues nothing for an event whose amount or currency is not the order’s', async () => {
    const made = await order({ ...PURCHASE, buyer: { name: 'Tampered', email: 'tampered@example.test' } });
    const session = sessionFor(made.json<{ url: string }>().url);
    const answer = await deliver(stripe.completedEvent(session.id, { tamper: (paid) => void (paid.amount_total = 100) }));
    expect(answer.json()).toEqual({ received: true, recorded: false });
    expect(await mailsTo('tampered@example.test')).toEqual([]);
  });

  it('refuses a currency the shop sells no tour in, less than one whole unit, and a bad address, keeping nothing', async () => {
    expectError(await order({ ...PURCHASE, currency: 'USD' }), 400, 'VALIDATION');
    expectError(await order({ ...PURCHASE, amountMinor: 99 }), 400, 'VALIDATION');
    expectError(await order({ ...PURCHASE, buyer: { name: 'No Mail', email: 'not-an-address' } }), 400, 'VALIDATION');
    expectError(await order({ ...PURCHASE, cardNumber: '4242' }), 400, 'VALIDATION');
  });

  it('lets one address order as many cards an hour as carts, then 429 with Retry-After', async () => {
    const robot = '192.0.2.77';
    for (let i = 0; i < 50; i += 1) expect((await order(PURCHASE, robot)).statusCode).toBe(201);
    const refused = await order(PURCHASE, robot);
    expectError(refused, 429, 'RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });
});

describe('the shop’s gift card page', () => {
  it('reads an amount as the page’s language writes it, and refuses what is not one', () => {
    const read = (typed: string, language: 'en' | 'de', currency = 'EUR') => minorOfTyped(typed, currency, language);
    expect([read('50', 'de'), read('75,50', 'de'), read('75,5', 'de'), read('1.000', 'de'), read('1.000,50', 'de'), read('10.000', 'de'), read('75.5', 'de')]).toEqual([5_000, 7_550, 7_550, 100_000, 100_050, 1_000_000, 7_550]);
    expect([read('75.50', 'en'), read('1,000', 'en'), read('1,000.50', 'en'), read('1.000', 'en'), read('1 000', 'en')]).toEqual([7_550, 100_000, 100_050, null, 100_000]);
    expect([read('1.000,50', 'en'), read('75,505', 'de'), read('1e9', 'en'), read('-5', 'en'), read('', 'en'), read('12.5', 'en', 'JPY'), read('1,000', 'en', 'JPY')]).toEqual([null, null, null, null, null, null, 1_000]);
  });

  const form = (fields: Record<string, string>, lang = '') =>
    t.app.inject({ method: 'POST', url: `/shop/gift-cards${lang}`, remoteAddress: from(), headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });

  it('shows a form that needs no script, in English and German, linked from the tours', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/shop/gift-cards?lang=de' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<html lang="de">');
    expect(page.body).toContain('Gutscheine');
    expect(page.body).toContain('<form class="gift" method="post" action="/shop/gift-cards?lang=de"');
    expect(page.body).not.toContain('<script src');
    expect((await t.app.inject({ method: 'GET', url: '/shop' })).body).toContain('href="/shop/gift-cards"');
  });

  it('says what is wrong beside each field in the page’s language, keeping what was typed', async () => {
    const refused = await form({ currency: 'EUR', amount: '0,50', buyerName: 'Jonas <b>', buyerEmail: 'jonas', recipientEmail: 'x@' }, '?lang=de');
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('id="gift-amount-error">Geben Sie einen Betrag von 1,00');
    expect(refused.body).toContain('id="gift-buyerEmail-error">Das sieht nicht wie eine E-Mail-Adresse aus.');
    expect(refused.body).toContain('id="gift-recipientEmail-error"');
    expect(refused.body).toContain('value="Jonas &lt;b&gt;"');
    expect(refused.body).toContain('aria-invalid="true"');
  });

  it('sends a filled form on to Stripe’s page (German amounts read too), and the page it comes back to says where the card went, not its code', async () => {
    const sent = await form({ currency: 'EUR', amount: '75,50', buyerName: 'Jonas Weber', buyerEmail: 'jonas.weber@example.test', recipientName: 'Lena', recipientEmail: 'lena.weber@example.test', message: 'Für dich' }, '?lang=de');
    expect(sent.statusCode, sent.body).toBe(303);
    const session = sessionFor(sent.headers.location as string);
    expect(session.amount_total).toBe(7_550);
    const back = new URL(session.success_url);
    expect(back.pathname).toMatch(/^\/shop\/gift-cards\/orders\/[0-9a-f-]{36}$/);
    const waiting = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(waiting.body).toContain('Wir warten noch auf Ihre Zahlung');
    expect(waiting.body).toContain('http-equiv="refresh"');
    await deliver(stripe.completedEvent(session.id));
    const done = await t.app.inject({ method: 'GET', url: `${back.pathname}${back.search}` });
    expect(done.body).toContain('l…@example.test');
    expect(done.body).not.toContain('lena.weber@example.test');
    const [card] = await cardsFor('lena.weber@example.test');
    expect(done.body).not.toContain(card!.code);
    const mails = await mailsTo('lena.weber@example.test');
    expect(mails.map((mail) => mail.subject)).toEqual(['Ein Gutschein für Sie von Jonas Weber · Fjord & Co']);
    expect(mails[0]!.text).toMatch(/über 75,50\s€/);
    expect((await t.app.inject({ method: 'GET', url: '/shop/gift-cards/orders/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
  });
});

describe('a card staff issue', () => {
  it('is e-mailed once with its PDF to the recipient’s address, in its language; without an address nothing is sent', async () => {
    const made = await staff({ method: 'POST', url: '/api/gift-cards', payload: { currency: 'EUR', amountMinor: 5_000, recipientName: 'Mia', recipientEmail: 'mia.staff@example.test', language: 'de' } });
    expect(made.statusCode, made.body).toBe(201);
    const card = made.json<GiftCardWithTransactions>();
    expect(card.messages).toEqual([{ kind: 'gift_card', to: '', status: 'queued', sentAt: null, error: null }]);
    const mails = await mailsTo('mia.staff@example.test');
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Ein Gutschein für Sie · Fjord & Co');
    expect(mails[0]!.text).toMatch(/Fjord & Co sendet Ihnen einen Gutschein über 50,00\s€/);
    expect(mails[0]!.attachments?.[0]?.contentType).toBe('application/pdf');
    const bare = await staff({ method: 'POST', url: '/api/gift-cards', payload: { currency: 'EUR', amountMinor: 5_000, recipientName: 'No Address' } });
    expect(bare.json<GiftCardWithTransactions>().messages).toEqual([]);
  });

  it('is not written once voided: a card voided before its e-mail went is not sent', async () => {
    const made = await staff({ method: 'POST', url: '/api/gift-cards', payload: { currency: 'EUR', amountMinor: 5_000, recipientName: 'Typo' } });
    const card = made.json<GiftCardWithTransactions>();
    await staff({ method: 'POST', url: `/api/gift-cards/${card.id}/void`, payload: { note: 'Typed the wrong amount' } });
    // What the sender asks before each try (the card's e-mail may have gone at once, before any void could come).
    expect(await t.app.giftCardMail.write(card.id, 'gift_card', 'en')).toEqual({ reason: 'the gift card was voided before it went' });
  });
});
