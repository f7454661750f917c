/** The shop routes' schemas: the contract's (src/shared/contract/shop.ts) plus what each route may answer. */
import Type from 'typebox';
import {
  ShopAvailabilityQuerySchema,
  ShopAvailabilitySchema,
  ShopLangQuerySchema,
  ShopSettingsSchema,
  ShopSettingsUpdateSchema,
  ShopTourListSchema,
  ShopTourSchema,
  SHOP_RULES,
} from '../../shared/contract/shop.js';
import { AUTHENTICATED_ERRORS, errorResponses } from '../http/schemas.js';

const officeTags = ['shop'];
const publicTags = ['shop'];
const security = [{ bearerAuth: [] }];

export const getShopSettingsSchema = {
  tags: officeTags,
  security,
  summary: 'The online shop’s settings',
  description: 'Needs `shop.manage`. The defaults until the Online sales screen first saves them: enabled, holds of 30 minutes, no paying later, no website allowed to frame the checkout, exact seats shown from 10 left.',
  response: { 200: ShopSettingsSchema, ...errorResponses(...AUTHENTICATED_ERRORS) },
};

export const updateShopSettingsSchema = {
  tags: officeTags,
  security,
  summary: 'Change the online shop’s settings',
  description:
    'Needs `shop.manage`. Every field is sent. `embedOrigins` are web sites’ origins (`https://www.example.com`, no path; `http://` only for localhost and 127.0.0.1): ' +
    '400 naming each one that is not. Duplicates are kept once. Audited as shop.settings_updated.',
  body: ShopSettingsUpdateSchema,
  response: { 200: ShopSettingsSchema, ...errorResponses(...AUTHENTICATED_ERRORS) },
};

const publicNote =
  'No session, no cookie: anyone may call it. `lang=en|de` (or Accept-Language) picks the language of refusals. With the shop disabled, or for a tour ' +
  'that is not published and bookable online, 404 NOT_FOUND as for a tour that does not exist. Cached by browsers and CDNs (see Cache-Control), with an ETag answering 304.';

export const listShopToursSchema = {
  tags: publicTags,
  security: [],
  summary: 'The tours sold online',
  description: `${publicNote} By title; at most 500.`,
  querystring: ShopLangQuerySchema,
  response: { 200: ShopTourListSchema, ...errorResponses(400, 404) },
};

const CodeParamsSchema = Type.Object({ code: Type.String({ maxLength: 64 }) });

export const getShopTourSchema = {
  tags: publicTags,
  security: [],
  summary: 'A tour sold online',
  description: `${publicNote} Its public fields only: no cost, supplier or staff note. \`extras\` are its optional components with a price.`,
  params: CodeParamsSchema,
  querystring: ShopLangQuerySchema,
  response: { 200: ShopTourSchema, ...errorResponses(400, 404) },
};

export const shopAvailabilitySchema = {
  tags: publicTags,
  security: [],
  summary: 'A tour’s departures and seats',
  description:
    `${publicNote} Departures starting on the local dates \`from\` to \`to\` (at most ${SHOP_RULES.availabilityDays} days: 400 past it) in the tour’s zone, by start; ` +
    'cancelled ones are not listed. CLOSED: past the booking cut-off, started or closed; SOLD_OUT: no seat; LIMITED: at most the shop’s `showSeatsBelow` seats, ' +
    'with `seatsLeft` exact; AVAILABLE: more, `seatsLeft` null. Cached a few seconds.',
  params: CodeParamsSchema,
  querystring: ShopAvailabilityQuerySchema,
  response: { 200: ShopAvailabilitySchema, ...errorResponses(400, 404) },
};
