/**
 * Messages that go out by themselves: queued with their event (a booking confirmed or cancelled, a
 * payment or refund recorded) or by the reminders job, each exactly once, written in the customer's
 * language from templates staff change, never for a reseller's booking; sent from the queue to the
 * outbox (no SMTP_URL here), the voucher attached to a confirmation. Runs on the embedded database
 * and, with TEST_DATABASE_URL, on a PostgreSQL server.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Booking } from '../../src/shared/contract/bookings.js';
import type { Departure } from '../../src/shared/contract/departures.js';
import type { Message, MessageTemplate } from '../../src/shared/contract/messages.js';
import type { Tour } from '../../src/shared/contract/tours.js';
import type { OutboxMail } from '../../src/server/mail/mailer.js';
import { expectError } from '../helpers/assertions.js';
import { createDeparture, createTour, viaInject } from '../helpers/api-builders.js';
import { createResellerWithKey, octoAs } from '../helpers/octo.js';
import { as, createTestApp, login, readOutbox, type TestApp } from '../helpers/test-app.js';

let t: TestApp;
let staff: ReturnType<typeof as>;
let tour: Tour;
let departure: Departure;
const DAY = 86_400_000;
const run = Math.random().toString(36).slice(2, 8);

beforeAll(async () => {
  // The sender and the reminders run when the tests say, not by themselves.
  t = await createTestApp({ env: { MESSAGE_POLL_INTERVAL: 'off', JOBS_INTERVAL: 'off', BUSINESS_NAME: 'Fjord & Co' } });
  staff = as(t.app, (await login(t.app, t.admin)).accessToken);
  tour = await createTour(viaInject(staff), { status: 'published', timeZone: 'Europe/Oslo', currency: 'EUR', bookingCutoffHours: 0, balanceDueDays: 30, prices: { ADULT: 10_000, CHILD: 5_000, INFANT: null } });
  departure = await createDeparture(viaInject(staff), tour.id, { startDate: new Date(t.clock.time + 90 * DAY).toISOString().slice(0, 10), capacity: 100 });
});
afterAll(async () => t?.close());

async function book(contact: { name: string; email: string; language?: 'en' | 'de' }, status: 'held' | 'confirmed' = 'confirmed', on = departure): Promise<Booking> {
  const made = await staff({ method: 'POST', url: '/api/bookings', payload: { departureId: on.id, status, contact, travellers: [{ category: 'ADULT', firstName: 'Ann', lastName: 'Lee' }, { category: 'CHILD', firstName: 'Bo', lastName: 'Lee' }] } });
  expect(made.statusCode, made.body).toBe(201);
  return made.json<Booking>();
}
const messagesOf = async (id: string) => (await staff({ method: 'GET', url: `/api/bookings/${id}/messages` })).json<{ data: Message[] }>().data;
/** Sends everything due, then answers the outbox's mails to `to`. */
async function sentTo(to: string): Promise<OutboxMail[]> {
  while ((await t.app.messages.sendDue()) > 0);
  return (await readOutbox(t.outboxDir)).filter((mail) => mail.to === to);
}

