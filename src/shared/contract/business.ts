/**
 * The business: who the customer deals with. Its name, e-mail, phone, postal address and website are
 * printed on vouchers, signed under every e-mail, named as the e-mails' sender and given to resellers
 * as OCTO's supplier. Kept in the database and changed on the Business screen; the BUSINESS_*
 * environment variables only fill it on the first start.
 */
import Type, { type Static } from 'typebox';
import { NullableIsoDateTimeSchema } from './common.js';

export const BUSINESS_RULES = {
  name: { maxLength: 120 },
  email: { maxLength: 254 },
  phone: { maxLength: 40 },
  /** Up to four lines, as printed on a voucher. */
  address: { maxLength: 300 },
  addressLines: 4,
  website: { maxLength: 300 },
} as const;

const text = (rules: { maxLength: number }, description: string) => Type.Union([Type.String({ ...rules, description }), Type.Null()]);

export const BusinessSchema = Type.Object(
  {
    name: Type.Union([Type.String(), Type.Null()], { description: 'null until it is set: e-mails are then signed by no one' }),
    email: Type.Union([Type.String(), Type.Null()]),
    phone: Type.Union([Type.String(), Type.Null()]),
    address: Type.Union([Type.String(), Type.Null()], { description: 'Lines separated by a line break' }),
    website: Type.Union([Type.String(), Type.Null()]),
    updatedAt: NullableIsoDateTimeSchema,
  },
  { title: 'Business' },
);
export type Business = Static<typeof BusinessSchema>;

export const BusinessUpdateSchema = Type.Object(
  {
    name: text(BUSINESS_RULES.name, 'The name customers know the business by'),
    email: text(BUSINESS_RULES.email, 'Where customers write; replies to the e-mails go here'),
    phone: text(BUSINESS_RULES.phone, 'Printed on vouchers and in the departure reminder'),
    address: text(BUSINESS_RULES.address, `At most ${BUSINESS_RULES.addressLines} lines`),
    website: text(BUSINESS_RULES.website, 'http or https'),
  },
  { additionalProperties: false },
);
export type BusinessUpdate = Static<typeof BusinessUpdateSchema>;
