/** Refusals of the booking routes: a reused Idempotency-Key, money beyond what a booking owes or paid. */
import { AppError } from '../http/errors.js';

export const bookingErrors = {
  idempotencyKeyReused: () =>
    new AppError(422, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used for a different request. Send a new key with a new request.'),
  paymentExceedsBalance: (message: string) => new AppError(409, 'PAYMENT_EXCEEDS_BALANCE', message),
  refundExceedsPaid: (message: string) => new AppError(409, 'REFUND_EXCEEDS_PAID', message),
};
