/**
 * Selling in the operator's own shop, after the OCTO part (whose two products, with 100 and with
 * 10,000 departures, it puts on sale, with two seasons and two price rules): the office's
 * departures list of one tour and the shop's availability of one tour over 92 days, each at 100
 * and at 10,000 departures (the budgets: flat, ≤ 1.5×, every price found with the seasons and
 * rules in the same read), then 200 customers at once for the last 10 seats
 * of a departure (the budget: exactly 10 carts, the rest SOLD_OUT, the departure counting 10 held
 * seats); and a whole sale, cart → names → checkout → Stripe's paid event (a local double of
 * Stripe), from 50 callers on one departure, beside staff bookings on the same server (the budget:
 * at least 80% of the staff rate, every paid cart confirmed once). Answers the server it leaves
 * running.
 */
import { startStripeDouble } from '../../tests/helpers/stripe-double.ts';
import { warmed } from '../lib/load.ts';
import { onEngine, rate, row } from '../lib/report.ts';
import { signIn, startServer, type BenchServer } from '../lib/servers.ts';
import { DURATION, WARMUP } from '../lib/settings.ts';
import { load, settledSeats } from './octo.ts';

const RACERS = 200;
const LAST_SEATS = 10;

export async function shopRows(engine: string, running: BenchServer, baseEnv: Record<string, string>): Promise<BenchServer> {
  console.log(`\nbench: selling in the shop on the ${engine}`);
  onEngine(engine);
  // Every customer of the bench comes from one address: the per-address limits are not what is measured.
  await running.stop();
  // Stripe is a local double answering as Stripe does (its Checkout Sessions, its signed paid events).
  const stripe = await startStripeDouble();
  const server = await startServer({ ...baseEnv, ...stripe.env, SHOP_MAX_OPEN_CARTS: '1000', SHOP_MAX_HELD_SEATS: '100000', SHOP_CART_RATE: '100000' });
  stripe.webhookUrl = `${server.baseUrl}/api/payments/stripe/webhook`;
  try {
    return await measure(engine, server, stripe);
  } finally {
    await stripe.close();
  }
}

