/**
 * The shop's routes: its settings for the office (/api/shop-settings) and its public API
 * (/api/shop), which anyone may call without a session.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SHOP_RULES } from '../../shared/contract/shop.js';
import { addDays } from '../../shared/local-time.js';
import { originOf, requireUser } from '../auth/guard.js';
import { httpErrors } from '../http/errors.js';
import type { OnlineTour } from './catalogue.js';
import { AVAILABILITY_CACHE, CATALOGUE_CACHE, cachedJson } from './http-cache.js';
import { funnel } from './funnel.js';
import { manageLinkHolds } from './manage-links.js';
import { bookingManageLinkSchema, shopFunnelSchema, getShopSettingsSchema, getShopTourSchema, listShopToursSchema, shopAvailabilitySchema, updateShopSettingsSchema } from './schemas.js';

export const shopOfficeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/shop/funnel', { schema: shopFunnelSchema, onRequest: requireUser('shop.manage') }, async (request) => ({
    data: await funnel(app.db, app.now(), app.config.businessTimeZone, request.query.days ?? 30),
  }));

  // The link a booking's confirmation carries, for staff to copy (a customer on the phone who lost the e-mail).
  app.get('/bookings/:id/manage-link', { schema: bookingManageLinkSchema, onRequest: requireUser('bookings.update') }, async (request) => {
    const booking = await app.bookings.get(request.params.id);
    if (!booking) throw httpErrors.notFound('No booking with this id.');
    if (booking.resellerId !== null) throw httpErrors.conflict('A reseller’s booking has no page of its own for the customer: the reseller speaks to its customers.');
    // A link that no longer opens the booking is not handed out as if it did.
    const tour = await app.tours.get(booking.tourId);
    if (tour && !manageLinkHolds(booking, tour.durationDays, new Date(app.now()))) throw httpErrors.conflict('This booking’s own page has closed: its link holds until 30 days after the trip.');
    // In the customer's language, as their e-mails carry it (a German customer's page opens in German).
    const customer = booking.customerId ? await app.customers.get(booking.customerId) : null;
    return { url: await app.shop.manageLinks.url(booking.id, customer?.language === 'de' ? 'de' : null) };
  });

  app.get('/shop-settings', { schema: getShopSettingsSchema, onRequest: requireUser('shop.manage') }, async () => app.shop.settings.get());

  app.put('/shop-settings', { schema: updateShopSettingsSchema, onRequest: requireUser('shop.manage') }, async (request) =>
    app.shop.settings.update(request.body, originOf(request)),
  );
};

export const shopPublicRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // The catalogue is public and read without credentials: the widget on the operator's website
  // reads it from another origin. The carts are not: only the shop's own pages hold a cart.
  app.addHook('onSend', async (request, reply) => {
    if (request.method === 'GET' && request.url.startsWith('/api/shop/tours')) reply.header('access-control-allow-origin', '*');
  });

  /** The tour by its code when the shop sells and the tour is sold online; else 404 as for no tour at all. */
  const onlineTour = async (code: string): Promise<OnlineTour> => {
    const settings = await app.shop.settings.current();
    const found = settings.enabled ? await app.shop.catalogue.find(code) : null;
    if (!found) throw httpErrors.notFound('No such tour.');
    return found;
  };

  app.get('/tours', { schema: listShopToursSchema }, async (request, reply) => {
    const settings = await app.shop.settings.current();
    if (!settings.enabled) throw httpErrors.notFound('The online shop is closed.');
    return cachedJson(request, reply, { data: await app.shop.catalogue.tours() }, CATALOGUE_CACHE);
  });

  app.get('/tours/:code', { schema: getShopTourSchema }, async (request, reply) => {
    const found = await onlineTour(request.params.code);
    return cachedJson(request, reply, await app.shop.catalogue.tour(found), CATALOGUE_CACHE);
  });

  app.get('/tours/:code/availability', { schema: shopAvailabilitySchema }, async (request, reply) => {
    const { from, to } = request.query;
    if (to < from) throw httpErrors.validation({ to: 'must not be before from' });
    if (to > addDays(from, SHOP_RULES.availabilityDays - 1)) throw httpErrors.validation({ to: `must be at most ${SHOP_RULES.availabilityDays} days after from` });
    const found = await onlineTour(request.params.code);
    const settings = await app.shop.settings.current();
    return cachedJson(request, reply, { data: await app.shop.catalogue.availability(found, { from, to }, settings) }, AVAILABILITY_CACHE);
  });
};
