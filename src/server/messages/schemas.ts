/** The message routes' schemas: the contract's (src/shared/contract/messages.ts) plus what each route may answer. */
import Type from 'typebox';
import {
  MessageKindSchema,
  MessageListSchema,
  MessagePreviewInputSchema,
  MessagePreviewSchema,
  MessageSchema,
  MessageTemplateInputSchema,
  MessageTemplateSchema,
  ResendMessageSchema,
} from '../../shared/contract/messages.js';
import { AUTHENTICATED_ERRORS, errorResponses, IdParamsSchema } from '../http/schemas.js';

const tags = ['messages'];
const security = [{ bearerAuth: [] }];
const KindParamsSchema = Type.Object({ kind: MessageKindSchema });

export const bookingMessagesSchema = {
  tags,
  security,
  summary: 'The messages of a booking',
  description:
    'Needs `bookings.read` and a role that sees money (403 for one that does not, such as GUIDE). What went to the customer (or is queued, or failed, with the reason), newest first. Messages go by themselves: ' +
    'booking confirmed (the voucher attached), payment or refund received, balance reminders (7 days before it is due and on the day), ' +
    'departure reminder (3 days before), booking cancelled; in the customer’s language; never for a reseller’s booking or an erased customer.',
  params: IdParamsSchema,
  response: { 200: MessageListSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
};

export const resendMessageSchema = {
  tags,
  security,
  summary: 'Send a kind of message again now',
  description: 'Needs `bookings.update`. Queued at once and sent within seconds. A reseller’s booking, a contact without an e-mail or an erased customer is 409.',
  params: IdParamsSchema,
  body: ResendMessageSchema,
  response: { 201: MessageSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404, 409) },
};

export const listTemplatesSchema = {
  tags,
  security,
  summary: 'The message templates',
  description: 'Needs `messages.manage`. Every kind, with its switch and its subject and text in English and German (the product’s own until changed).',
  response: { 200: Type.Array(MessageTemplateSchema), ...errorResponses(...AUTHENTICATED_ERRORS) },
};

export const getTemplateSchema = {
  tags,
  security,
  summary: 'A kind’s template',
  description: 'Needs `messages.manage`.',
  params: KindParamsSchema,
  response: { 200: MessageTemplateSchema, ...errorResponses(...AUTHENTICATED_ERRORS) },
};

export const putTemplateSchema = {
  tags,
  security,
  summary: 'Change a kind’s template',
  description:
    'Needs `messages.manage`. Texts are plain text with placeholders such as {{booking.reference}}; a placeholder the product does not know is ' +
    '400 on its field. The HTML part of each mail is made from the text with every value escaped, so a template cannot add markup. Audited.',
  params: KindParamsSchema,
  body: MessageTemplateInputSchema,
  response: { 200: MessageTemplateSchema, ...errorResponses(...AUTHENTICATED_ERRORS) },
};

export const previewTemplateSchema = {
  tags,
  security,
  summary: 'A kind written for a real booking',
  description: 'Needs `messages.manage`. The subject, text and HTML as the message would go now, in the language given.',
  params: KindParamsSchema,
  body: MessagePreviewInputSchema,
  response: { 200: MessagePreviewSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
};

export const customerMessagesSchema = {
  tags,
  security,
  summary: 'The messages sent to a customer',
  description: 'Needs `customers.read`. The messages of all their bookings (the latest 200), newest first.',
  params: IdParamsSchema,
  response: { 200: MessageListSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
};
