/**
 * Webhooks to resellers: a reseller hears of every change the office makes to its bookings (a
 * cancellation, an amendment, a confirmation, a departure cancelled, a hold lapsed), never of its own
 * calls; each delivery is signed as Standard Webhooks specify, written in the change's transaction,
 * sent once even by two senders at once, in order per booking, retried with growing delays, then
 * failed and sent again by staff. A hanging endpoint costs only its delivery. The reseller's
 * monthly statement lists what it owes.
 */
import { zBooking } from '@octocloud/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Departure } from '../../src/shared/contract/departures.js';
import type { WebhookDelivery } from '../../src/shared/contract/resellers.js';
import type { Tour } from '../../src/shared/contract/tours.js';
import { RETRY_DELAYS_S } from '../../src/server/resellers/webhooks.js';
import { createDeparture, createTour, viaInject } from '../helpers/api-builders.js';
import { createResellerWithKey, octoAs, type OctoCaller } from '../helpers/octo.js';
import { as, createTestApp, login, type TestApp } from '../helpers/test-app.js';
import { signatureIsValid, startWebhookReceiver, type WebhookReceiver } from '../helpers/webhook-receiver.js';

let t: TestApp;
let staff: ReturnType<typeof as>;
let receiver: WebhookReceiver;
let octo: OctoCaller;
let resellerId: string;
let secret: string;
let tour: Tour;
let dayOffset = 0;

