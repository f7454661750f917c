/**
 * A customer's own cancellation and `kill -9` on the embedded database: the cancellation commits
 * with its card refund written, Stripe makes the refund, and the server is killed before Stripe's
 * answer reaches it. After a restart on the same DATA_DIR the jobs' round asks Stripe again with the
 * same idempotency key, Stripe answers the refund it made, and it is recorded once; Stripe's own
 * refund event, delivered twice after that, records nothing more. The customer's card is refunded
 * once, and the booking says so.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { startStripeDouble, type StripeDouble } from '../helpers/stripe-double.js';
import { call, signIn, startServer, waitUntil, type ServerProcess } from './harness.js';

let dataDir: string;
let stripe: StripeDouble;
let server: (ServerProcess & { startMs: number }) | null = null;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'bo-faults-refunds-'));
  stripe = await startStripeDouble();
});
afterAll(async () => {
  server?.child.kill('SIGKILL');
  await stripe?.close();
  await rm(dataDir, { recursive: true, force: true });
});

// The jobs' round every second, so that the refund left unanswered is asked again soon after the restart.
const ENV = () => ({ DATA_DIR: dataDir, JOBS_INTERVAL: '1s', ...stripe.env });

test('a refund whose answer the killed server never heard is asked again after the restart and recorded once', async () => {
  server = await startServer(ENV());
  let baseUrl = server.baseUrl;
  stripe.webhookUrl = `${baseUrl}/api/payments/stripe/webhook`;
  const token = await signIn(baseUrl);
  const tour = await call(baseUrl, 'tours', {
    method: 'POST',
    token,
    body: { code: 'REFUND-CRASH', title: 'Refund crash', timeZone: 'UTC', currency: 'EUR', durationDays: 1, status: 'published', bookingCutoffHours: 0, prices: { ADULT: 12_000, CHILD: null, INFANT: null }, selfService: { cancel: true, change: false, untilHours: 24 } },
  });
  expect(tour.status, JSON.stringify(tour.body)).toBe(201);
  const startDate = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
  const departure = await call(baseUrl, 'departures', { method: 'POST', token, body: { tourId: (tour.body as { id: string }).id, startDate, startTime: '09:00', capacity: 10 } });
  const booked = await call(baseUrl, 'bookings', {
    method: 'POST',
    token,
    body: { departureId: (departure.body as { id: string }).id, status: 'confirmed', contact: { name: 'Refund Crash', email: 'refund.crash@crash.test' }, travellers: [{ category: 'ADULT', firstName: 'Refund', lastName: 'Crash' }] },
  });
  expect(booked.status).toBe(201);
  const bookingId = (booked.body as { id: string }).id;
  const link = await call(baseUrl, `bookings/${bookingId}/manage-link`, { token });
  const own = new URL((link.body as { url: string }).url).pathname.split('/').at(-1)!;

  // The whole price paid by card from the customer's page.
  const page = await call(baseUrl, `shop/manage/${own}/pay`, { method: 'POST', body: {} });
  const sessionId = /\/c\/pay\/(cs_test_\w+)$/.exec((page.body as { url: string }).url)![1]!;
  expect(await stripe.pay(sessionId)).toBe(200);
  const intent = stripe.sessions.get(sessionId)!.payment_intent!;

  // Stripe makes the refund; the server is killed before its answer arrives.
  const killed = server;
  stripe.beforeRefundAnswer = async () => {
    stripe.beforeRefundAnswer = null;
    killed.child.kill('SIGKILL');
    await killed.exited;
  };
  const cancelled = await call(baseUrl, `shop/manage/${own}/cancel`, { method: 'POST' }).catch(() => null);
  expect(cancelled, 'the customer’s request died with the server').toBeNull();
  expect([...stripe.refunds.values()].filter((refund) => refund.payment_intent === intent)).toHaveLength(1);

  server = await startServer(ENV());
  baseUrl = server.baseUrl;
  stripe.webhookUrl = `${baseUrl}/api/payments/stripe/webhook`;
  const staff = await signIn(baseUrl);
  const refundsRecorded = async () => ((await call(baseUrl, `bookings/${bookingId}/payments`, { token: staff })).body as { data: { kind: string; amountMinor: number; reference: string }[] }).data.filter((payment) => payment.kind === 'refund');
  await waitUntil(async () => (await refundsRecorded()).length > 0, 20_000, 200);

  const [refund] = [...stripe.refunds.values()].filter((one) => one.payment_intent === intent);
  const asked = stripe.refundRequests.filter((request) => request.params.payment_intent === intent).map((request) => request.idempotencyKey);
  // Stripe's own event for it, twice: recorded already.
  const event = stripe.refundEvent(refund!.id, 'succeeded');
  expect(await stripe.deliver(event)).toBe(200);
  expect(await stripe.deliver(event)).toBe(200);
  const recorded = await refundsRecorded();
  const booking = (await call(baseUrl, `bookings/${bookingId}`, { token: staff })).body as { status: string; paidMinor: number; refundedMinor: number };
  console.log(`refund under kill -9: the cancellation committed, Stripe made 1 refund of ${refund!.amount}, asked ${asked.length} times with ${new Set(asked).size} key; recorded ${recorded.length} refund (${recorded.map((one) => one.amountMinor).join(', ')}); booking ${booking.status}, paid ${booking.paidMinor}, refunded ${booking.refundedMinor}`);
  expect([...stripe.refunds.values()].filter((one) => one.payment_intent === intent)).toHaveLength(1);
  expect(asked.length).toBeGreaterThanOrEqual(2);
  expect(new Set(asked).size).toBe(1);
  expect(recorded).toEqual([expect.objectContaining({ amountMinor: 12_000, reference: refund!.id })]);
  expect(booking).toMatchObject({ status: 'cancelled', paidMinor: 0, refundedMinor: 12_000 });
});
