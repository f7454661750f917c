/** A departure that cannot take the seats asked for. */
import { AppError } from '../http/errors.js';

export const departureErrors = {
  soldOut: (available: number) =>
    new AppError(409, 'SOLD_OUT', available === 0 ? 'This departure is sold out.' : available === 1 ? 'Only 1 seat is free on this departure.' : `Only ${available} seats are free on this departure.`, undefined, undefined, { available }),
  departureClosed: (message: string) => new AppError(409, 'DEPARTURE_CLOSED', message),
};