const ENV = { WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true', WEBHOOK_POLL_INTERVAL: 'off', WEBHOOK_TIMEOUT: '1s', OCTO_RATE_LIMIT: '100000' };

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  t = await createTestApp({ env: ENV });
  staff = as(t.app, (await login(t.app, t.admin)).accessToken);
  tour = await createTour(viaInject(staff), { status: 'published', timeZone: 'Europe/Berlin', durationDays: 1, bookingCutoffHours: 0, prices: { ADULT: 10_000, CHILD: 5_000, INFANT: null } });
  const made = await createResellerWithKey(staff, { webhookUrl: receiver.url, commissionPercent: 10 });
  resellerId = made.reseller.id;
  octo = octoAs(t.app, made.key);
  secret = (await staff({ method: 'POST', url: `/api/resellers/${resellerId}/webhook-secret` })).json<{ secret: string }>().secret;
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

/** Moves the clock, and signs staff in again (an access token lives 15 minutes). */
async function advance(ms: number): Promise<void> {
  t.clock.advance(ms);
  staff = as(t.app, (await login(t.app, t.admin)).accessToken);
}

async function departure(overrides: Record<string, unknown> = {}): Promise<Departure> {
  dayOffset += 1;
  const date = new Date(t.clock.time + (30 + dayOffset) * 86_400_000).toISOString().slice(0, 10);
  return createDeparture(viaInject(staff), tour.id, { startDate: date, startTime: '09:00', capacity: 10, ...overrides });
}

async function reserve(on: Departure, body: Record<string, unknown> = {}) {
  const response = await octo('POST', '/bookings', { productId: tour.id, optionId: 'DEFAULT', availabilityId: on.id, unitItems: [{ unitId: 'adult' }], ...body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ id: string; uuid: string; supplierReference: string }>();
}

async function deliveries(status?: string): Promise<WebhookDelivery[]> {
  return (await staff({ method: 'GET', url: `/api/resellers/${resellerId}/webhook-deliveries?pageSize=100${status ? `&status=${status}` : ''}` })).json<{ data: WebhookDelivery[] }>().data;
}

/** Sends what is due until nothing is left, as the sender's rounds would. */
async function deliverAll(): Promise<void> {
  while ((await t.app.webhooks.deliverDue()) > 0);
}

function bodyOf(index: number) {
  return JSON.parse(receiver.received[index].body) as { type: string; timestamp: string; data: unknown };
}

describe('what a reseller hears of', () => {
  it('never of its own calls; of a cancellation by staff, signed, with the booking as OCTO shows it', async () => {
    const on = await departure();
    const held = await reserve(on);
    await octo('POST', `/bookings/${held.uuid}/confirm`, { contact: { firstName: 'Ada', lastName: 'Lovelace', emailAddress: 'ada@example.test' } });
    await deliverAll();
    expect(receiver.received).toHaveLength(0);
    expect(await deliveries()).toHaveLength(0);

    const cancelled = await staff({ method: 'POST', url: `/api/bookings/${held.id}/cancel`, payload: { reason: 'Storm warning' } });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await deliveries('pending')).toHaveLength(1);
    await deliverAll();
    expect(receiver.received).toHaveLength(1);
    const [webhook] = receiver.received;
    expect(signatureIsValid(webhook, secret)).toBe(true);
    expect(signatureIsValid(webhook, `whsec_${Buffer.alloc(32).toString('base64')}`)).toBe(false);
    expect(webhook.headers['webhook-id']).toMatch(/^msg_[0-9a-f-]{36}$/);
    expect(Number(webhook.headers['webhook-timestamp'])).toBe(Math.floor(t.clock.time / 1000));
    const body = bodyOf(0);
    expect(body.type).toBe('booking.updated');
    const booking = zBooking.parse(body.data);
    expect(booking).toMatchObject({ uuid: held.uuid, status: 'CANCELLED', cancellation: { reason: 'Storm warning', refund: 'FULL' } });
    expect(booking.pricing?.net).toBe(9_000);
    const [delivered] = await deliveries();
    expect(delivered).toMatchObject({ status: 'delivered', attempts: 1, responseStatus: 204, bookingId: held.id, bookingReference: booking.supplierReference, nextAttemptAt: null });
  });

  it('of an amendment in the office, not of a save that changed nothing; of a departure cancelled; of a hold that lapsed', async () => {
    receiver.received.length = 0;
    const on = await departure();
    const held = await reserve(on);
    const booking = (await staff({ method: 'GET', url: `/api/bookings/${held.id}` })).json<{ travellers: { id: string }[] }>();
    await staff({ method: 'PATCH', url: `/api/bookings/${held.id}`, payload: { notes: 'Wheelchair on board' } });
    await staff({ method: 'PATCH', url: `/api/bookings/${held.id}`, payload: { notes: 'Wheelchair on board' } });
    await staff({ method: 'PATCH', url: `/api/bookings/${held.id}`, payload: { travellers: [{ id: booking.travellers[0].id, firstName: 'Grace', lastName: 'Hopper' }] } });
    await deliverAll();
    expect(receiver.received.map((webhook) => zBooking.parse(bodyOf(receiver.received.indexOf(webhook)).data).notes)).toEqual(['Wheelchair on board', 'Wheelchair on board']);

    receiver.received.length = 0;
    const other = await departure();
    const first = await reserve(other);
    const second = await reserve(other);
    await staff({ method: 'POST', url: `/api/departures/${other.id}/cancel`, payload: { reason: 'Bridge closed' } });
    await deliverAll();
    expect(receiver.received.map((_, index) => zBooking.parse(bodyOf(index).data).uuid).sort()).toEqual([first.uuid, second.uuid].sort());

    receiver.received.length = 0;
    const lapsing = await reserve(await departure(), { expirationMinutes: 5 });
    await advance(6 * 60_000);
    await t.app.flows.expireLapsedHolds();
    await deliverAll();
    expect(receiver.received).toHaveLength(1);
    expect(zBooking.parse(bodyOf(0).data)).toMatchObject({ uuid: lapsing.uuid, status: 'EXPIRED' });
  });
});

describe('delivery', () => {
  it('retries with growing delays, then fails; staff send it again', async () => {
    receiver.received.length = 0;
    receiver.answer = 500;
    const held = await reserve(await departure());
    await staff({ method: 'POST', url: `/api/bookings/${held.id}/cancel`, payload: { reason: 'No guide' } });
    await deliverAll();
    let [delivery] = (await deliveries()).filter((one) => one.bookingId === held.id);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, responseStatus: 500 });
    expect(Date.parse(delivery.nextAttemptAt!) - t.clock.time).toBe(RETRY_DELAYS_S[0] * 1000);
    // Not due yet: nothing is sent.
    await deliverAll();
    expect(receiver.received).toHaveLength(1);
    for (const [index, delay] of RETRY_DELAYS_S.entries()) {
      await advance(delay * 1000);
      await deliverAll();
      expect(receiver.received).toHaveLength(index + 2);
    }
    [delivery] = (await deliveries()).filter((one) => one.bookingId === held.id);
    expect(delivery).toMatchObject({ status: 'failed', attempts: RETRY_DELAYS_S.length + 1, nextAttemptAt: null });
    // Every attempt is the same message: the receiver can tell a retry by its id.
    expect(new Set(receiver.received.map((webhook) => webhook.headers['webhook-id'])).size).toBe(1);

    receiver.answer = 200;
    const again = await staff({ method: 'POST', url: `/api/resellers/${resellerId}/webhook-deliveries/${delivery.id}/retry` });
    expect(again.json()).toMatchObject({ status: 'pending', attempts: 0, bookingReference: held.supplierReference });
    await deliverAll();
    [delivery] = (await deliveries()).filter((one) => one.bookingId === held.id);
    expect(delivery).toMatchObject({ status: 'delivered', responseStatus: 200 });
    expect((await staff({ method: 'POST', url: `/api/resellers/${resellerId}/webhook-deliveries/${delivery.id}/retry` })).statusCode).toBe(409);
    receiver.answer = 204;
  });

  it('sends one booking’s changes in order: the next waits for the one before', async () => {
    receiver.received.length = 0;
    receiver.answer = 503;
    const held = await reserve(await departure());
    await staff({ method: 'PATCH', url: `/api/bookings/${held.id}`, payload: { notes: 'first' } });
    await staff({ method: 'PATCH', url: `/api/bookings/${held.id}`, payload: { notes: 'second' } });
    await deliverAll();
    expect(receiver.received).toHaveLength(1);
    receiver.answer = 204;
    await advance(RETRY_DELAYS_S[0] * 1000);
    await deliverAll();
    expect(receiver.received).toHaveLength(3);
    const ids = receiver.received.map((webhook) => webhook.headers['webhook-id']);
    expect(ids[1]).toBe(ids[0]);
    expect(ids[2]).not.toBe(ids[0]);
  });

  it('sends each delivery once when two senders (two instances) look at the same time', async () => {
    receiver.received.length = 0;
    const second = await createTestApp({ database: t.database, env: { DATA_DIR: t.dataDir, ...ENV }, now: t.clock.now });
    try {
      const on = await departure({ capacity: 30 });
      const held = await Promise.all(Array.from({ length: 8 }, () => reserve(on)));
      await staff({ method: 'POST', url: `/api/departures/${on.id}/cancel`, payload: { reason: 'Fog' } });
      await Promise.all([deliverAll(), (async () => {
        while ((await second.app.webhooks.deliverDue()) > 0);
      })()]);
      expect(receiver.received).toHaveLength(8);
      expect(new Set(receiver.received.map((webhook) => webhook.headers['webhook-id'])).size).toBe(8);
      expect(held).toHaveLength(8);
    } finally {
      await second.close();
    }
  });

  it('gives up on an endpoint that hangs after WEBHOOK_TIMEOUT, while the server answers everyone else', async () => {
    receiver.received.length = 0;
    receiver.answer = 'hang';
    const held = await reserve(await departure());
    await staff({ method: 'POST', url: `/api/bookings/${held.id}/cancel`, payload: { reason: 'Closed' } });
    const started = Date.now();
    const sending = deliverAll();
    // Meanwhile the office works as usual.
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(500);
    await sending;
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    const [delivery] = (await deliveries()).filter((one) => one.bookingId === held.id);
    expect(delivery).toMatchObject({ status: 'pending', attempts: 1, responseStatus: null });
    expect(delivery.error).toMatch(/no answer within 1 s/);
    receiver.answer = 204;
  });

  it('never calls a private or loopback address unless allowed, whatever the URL was when saved', async () => {
    const strict = await createTestApp({ database: t.database, env: { DATA_DIR: t.dataDir, ...ENV, WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'false' }, now: t.clock.now });
    try {
      receiver.received.length = 0;
      const held = await reserve(await departure());
      await staff({ method: 'POST', url: `/api/bookings/${held.id}/cancel`, payload: { reason: 'Test' } });
      while ((await strict.app.webhooks.deliverDue()) > 0);
      expect(receiver.received).toHaveLength(0);
      const [delivery] = (await deliveries()).filter((one) => one.bookingId === held.id);
      expect(delivery.error).toMatch(/not https|does not call/);
    } finally {
      await strict.close();
    }
  });
});

