/** /api/tours/{id}/seasons, /price-rules and /price-quote: thin routes over app.pricing and the price finder. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { PriceQuote } from '../../shared/contract/pricing.js';
import { priceBooking } from '../../shared/booking-price.js';
import { findPricesFor } from '../../shared/pricing.js';
import { originOf, requireUser } from '../auth/guard.js';
import { httpErrors } from '../http/errors.js';
import {
  createPromoCodeSchema,
  getPromoCodeSchema,
  getRulesSchema,
  getSeasonsSchema,
  listPromoCodesSchema,
  priceQuoteSchema,
  promoCodeBookingsSchema,
  putRulesSchema,
  putSeasonsSchema,
  updatePromoCodeSchema,
} from './schemas.js';

const CATEGORIES = ['ADULT', 'CHILD', 'INFANT'] as const;

export const pricingRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const tourOr404 = async (id: string) => {
    const tour = await app.tours.get(id);
    if (!tour) throw httpErrors.notFound('No tour with this id.');
    return tour;
  };

  app.get('/tours/:id/seasons', { schema: getSeasonsSchema, onRequest: requireUser('tours.read') }, async (request) => {
    await tourOr404(request.params.id);
    return app.pricing.seasons(request.params.id);
  });

  app.put('/tours/:id/seasons', { schema: putSeasonsSchema, onRequest: requireUser('pricing.manage') }, async (request) => {
    const tour = await tourOr404(request.params.id);
    return app.pricing.saveSeasons(tour, request.body, originOf(request));
  });

  app.get('/tours/:id/price-rules', { schema: getRulesSchema, onRequest: requireUser('tours.read') }, async (request) => {
    await tourOr404(request.params.id);
    return app.pricing.rules(request.params.id);
  });

  app.put('/tours/:id/price-rules', { schema: putRulesSchema, onRequest: requireUser('pricing.manage') }, async (request) => {
    const tour = await tourOr404(request.params.id);
    return app.pricing.saveRules(tour, request.body, originOf(request));
  });

  app.post('/tours/:id/price-quote', { schema: priceQuoteSchema, onRequest: requireUser('tours.read') }, async (request): Promise<PriceQuote> => {
    const body = request.body;
    const departure = await app.departures.forSale(app.db, body.departureId);
    if (!departure || departure.tour_id !== request.params.id) throw httpErrors.notFound('No departure of this tour with this id.');
    const counts = { ADULT: body.travellers.ADULT ?? 0, CHILD: body.travellers.CHILD ?? 0, INFANT: body.travellers.INFANT ?? 0 };
    if (counts.ADULT + counts.CHILD + counts.INFANT === 0) throw httpErrors.validation({ travellers: 'must count at least one traveller' });
    const bookedAt = body.bookedAt === undefined ? departure.priced_at.getTime() : Date.parse(body.bookedAt);
    const travellers = CATEGORIES.flatMap((category) => Array.from({ length: counts[category] }, () => ({ category })));
    const found = findPricesFor(departure.pricing_terms, departure.starts_at.getTime(), bookedAt, travellers);
    const promo =
      body.promoCode === undefined
        ? null
        : await app.promoCodes.check(body.promoCode, {
            tourId: departure.tour_id,
            currency: departure.currency,
            startDate: departure.start_date,
            timeZone: departure.time_zone,
            travellers: travellers.length,
            channel: body.channel ?? 'office',
            at: new Date(bookedAt),
          });
    // Lines as a booking adds them up (shared/booking-price.ts); a category not sold is named by the category asked for.
    const price = priceBooking({ travellers }, { prices: found.prices, listPrices: found.listPrices, rule: found.rule, singleSupplementMinor: null, promo: promo?.terms ?? null }, []);
    // `travellers.{index}.category` as priced, `travellers.{category}` as asked.
    const problems = Object.fromEntries(Object.entries(price.problems).map(([field, problem]) => [`travellers.${travellers[Number(field.split('.')[1])]!.category}`, problem]));
    if (Object.keys(problems).length > 0) throw httpErrors.validation(problems);
    const lines = price.lines.flatMap((line) =>
      line.kind === 'travellers' ? [{ category: line.category, quantity: line.quantity, listPriceMinor: found.listPrices[line.category]!, unitPriceMinor: line.unitPriceMinor, discountMinor: found.listPrices[line.category]! - line.unitPriceMinor, amountMinor: line.amountMinor }] : [],
    );
    return {
      departureId: departure.id,
      currency: departure.currency,
      bookedAt: new Date(bookedAt).toISOString(),
      basis: found.basis,
      season: found.season,
      rule: found.rule,
      promoCode: price.promo,
      lines,
      listTotalMinor: price.totalMinor + price.discountMinor,
      promoDiscountMinor: price.promoDiscountMinor,
      discountMinor: price.discountMinor,
      totalMinor: price.totalMinor,
    };
  });

  app.get('/promo-codes', { schema: listPromoCodesSchema, onRequest: requireUser('pricing.manage') }, async (request) => app.promoCodes.list(request.query));

  app.get('/promo-codes/:id', { schema: getPromoCodeSchema, onRequest: requireUser('pricing.manage') }, async (request) => {
    const code = await app.promoCodes.get(request.params.id);
    if (!code) throw httpErrors.notFound('No promo code with this id.');
    return code;
  });

  app.get('/promo-codes/:id/bookings', { schema: promoCodeBookingsSchema, onRequest: requireUser('pricing.manage') }, async (request) => {
    if (!(await app.promoCodes.get(request.params.id))) throw httpErrors.notFound('No promo code with this id.');
    return app.promoCodes.bookings(request.params.id, request.query);
  });

  app.post('/promo-codes', { schema: createPromoCodeSchema, onRequest: requireUser('pricing.manage') }, async (request, reply) => {
    return reply.code(201).send(await app.promoCodes.create(request.body, originOf(request)));
  });

  app.patch('/promo-codes/:id', { schema: updatePromoCodeSchema, onRequest: requireUser('pricing.manage') }, async (request) => {
    return app.promoCodes.update(request.params.id, request.body, originOf(request));
  });
};
