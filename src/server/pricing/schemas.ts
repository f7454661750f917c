/** The pricing routes' schemas: the contract's (src/shared/contract/pricing.ts) plus what each route may answer. */
import Type from 'typebox';
import { PageSchema, PageSizeSchema } from '../../shared/contract/common.js';
import { PriceQuoteRequestSchema, PriceQuoteSchema, PriceRulesSchema, SeasonsSchema } from '../../shared/contract/pricing.js';
import { NewPromoCodeSchema, PromoCodeBookingsSchema, PromoCodeListQuerySchema, PromoCodeListSchema, PromoCodePatchSchema, PromoCodeSchema } from '../../shared/contract/promo-codes.js';
import { AUTHENTICATED_ERRORS, errorResponses, IdParamsSchema } from '../http/schemas.js';

const tags = ['pricing'];
const security = [{ bearerAuth: [] }];

export const getSeasonsSchema = {
  tags,
  security,
  summary: 'A tour’s seasons',
  description: 'Needs `tours.read`. In the order they were saved.',
  params: IdParamsSchema,
  response: { 200: SeasonsSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
};

export const putSeasonsSchema = {
  tags,
  security,
  summary: 'Replace a tour’s seasons',
  description:
    'Needs `pricing.manage`. Dates inclusive, local to the tour’s zone. Two seasons that overlap are 400 naming both (`1.from`, `0.to`). ' +
    'A departure staff did not price is listed at the price of the season holding its start date, else at the tour’s. Bookings made keep their prices.',
  params: IdParamsSchema,
  body: SeasonsSchema,
  response: { 200: SeasonsSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
};

export const getRulesSchema = {
  tags,
  security,
  summary: 'A tour’s price rules',
  description: 'Needs `tours.read`.',
  params: IdParamsSchema,
  response: { 200: PriceRulesSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
};

export const putRulesSchema = {
  tags,
  security,
  summary: 'Replace a tour’s price rules',
  description:
    'Needs `pricing.manage`. Early bird (booked at least `daysBefore` days before the start), last minute (at most `hoursBefore` hours before), ' +
    'group (at least `minTravellers` paying travellers). At most one active rule of each kind (400). Of the rules that apply to a booking, the ' +
    'one with the largest discount is given; they never add up. Each price is rounded to the currency’s minor unit, half away from zero.',
  params: IdParamsSchema,
  body: PriceRulesSchema,
  response: { 200: PriceRulesSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
};

export const priceQuoteSchema = {
  tags,
  security,
  summary: 'The price of a booking, as it would be made',
  description:
    'Needs `tours.read`. The lines of a booking of these travellers on the departure (one of this tour), at `bookedAt` (now when left out): ' +
    'list price (the departure’s own, else its season’s, else the tour’s), the rule applied, the price charged and the total. Nothing is written. ' +
    'A category the departure does not sell is 400.',
  params: IdParamsSchema,
  body: PriceQuoteRequestSchema,
  response: { 200: PriceQuoteSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
};

const promoTags = ['pricing'];

export const listPromoCodesSchema = {
  tags: promoTags,
  security,
  summary: 'Promo codes',
  description: 'Needs `pricing.manage`. `q` finds codes containing it (any case); `tourId` the codes that hold for that tour (theirs and those for every tour).',
  querystring: PromoCodeListQuerySchema,
  response: { 200: PromoCodeListSchema, ...errorResponses(...AUTHENTICATED_ERRORS) },
};

export const getPromoCodeSchema = {
  tags: promoTags,
  security,
  summary: 'A promo code, with its uses and what it gave',
  description: 'Needs `pricing.manage`.',
  params: IdParamsSchema,
  response: { 200: PromoCodeSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
};

export const promoCodeBookingsSchema = {
  tags: promoTags,
  security,
  summary: 'The bookings made with a promo code',
  description: 'Needs `pricing.manage`. Newest first, each with what the code took off it; cancelled and expired ones too (they hold no use).',
  params: IdParamsSchema,
  querystring: Type.Object({ page: Type.Optional(PageSchema), pageSize: Type.Optional(PageSizeSchema) }),
  response: { 200: PromoCodeBookingsSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
};

export const createPromoCodeSchema = {
  tags: promoTags,
  security,
  summary: 'Make a promo code',
  description:
    'Needs `pricing.manage`; audited. A booking (office, shop cart, OCTO where `channels` allows) may carry one code, taken off after the tour’s price rule, each step rounded to the ' +
    'currency’s minor unit (half away from zero), never below 0. `appliesTo: traveller` takes it off each traveller’s price; `booking` off the whole booking once (travellers, extras and single rooms). ' +
    'An amount needs `currency` and holds only for tours priced in it. `minTravellers` counts every traveller of the booking. Booking dates given as YYYY-MM-DD are whole days in the tour’s zone. ' +
    'A code taken already in any case is 400 on `code`.',
  body: NewPromoCodeSchema,
  response: { 201: PromoCodeSchema, ...errorResponses(...AUTHENTICATED_ERRORS) },
};

export const updatePromoCodeSchema = {
  tags: promoTags,
  security,
  summary: 'Change a promo code',
  description: 'Needs `pricing.manage`; audited (as deactivated when `active` turns false). Bookings made with it keep the terms they were sold with.',
  params: IdParamsSchema,
  body: PromoCodePatchSchema,
  response: { 200: PromoCodeSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
};
