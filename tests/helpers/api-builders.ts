/**
 * Tours, components, departures and bookings made through the API, as the builders describe them,
 * each expected to be created: server tests pass their `as(app, token)` caller, client tests their
 * signed-in HTTP client. A test says only what it cares about; the rest comes from builders.ts.
 */
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { HttpClient } from '../../src/client/providers/http-client.js';
import type { Booking, NewBooking } from '../../src/shared/contract/bookings.js';
import type { Departure, NewDeparture } from '../../src/shared/contract/departures.js';
import type { NewComponent, NewTour, Tour, TourComponent } from '../../src/shared/contract/tours.js';
import { aBooking, aComponent, aDeparture, aTour } from './builders.js';

/** Sends one POST and answers what was created. */
export type Create = <T>(path: string, body: unknown) => Promise<T>;

/** Through Fastify's inject with a bearer token (`as(app, token)`): 201 is expected, the body shown otherwise. */
export function viaInject(call: (options: InjectOptions) => Promise<LightMyRequestResponse>): Create {
  return async <T>(path: string, body: unknown) => {
    const response = await call({ method: 'POST', url: `/api/${path}`, payload: body as InjectOptions['payload'] });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<T>();
  };
}

/** Through the browser app's HTTP client, signed in (it throws on any refusal). */
export function viaHttpClient(client: HttpClient): Create {
  return (path, body) => client.request(path, { method: 'POST', mutation: true, body });
}

export function createTour(create: Create, overrides: Partial<NewTour> = {}): Promise<Tour> {
  return create<Tour>('tours', aTour(overrides));
}

export function createComponent(create: Create, tourId: string, overrides: Partial<NewComponent> = {}): Promise<TourComponent> {
  return create<TourComponent>(`tours/${tourId}/components`, aComponent(overrides));
}

export function createDeparture(create: Create, tourId: string, overrides: Partial<NewDeparture> = {}): Promise<Departure> {
  return create<Departure>('departures', aDeparture(tourId, overrides));
}

export function createBooking(create: Create, departureId: string, overrides: Partial<NewBooking> = {}): Promise<Booking> {
  return create<Booking>('bookings', aBooking(departureId, overrides));
}
