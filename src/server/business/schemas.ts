/** The business routes' schemas: the contract's (src/shared/contract/business.ts) plus what each route may answer. */
import { BusinessSchema, BusinessUpdateSchema } from '../../shared/contract/business.js';
import { AUTHENTICATED_ERRORS, errorResponses } from '../http/schemas.js';

const tags = ['business'];
const security = [{ bearerAuth: [] }];

export const getBusinessSchema = {
  tags,
  security,
  summary: 'The business’s name and contact details',
  description:
    'Needs `business.manage`. What vouchers, e-mails (their signature, sender name and reply address), the departure reminder and OCTO’s supplier print. ' +
    'Filled from BUSINESS_NAME, BUSINESS_EMAIL, BUSINESS_PHONE, BUSINESS_ADDRESS and BUSINESS_WEBSITE at the first start; a field not set is null.',
  response: { 200: BusinessSchema, ...errorResponses(...AUTHENTICATED_ERRORS) },
};

export const updateBusinessSchema = {
  tags,
  security,
  summary: 'Change the business’s name and contact details',
  description:
    'Needs `business.manage`. Every field is sent: text is trimmed and a blank one saved as null. `email` must be an e-mail address, `phone` digits with spaces and + ( ) - . /, ' +
    '`address` at most four lines, `website` an http or https address (400 naming the field otherwise). Audited as business.updated; the next e-mail and voucher print it.',
  body: BusinessUpdateSchema,
  response: { 200: BusinessSchema, ...errorResponses(...AUTHENTICATED_ERRORS) },
};
