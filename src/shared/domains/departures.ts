import { domainFacts } from './fact.js';

/** Departures: the dates a tour runs on, and their seats. */
export const DEPARTURES = domainFacts({
  name: 'departures',
  permissions: {
    'departures.read': 'List and view departures',
    'departures.create': 'Schedule departures',
    'departures.update': 'Change departures: capacity, prices, status',
    'departures.delete': 'Delete departures that have no bookings, or cancel them',
  },
  auditActions: {
    'departure.created': 'Departure scheduled',
    'departure.bulk_created': 'Departures scheduled in bulk',
    'departure.updated': 'Departure changed',
    'departure.cancelled': 'Departure cancelled',
    'departure.deleted': 'Departure deleted',
    'travellers.forgotten': 'Travellers forgotten after the retention period',
  },
  auditTargets: ['departure'],
  // SOLD_OUT: fewer free seats than asked; DEPARTURE_CLOSED: the departure takes no bookings.
  errorCodes: ['SOLD_OUT', 'DEPARTURE_CLOSED'],
});
