/**
 * OCTO's error answers: `{error, errorMessage, …}` with OCTO's codes, status 400 for what the
 * request asked (as OCTO's specification and validator expect), 401/403 for keys, 429 past the
 * rate. The rest of the product's errors (AppError) are translated here, so the bookings' and
 * departures' own rules answer in OCTO's words on this API.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, classifyError } from '../http/errors.js';

export type OctoErrorCode =
  | 'INVALID_PRODUCT_ID'
  | 'INVALID_OPTION_ID'
  | 'INVALID_UNIT_ID'
  | 'INVALID_AVAILABILITY_ID'
  | 'INVALID_BOOKING_UUID'
  | 'BAD_REQUEST'
  | 'UNPROCESSABLE_ENTITY'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'TOO_MANY_REQUESTS'
  | 'INTERNAL_SERVER_ERROR'
  | 'SERVICE_UNAVAILABLE'
  /** A promo code that does not apply, with its `reason` (the product's own code: OCTO has none for it). */
  | 'PROMO_CODE_INVALID';

export class OctoError extends Error {
  constructor(
    readonly statusCode: number,
    readonly error: OctoErrorCode,
    readonly errorMessage: string,
    /** OCTO's extra field of the code: productId, optionId, unitId, availabilityId or uuid. */
    readonly extra: Record<string, string> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(errorMessage);
    this.name = 'OctoError';
  }
}

export const octoErrors = {
  invalidProduct: (productId: string) => new OctoError(400, 'INVALID_PRODUCT_ID', 'No product with this id is offered to you.', { productId }),
  invalidOption: (optionId: string) => new OctoError(400, 'INVALID_OPTION_ID', 'The product has one option, DEFAULT.', { optionId }),
  invalidUnit: (unitId: string) => new OctoError(400, 'INVALID_UNIT_ID', 'The product sells no unit with this id.', { unitId }),
  invalidAvailability: (availabilityId: string) => new OctoError(400, 'INVALID_AVAILABILITY_ID', 'No availability of this product with this id.', { availabilityId }),
  invalidBooking: (uuid: string) => new OctoError(400, 'INVALID_BOOKING_UUID', 'No booking of yours with this uuid.', { uuid }),
  badRequest: (message: string) => new OctoError(400, 'BAD_REQUEST', message),
  unprocessable: (message: string) => new OctoError(400, 'UNPROCESSABLE_ENTITY', message),
  unauthorized: () => new OctoError(401, 'UNAUTHORIZED', 'Send a reseller API key: Authorization: Bearer <key>. This one is unknown or revoked.'),
  forbidden: () => new OctoError(403, 'FORBIDDEN', 'This reseller is not active: ask the operator to turn it on again.'),
  tooManyRequests: (retryAfter: number) => new OctoError(429, 'TOO_MANY_REQUESTS', `Too many requests for this key. Try again in ${retryAfter} second${retryAfter === 1 ? '' : 's'}.`, {}, { 'retry-after': String(retryAfter) }),
};

/** Any error as OCTO answers it. */
export function toOctoError(error: unknown, request: FastifyRequest): OctoError {
  if (error instanceof OctoError) return error;
  const app = classifyError(error as FastifyError, request);
  const fields = app.errors ? ` ${Object.entries(app.errors).map(([field, problem]) => `${field} ${problem}`).join('; ')}.` : '';
  switch (app.code) {
    case 'VALIDATION':
    case 'PAYLOAD_TOO_LARGE':
    case 'UNSUPPORTED_MEDIA_TYPE':
    case 'NOT_FOUND':
      return new OctoError(app.statusCode === 413 || app.statusCode === 415 || app.statusCode === 414 ? app.statusCode : 400, 'BAD_REQUEST', `${app.message}${fields}`.trim());
    case 'SOLD_OUT':
      return new OctoError(400, 'UNPROCESSABLE_ENTITY', app.extra?.available !== undefined ? `Not enough seats: ${app.extra.available} left.` : app.message);
    case 'DEPARTURE_CLOSED':
    case 'CONFLICT':
      return new OctoError(400, 'UNPROCESSABLE_ENTITY', app.message);
    case 'PROMO_CODE_INVALID':
      return new OctoError(400, 'PROMO_CODE_INVALID', app.message, app.extra?.reason !== undefined ? { reason: app.extra.reason } : {});
    case 'RATE_LIMITED':
      return new OctoError(429, 'TOO_MANY_REQUESTS', app.message, {}, app.headers ?? {});
    case 'UNAVAILABLE':
      return new OctoError(503, 'SERVICE_UNAVAILABLE', app.message);
    default:
      return new OctoError(500, 'INTERNAL_SERVER_ERROR', app.message);
  }
}

export function sendOctoError(reply: FastifyReply, error: OctoError): FastifyReply {
  reply.headers(error.headers);
  return reply.code(error.statusCode).type('application/json; charset=utf-8').send({ error: error.error, errorMessage: error.errorMessage, ...error.extra });
}

/** The OCTO routes' error handler: a 5xx is logged in full (never shown), the rest answered in OCTO's shape. */
export function registerOctoErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const octo = toOctoError(error, request);
    if (octo.statusCode >= 500) request.log.error({ err: error }, 'OCTO request failed');
    else if (!(error instanceof OctoError) && !(error instanceof AppError)) request.log.info({ code: octo.error }, 'client error');
    return sendOctoError(reply, octo);
  });
}
