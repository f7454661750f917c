import { domainFacts } from './fact.js';

/** The catalogue: tours, their components, itineraries and pictures. */
export const TOURS = domainFacts({
  name: 'tours',
  permissions: {
    'tours.read': 'List and view tours, their components, itineraries and pictures',
    'tours.create': 'Create tours',
    'tours.update': 'Edit tours: details, prices, components, itinerary and pictures',
    'tours.delete': 'Delete tours that have no departures',
  },
  auditActions: {
    'tour.created': 'Tour created',
    'tour.updated': 'Tour changed',
    'tour.deleted': 'Tour deleted',
    'tour.component_added': 'Tour component added',
    'tour.component_updated': 'Tour component changed',
    'tour.component_removed': 'Tour component removed',
    'tour.day_saved': 'Itinerary day saved',
    'tour.day_removed': 'Itinerary day removed',
    'tour.itinerary_reordered': 'Itinerary reordered',
    'tour.media_added': 'Picture added',
    'tour.media_updated': 'Picture changed',
    'tour.media_removed': 'Picture removed',
  },
  auditTargets: ['tour'],
  errorCodes: [],
});