async function measure(engine: string, server: BenchServer, stripe: Awaited<ReturnType<typeof startStripeDouble>>): Promise<BenchServer> {
  const { token } = await signIn(server.baseUrl);
  const staff = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const tourOf = async (code: string) => {
    const found = (await (await fetch(`${server.baseUrl}/api/tours?q=${code}`, { headers: staff })).json()) as { data: { id: string; code: string }[] };
    const tour = found.data.find((one) => one.code === code);
    if (!tour) throw new Error(`${code}: the OCTO part seeds it; run that part first`);
    const online = await fetch(`${server.baseUrl}/api/tours/${tour.id}`, { method: 'PATCH', headers: staff, body: JSON.stringify({ bookableOnline: true }) });
    if (online.status !== 200) throw new Error(`${code}: ${online.status} ${await online.text()}`);
    return tour;
  };
  const small = await tourOf('OCTO-SMALL');
  const big = await tourOf('OCTO-BIG');
  // Prices that move, as an operator sets them: two seasons over the measured dates and an early
  // bird and a last minute, so every departure listed has its price found with them.
  for (const tour of [small, big]) {
    const seasons = [
      { name: 'Winter', from: '2027-10-01', to: '2028-02-15', prices: { ADULT: 90_000, CHILD: 45_000, INFANT: 0 } },
      { name: 'Spring', from: '2028-02-16', to: '2028-05-31', prices: { ADULT: 110_000, CHILD: 55_000, INFANT: 0 } },
    ];
    const rules = [
      { kind: 'early_bird', daysBefore: 60, percent: 10, active: true },
      { kind: 'last_minute', hoursBefore: 48, percent: 20, active: true },
    ];
    for (const [what, body] of [['seasons', seasons], ['price-rules', rules]] as const) {
      const saved = await fetch(`${server.baseUrl}/api/tours/${tour.id}/${what}`, { method: 'PUT', headers: staff, body: JSON.stringify(body) });
      if (saved.status !== 200) throw new Error(`${tour.code} ${what}: ${saved.status} ${await saved.text()}`);
    }
  }
  // The office's departures list of one tour, a page of 25 from a date (its prices found with each row).
  const listP50: Record<'small' | 'big', number> = { small: 0, big: 0 };
  for (const [size, tour, count] of [['small', small, 100], ['big', big, 10_000]] as const) {
    const result = await warmed({ url: `${server.baseUrl}/api/departures?tourId=${tour.id}&from=2028-01-01&sort=startsAt&order=ASC&pageSize=25`, headers: staff });
    if (result.errors > 0) throw new Error(`departures list ${tour.code}: ${result.errors} errors`);
    listP50[size] = result.p50;
    row(engine, `GET /api/departures?tourId (a page of 25, prices found with seasons and rules) of a tour with ${count.toLocaleString('en')} departures`, `${rate(result.rps)}, p50 ${result.p50} ms, p99 ${result.p99} ms`);
  }
  const listGrowth = listP50.big / Math.max(listP50.small, 0.5);
  row(engine, 'departures list p50 at 10,000 departures ÷ at 100', `${listGrowth.toFixed(2)}×`, '≤ 1.5×', listGrowth <= 1.5);

  const p50: Record<'small' | 'big', number> = { small: 0, big: 0 };
  for (const [size, code, count] of [['small', 'OCTO-SMALL', 100], ['big', 'OCTO-BIG', 10_000]] as const) {
    // With the seasons and rules above: each date's price is found with them.
    const result = await warmed({ url: `${server.baseUrl}/api/shop/tours/${code}/availability?from=2028-01-01&to=2028-04-01` });
    if (result.errors > 0) throw new Error(`shop availability ${code}: ${result.errors} errors`);
    p50[size] = result.p50;
    row(engine, `GET /api/shop/tours/{code}/availability (92 days) of a tour with ${count.toLocaleString('en')} departures`, `${rate(result.rps)}, p50 ${result.p50} ms, p99 ${result.p99} ms`);
  }
  const growth = p50.big / Math.max(p50.small, 0.5);
  row(engine, 'shop availability p50 at 10,000 departures ÷ at 100', `${growth.toFixed(2)}×`, '≤ 1.5×', growth <= 1.5);

  // The last seats: 200 customers at once, each asking for one.
  const made = await fetch(`${server.baseUrl}/api/departures`, { method: 'POST', headers: staff, body: JSON.stringify({ tourId: small.id, startDate: '2029-06-01', startTime: '10:00', capacity: LAST_SEATS }) });
  if (made.status !== 201) throw new Error(`departure: ${made.status} ${await made.text()}`);
  const departureId = ((await made.json()) as { id: string }).id;
  const statuses = new Map<number, number>();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: RACERS }, async () => {
      const answer = await fetch(`${server.baseUrl}/api/shop/carts`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ departureId, travellers: { ADULT: 1 } }) });
      await answer.arrayBuffer();
      statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const departure = (await (await fetch(`${server.baseUrl}/api/departures/${departureId}`, { headers: staff })).json()) as { seatsHeld: number; seatsConfirmed: number };
  const carts = statuses.get(201) ?? 0;
  const soldOut = statuses.get(409) ?? 0;
  const exact = carts === LAST_SEATS && soldOut === RACERS - LAST_SEATS && departure.seatsHeld === LAST_SEATS;
  row(
    engine,
    `${RACERS} customers at once for the last ${LAST_SEATS} seats of a departure (POST /api/shop/carts)`,
    `${carts} carts, ${soldOut} SOLD_OUT, ${[...statuses.entries()].filter(([status]) => status !== 201 && status !== 409).map(([status, n]) => `${n}×${status}`).join(', ') || 'no other answer'}; the departure holds ${departure.seatsHeld}; ${seconds.toFixed(1)} s`,
    `exactly ${LAST_SEATS}`,
    exact,
  );

  // A whole sale in the shop beside a clerk's: staff first, on a departure of their own, then
  // customers, each sending its next request when the last is answered (50 of each).
  const schedule = async (startDate: string): Promise<string> => {
    const answer = await fetch(`${server.baseUrl}/api/departures`, { method: 'POST', headers: staff, body: JSON.stringify({ tourId: small.id, startDate, startTime: '11:00', capacity: 10_000 }) });
    if (answer.status !== 201) throw new Error(`departure: ${answer.status} ${await answer.text()}`);
    return ((await answer.json()) as { id: string }).id;
  };
  const staffDeparture = await schedule('2029-07-01');
  const staffBooking = async () => {
    const answer = await fetch(`${server.baseUrl}/api/bookings`, {
      method: 'POST',
      headers: staff,
      body: JSON.stringify({ departureId: staffDeparture, status: 'confirmed', contact: { name: 'Bench Buyer', email: 'buyer@example.com' }, travellers: [{ category: 'ADULT', firstName: 'Bench', lastName: 'Buyer' }] }),
    });
    await answer.arrayBuffer();
    return answer.status === 201;
  };
  const shopDeparture = await schedule('2029-07-02');
  const json = { 'content-type': 'application/json' };
  // Where a sale's time goes, step by step (summed over every sale, shown beside the rate).
  const steps = { cart: 0, names: 0, checkout: 0, paid: 0 };
  const timed = async <T>(step: keyof typeof steps, work: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    try {
      return await work();
    } finally {
      steps[step] += performance.now() - started;
    }
  };
  const sale = async () => {
    const made = await timed('cart', () => fetch(`${server.baseUrl}/api/shop/carts`, { method: 'POST', headers: json, body: JSON.stringify({ departureId: shopDeparture, travellers: { ADULT: 1 } }) }));
    const cart = (await made.json()) as { cartId?: string };
    if (made.status !== 201 || !cart.cartId) return false;
    const named = await timed('names', () =>
      fetch(`${server.baseUrl}/api/shop/carts/${cart.cartId}`, {
        method: 'PATCH',
        headers: json,
        body: JSON.stringify({ contact: { name: 'Bench Shopper', email: 'shopper@example.com' }, travellers: [{ category: 'ADULT', firstName: 'Bench', lastName: 'Shopper' }] }),
      }),
    );
    await named.arrayBuffer();
    if (named.status !== 200) return false;
    const checkout = await timed('checkout', () => fetch(`${server.baseUrl}/api/shop/carts/${cart.cartId}/checkout`, { method: 'POST', headers: json, body: JSON.stringify({ pay: 'full' }) }));
    const page = (await checkout.json()) as { url?: string };
    const sessionId = page.url && /\/c\/pay\/(cs_test_\w+)$/.exec(page.url)?.[1];
    if (checkout.status !== 200 || !sessionId) return false;
    return (await timed('paid', () => stripe.pay(sessionId))) === 200;
  };
  const staffRun = await load(staffBooking, DURATION, { warmup: WARMUP });
  const sold = await load(sale, DURATION, { warmup: WARMUP });
  const seats = await settledSeats(server.baseUrl, staff, shopDeparture);
  const all = steps.cart + steps.names + steps.checkout + steps.paid;
  const share = (step: keyof typeof steps) => `${step} ${Math.round((steps[step] / all) * 100)}%`;
  row(
    engine,
    'a shop sale, cart → names → checkout → Stripe’s paid event, on one departure from 50 callers (sales a second)',
    `${rate(sold.rate)}, p50 ${sold.p50.toFixed(0)} ms a sale (4 requests and Stripe’s event); staff bookings on the same server by the same client ${rate(staffRun.rate)} (p50 ${staffRun.p50.toFixed(0)} ms); a sale's time: ${(['cart', 'names', 'checkout', 'paid'] as const).map(share).join(', ')}; ${seats.confirmed} confirmed of ${seats.booked} carts, ${seats.taken} seats taken, ${sold.failed} failed`,
    '≥ 80% of the staff rate; every paid cart confirmed',
    sold.rate >= 0.8 * staffRun.rate && sold.failed === 0 && seats.confirmed === seats.booked && seats.taken === seats.booked,
  );
  return server;
}