describe('housekeeping', () => {
  it('deletes deliveries received more than 30 days ago, and keeps failed ones', async () => {
    const before = await deliveries();
    expect(before.some((delivery) => delivery.status === 'delivered')).toBe(true);
    await advance(31 * 86_400_000);
    const deleted = await t.app.webhooks.purgeDelivered(30);
    expect(deleted).toBe(before.filter((delivery) => delivery.status === 'delivered').length);
    const after = await deliveries();
    expect(after.every((delivery) => delivery.status !== 'delivered')).toBe(true);
    expect(after.length).toBe(before.length - deleted);
  });
});

describe('the monthly statement', () => {
  it('lists the reseller’s confirmed and cancelled bookings of the month, with commission, net and totals', async () => {
    const on = await departure();
    const a = await reserve(on, { resellerReference: 'ST-1', unitItems: [{ unitId: 'adult' }, { unitId: 'child' }] });
    await octo('POST', `/bookings/${a.uuid}/confirm`, { contact: { firstName: 'Ada', lastName: 'Lovelace' } });
    const b = await reserve(on, { resellerReference: 'ST-2' });
    await octo('POST', `/bookings/${b.uuid}/confirm`, { contact: { fullName: 'Alan Turing', firstName: 'Alan', lastName: 'Turing' } });
    await octo('POST', `/bookings/${b.uuid}/cancel`, {});
    await reserve(on, { resellerReference: 'ST-3' });
    const month = on.startDate.slice(0, 7);
    const response = await staff({ method: 'GET', url: `/api/resellers/${resellerId}/statement.csv?month=${month}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(new RegExp(`statement-reseller-.*-${month}\\.csv`));
    const lines = response.body.replace(/^\uFEFF/, '').trim().split('\n');
    expect(lines[0]).toBe('reference,reseller_reference,tour,departure_date,status,travellers,currency,total,commission,net');
    const st1 = lines.find((line) => line.includes(',ST-1,'))!;
    expect(st1.split(',').slice(4)).toEqual(['confirmed', '2', 'EUR', '150.00', '15.00', '135.00']);
    expect(lines.find((line) => line.includes(',ST-2,'))!.split(',').slice(4)).toEqual(['cancelled', '1', 'EUR', '0.00', '0.00', '0.00']);
    expect(lines.some((line) => line.includes(',ST-3,'))).toBe(false);
    expect(lines.at(-1)!.startsWith('TOTAL EUR,')).toBe(true);
    expect((await staff({ method: 'GET', url: `/api/resellers/${resellerId}/statement.csv?month=2030-13` })).statusCode).toBe(400);
  });
});