describe('messages queued with their event', () => {
  it('a confirmed booking: one message with the voucher attached, in the text and an escaped HTML part', async () => {
    const email = `ann.${run}@example.test`;
    const booking = await book({ name: 'Ann <b>Lee</b>', email });
    expect(await messagesOf(booking.id)).toMatchObject([{ kind: 'booking_confirmed', status: 'queued', to: '', attempts: 0 }]);
    const mails = await sentTo(email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe(`Your booking ${booking.reference} is confirmed: ${tour.title}`);
    expect(mail!.text).toContain('Dear Ann <b>Lee</b>,');
    expect(mail!.text).toContain('Travellers: 1 adult, 1 child');
    expect(mail!.text).toContain('Price: €150.00');
    expect(mail!.text).toContain('Fjord & Co');
    expect(mail!.html).toContain('Dear Ann &lt;b&gt;Lee&lt;/b&gt;,');
    expect(mail!.html).toContain('Fjord &amp; Co');
    expect(mail!.html).not.toContain('<b>');
    expect(mail!.attachments).toHaveLength(1);
    expect(mail!.attachments![0]).toMatchObject({ filename: `voucher-${booking.reference}.pdf`, contentType: 'application/pdf' });
    expect(Buffer.from(mail!.attachments![0]!.contentBase64, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
    expect(await messagesOf(booking.id)).toMatchObject([{ kind: 'booking_confirmed', status: 'sent', to: email, subject: mail!.subject, attempts: 1 }]);
    // The customer's page lists it too, and their export holds it.
    expect((await staff({ method: 'GET', url: `/api/customers/${booking.customerId}/messages` })).json<{ data: Message[] }>().data).toMatchObject([{ kind: 'booking_confirmed', to: email }]);
    expect((await staff({ method: 'GET', url: `/api/customers/${booking.customerId}/export` })).json<{ messages: Message[] }>().messages).toMatchObject([{ kind: 'booking_confirmed', status: 'sent' }]);
    // Sent once: asking again sends nothing more.
    expect(await sentTo(email)).toHaveLength(1);
  });

  it('a held booking confirmed later, a payment, a refund and a cancellation: one message each, in the customer’s language', async () => {
    const email = `greta.${run}@example.test`;
    const booking = await book({ name: 'Greta Berg', email, language: 'de' }, 'held');
    expect(await messagesOf(booking.id)).toEqual([]);
    // A second between events: the outbox lists the mails in the order they were made.
    const tick = () => t.clock.advance(1_000);
    tick();
    expect((await staff({ method: 'POST', url: `/api/bookings/${booking.id}/confirm` })).statusCode).toBe(200);
    tick();
    const paid = await staff({ method: 'POST', url: `/api/bookings/${booking.id}/payments`, payload: { kind: 'payment', amountMinor: 5_000, method: 'card' } });
    expect(paid.statusCode).toBe(201);
    tick();
    expect((await staff({ method: 'POST', url: `/api/bookings/${booking.id}/cancel`, payload: { reason: 'Krank', feeMinor: 1_000 } })).statusCode).toBe(200);
    // Each goes within seconds of its event (written from the booking as it is then).
    await sentTo(email);
    tick();
    expect((await staff({ method: 'POST', url: `/api/bookings/${booking.id}/payments`, payload: { kind: 'refund', amountMinor: 4_000, method: 'card' } })).statusCode).toBe(201);
    const mails = await sentTo(email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `Ihre Buchung ${booking.reference} ist bestätigt: ${tour.title}`,
      `Zahlung erhalten: Buchung ${booking.reference}`,
      `Buchung ${booking.reference} storniert`,
      // A refund's receipt says it is one.
      `Erstattung veranlasst: Buchung ${booking.reference}`,
    ]);
    expect(mails[1]!.text).toMatch(/wir haben 50,00\s€ für Ihre Buchung/);
    expect(mails[2]!.text).toMatch(/Stornogebühr: 10,00\s€/);
    expect(mails[2]!.text).toMatch(/An Sie zu erstatten: 40,00\s€/);
    expect(mails[3]!.text).toMatch(/eine Erstattung von 40,00\s€/);
    expect((await messagesOf(booking.id)).map((message) => [message.kind, message.status, message.language])).toEqual([
      ['payment_received', 'sent', 'de'],
      ['booking_cancelled', 'sent', 'de'],
      ['payment_received', 'sent', 'de'],
      ['booking_confirmed', 'sent', 'de'],
    ]);
  });

  it('never for a reseller’s booking (the reseller speaks to its customers)', async () => {
    const { key } = await createResellerWithKey(staff);
    const octo = octoAs(t.app, key);
    const held = (await octo('POST', '/bookings', { productId: tour.id, optionId: 'DEFAULT', availabilityId: departure.id, unitItems: [{ unitId: 'adult' }] })).json<{ uuid: string; supplierReference: string }>();
    expect((await octo('POST', `/bookings/${held.uuid}/confirm`, { contact: { fullName: 'Resold Person', firstName: 'Resold', lastName: 'Person', emailAddress: `resold.${run}@example.test` } })).statusCode).toBe(200);
    const booking = (await staff({ method: 'GET', url: `/api/bookings?q=${held.supplierReference}` })).json<{ data: Booking[] }>().data[0]!;
    expect(await messagesOf(booking.id)).toEqual([]);
    expectError(await staff({ method: 'POST', url: `/api/bookings/${booking.id}/messages`, payload: { kind: 'booking_confirmed' } }), 409, 'CONFLICT');
    expect(await sentTo(`resold.${run}@example.test`)).toEqual([]);
  });

  it('sent again on request: a new message, each sent once, even with two senders at once', async () => {
    const email = `again.${run}@example.test`;
    const booking = await book({ name: 'Again', email });
    const resent = await staff({ method: 'POST', url: `/api/bookings/${booking.id}/messages`, payload: { kind: 'booking_confirmed' } });
    expect(resent.statusCode, resent.body).toBe(201);
    await Promise.all([t.app.messages.sendDue(), t.app.messages.sendDue(), t.app.messages.sendDue()]);
    expect(await sentTo(email)).toHaveLength(2);
    const audit = (await staff({ method: 'GET', url: `/api/admin/audit?targetId=${booking.id}&action=message.resent` })).json<{ data: { action: string }[] }>();
    expect(audit.data).toHaveLength(1);
  });

  it('a sender that died after handing the mail over: sent again once its lease ends, as the same mail', async () => {
    const email = `lease.${run}@example.test`;
    const booking = await book({ name: 'Lease', email });
    // Claimed by a sender that never came back (its lease set, nothing recorded).
    await sql`update messages set locked_until = ${new Date(t.clock.time + 5 * 60_000)}, attempts = 1 where booking_id = ${booking.id}`.execute(t.app.db);
    expect(await t.app.messages.sendDue()).toBe(0);
    // It had written the mail before it died: the outbox holds it once.
    const [message] = await messagesOf(booking.id);
    await t.app.mailer.send({ to: email, subject: 'first try', text: 'x', id: { value: message!.id, createdAt: new Date(message!.createdAt) } });
    t.clock.advance(5 * 60_000 + 1);
    staff = as(t.app, (await login(t.app, t.admin)).accessToken);
    const mails = await sentTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(booking.reference);
    expect((await messagesOf(booking.id))[0]).toMatchObject({ status: 'sent', attempts: 2 });
  });
});

describe('the reminders job', () => {
  it('queues a balance reminder 7 days before it is due and one on the day, each once, and a departure reminder 3 days before', async () => {
    // Departs in 40 days; the balance is due 30 days before, so in 10 days.
    const soon = await createDeparture(viaInject(staff), tour.id, { startDate: new Date(t.clock.time + 40 * DAY).toISOString().slice(0, 10), startTime: '12:00', capacity: 10 });
    const email = `remind.${run}@example.test`;
    const booking = await book({ name: 'Remind Me', email }, 'confirmed', soon);
    const kinds = async () => (await t.app.messages.forBooking(booking.id)).map((message) => message.kind).sort();
    await t.app.messages.queueReminders();
    expect(await kinds()).toEqual(['booking_confirmed']);
    t.clock.advance(3 * DAY);
    await t.app.messages.queueReminders();
    await t.app.messages.queueReminders();
    expect(await kinds()).toEqual(['balance_reminder', 'booking_confirmed']);
    t.clock.advance(7 * DAY);
    await t.app.messages.queueReminders();
    expect(await kinds()).toEqual(['balance_reminder', 'balance_reminder', 'booking_confirmed']);
    // Paid: no more (a new sign-in: days have passed).
    staff = as(t.app, (await login(t.app, t.admin)).accessToken);
    expect((await staff({ method: 'POST', url: `/api/bookings/${booking.id}/payments`, payload: { kind: 'payment', amountMinor: booking.totalMinor, method: 'bank_transfer' } })).statusCode).toBe(201);
    t.clock.advance(DAY);
    await t.app.messages.queueReminders();
    expect((await kinds()).filter((kind) => kind === 'balance_reminder')).toHaveLength(2);
    // Three days before it starts: the departure reminder, once.
    t.clock.advance(27 * DAY);
    await t.app.messages.queueReminders();
    await t.app.messages.queueReminders();
    expect((await kinds()).filter((kind) => kind === 'departure_reminder')).toHaveLength(1);
    staff = as(t.app, (await login(t.app, t.admin)).accessToken);
    const mails = await sentTo(email);
    expect(mails.map((mail) => mail.subject)).toContain(`See you soon: ${tour.title} on ${mails.at(-1)!.subject.split(' on ')[1]}`);
    expect(mails.filter((mail) => mail.subject.startsWith('Balance of'))).toHaveLength(2);
  });

  it('never at the wrong time: no balance reminder for a hold or in the booking’s first day, no departure reminder beside its confirmation', async () => {
    // Departs in 3 days with the balance due now (30 days before has passed): a hold, then a booking confirmed today.
    const near = await createDeparture(viaInject(staff), tour.id, { startDate: new Date(t.clock.time + 3 * DAY).toISOString().slice(0, 10), startTime: '18:00', capacity: 10 });
    const held = await book({ name: 'Held Hour', email: `held.hour.${run}@example.test` }, 'held', near);
    const lastMinute = await book({ name: 'Last Minute', email: `last.minute.${run}@example.test` }, 'confirmed', near);
    const kindsOf = async (id: string) => (await t.app.messages.forBooking(id)).map((message) => message.kind).sort();
    t.clock.advance(60_000);
    await t.app.messages.queueReminders();
    expect(await kindsOf(held.id)).toEqual([]);
    // One e-mail, the confirmation, which says what is due: not three in a minute.
    expect(await kindsOf(lastMinute.id)).toEqual(['booking_confirmed']);
    // A day later, still unpaid and still ahead: the balance reminder and, the day before it starts, "see you soon".
    t.clock.advance(DAY);
    staff = as(t.app, (await login(t.app, t.admin)).accessToken);
    await t.app.messages.queueReminders();
    expect(await kindsOf(lastMinute.id)).toEqual(['balance_reminder', 'booking_confirmed', 'departure_reminder']);
    expect(await kindsOf(held.id)).toEqual([]);
  });

  it('finds what is due through indexes, not by reading every booking', async () => {
    const plans: string[] = [];
    await t.app.db.transaction().execute(async (trx) => {
      // With few rows a scan is cheapest; turned off, the plan shows whether an index can serve.
      await sql`set local enable_seqscan = off`.execute(trx);
      for (const statement of [
        sql`explain select b.id from bookings b where b.balance_minor > 0 and b.status in ('held', 'confirmed') and b.balance_due_date between date '2027-01-01' and date '2027-01-10'`,
        sql`explain select b.id from bookings b where b.status = 'confirmed' and b.reseller_id is null and b.starts_at > now() and b.starts_at <= now() + interval '3 days' order by b.starts_at`,
      ]) {
        plans.push((await statement.execute(trx)).rows.map((row) => Object.values(row as Record<string, string>)[0]).join('\n'));
      }
    });
    expect(plans[0]).toContain('bookings_overdue_idx');
    expect(plans[1]).toContain('bookings_confirmed_starts_idx');
  });
});

describe('templates', () => {
  it('ship in English and German, refuse a placeholder the product does not know, and what is saved is what goes', async () => {
    const all = (await staff({ method: 'GET', url: '/api/message-templates' })).json<MessageTemplate[]>();
    expect(all.map((template) => template.kind)).toEqual(['booking_confirmed', 'payment_received', 'balance_reminder', 'departure_reminder', 'booking_cancelled', 'payment_link', 'booking_changed', 'manage_link']);
    expect(all.every((template) => template.enabled && !template.custom && template.texts.de.subject !== '')).toBe(true);
    const confirmed = all[0]!;
    const bad = await staff({ method: 'PUT', url: '/api/message-templates/booking_confirmed', payload: { enabled: true, texts: { ...confirmed.texts, en: { subject: 'Hi {{customer.password}}', body: '{{booking.reference}} {{ secret }}' } } } });
    expectError(bad, 400, 'VALIDATION');
    expect(bad.json<{ errors: Record<string, string> }>().errors).toMatchObject({ 'texts.en.subject': expect.stringContaining('{{customer.password}}'), 'texts.en.body': expect.stringContaining('{{secret}}') });
    const saved = await staff({ method: 'PUT', url: '/api/message-templates/booking_confirmed', payload: { enabled: true, texts: { ...confirmed.texts, en: { subject: 'Booked: {{booking.reference}}', body: '<script>alert(1)</script> Hello {{customer.name}}' } } } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<MessageTemplate>()).toMatchObject({ custom: true, texts: { en: { subject: 'Booked: {{booking.reference}}' } } });
    const email = `custom.${run}@example.test`;
    const booking = await book({ name: 'Custom <i>Name</i>', email });
    const preview = await staff({ method: 'POST', url: '/api/message-templates/booking_confirmed/preview', payload: { bookingId: booking.id, language: 'en' } });
    expect(preview.json()).toMatchObject({ subject: `Booked: ${booking.reference}`, text: '<script>alert(1)</script> Hello Custom <i>Name</i>' });
    expect(preview.json<{ html: string }>().html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Hello Custom &lt;i&gt;Name&lt;/i&gt;');
    // A live preview of texts not saved yet, refused when they name what the product does not know.
    const live = await staff({ method: 'POST', url: '/api/message-templates/booking_confirmed/preview', payload: { bookingId: booking.id, language: 'de', texts: { subject: 'Hallo {{customer.name}}', body: '{{booking.travellers}}' } } });
    expect(live.json()).toMatchObject({ subject: 'Hallo Custom <i>Name</i>', text: '1 Erwachsener, 1 Kind' });
    expectError(await staff({ method: 'POST', url: '/api/message-templates/booking_confirmed/preview', payload: { bookingId: booking.id, language: 'de', texts: { subject: '{{nope}}', body: 'x' } } }), 400, 'VALIDATION');
    const [mail] = await sentTo(email);
    expect(mail!.subject).toBe(`Booked: ${booking.reference}`);
    expect(mail!.html).not.toContain('<script>');
    await staff({ method: 'PUT', url: '/api/message-templates/booking_confirmed', payload: { enabled: true, texts: confirmed.texts } });
  });

  it('refuse placeholders named like what every object inherits, and a template kept from before still sends', async () => {
    const confirmed = (await staff({ method: 'GET', url: '/api/message-templates/booking_confirmed' })).json<MessageTemplate>();
    const email = `builtins.${run}@example.test`;
    const booking = await book({ name: 'Built In', email });
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf']) {
      const texts = { subject: `Hi {{${name}}}`, body: `{{ ${name} }} {{booking.reference}}` };
      const saved = await staff({ method: 'PUT', url: '/api/message-templates/booking_confirmed', payload: { enabled: true, texts: { ...confirmed.texts, en: texts } } });
      expectError(saved, 400, 'VALIDATION');
      expect(saved.json<{ errors: Record<string, string> }>().errors).toMatchObject({ 'texts.en.subject': expect.stringContaining(`{{${name}}}`), 'texts.en.body': expect.stringContaining(`{{${name}}}`) });
      expectError(await staff({ method: 'POST', url: '/api/message-templates/booking_confirmed/preview', payload: { bookingId: booking.id, language: 'en', texts } }), 400, 'VALIDATION');
    }
    expect((await staff({ method: 'GET', url: '/api/message-templates/booking_confirmed' })).json<MessageTemplate>().custom).toBe(confirmed.custom);
    // A template kept before such names were refused: written with them empty, and its messages go.
    await t.app.db
      .insertInto('message_templates')
      .values({ kind: 'booking_confirmed', enabled: true, texts: JSON.stringify({ ...confirmed.texts, en: { subject: 'Old {{constructor}}{{booking.reference}}', body: '{{__proto__}}{{toString}} kept' } }), updated_at: new Date(t.clock.time) })
      .onConflict((oc) => oc.column('kind').doUpdateSet({ texts: JSON.stringify({ ...confirmed.texts, en: { subject: 'Old {{constructor}}{{booking.reference}}', body: '{{__proto__}}{{toString}} kept' } }) }))
      .execute();
    const preview = await staff({ method: 'POST', url: '/api/message-templates/booking_confirmed/preview', payload: { bookingId: booking.id, language: 'en' } });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toMatchObject({ subject: `Old ${booking.reference}`, text: ' kept' });
    const later = await book({ name: 'Later', email: `later.${run}@example.test` });
    const [mail] = await sentTo(`later.${run}@example.test`);
    expect(mail?.subject).toBe(`Old ${later.reference}`);
    await staff({ method: 'PUT', url: '/api/message-templates/booking_confirmed', payload: { enabled: true, texts: confirmed.texts } });
  });

  it('a kind switched off queues nothing', async () => {
    const template = (await staff({ method: 'GET', url: '/api/message-templates/payment_received' })).json<MessageTemplate>();
    await staff({ method: 'PUT', url: '/api/message-templates/payment_received', payload: { enabled: false, texts: template.texts } });
    const booking = await book({ name: 'Quiet', email: `quiet.${run}@example.test` });
    await staff({ method: 'POST', url: `/api/bookings/${booking.id}/payments`, payload: { kind: 'payment', amountMinor: 100, method: 'cash' } });
    expect((await messagesOf(booking.id)).map((message) => message.kind)).toEqual(['booking_confirmed']);
    await staff({ method: 'PUT', url: '/api/message-templates/payment_received', payload: { enabled: true, texts: template.texts } });
  });

  it('need messages.manage', async () => {
    const { createUser } = await import('../helpers/test-app.js');
    const user = await createUser(t.app, (await login(t.app, t.admin)).accessToken, { email: `sales.templates.${run}@example.test`, roles: ['SALES'] });
    const sales = as(t.app, (await login(t.app, user)).accessToken);
    expectError(await sales({ method: 'GET', url: '/api/message-templates' }), 403, 'FORBIDDEN');
  });
});
