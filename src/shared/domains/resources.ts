import { domainFacts } from './fact.js';

/** Resources: the guides, drivers and vehicles a departure needs, and their assignments to departures. */
export const RESOURCES = domainFacts({
  name: 'resources',
  permissions: {
    'resources.read': 'List and view guides, drivers and vehicles, their schedules and the assignments on departures',
    'resources.manage': 'Add and change guides, drivers and vehicles, record their days off, and assign them to departures',
  },
  auditActions: {
    'resource.created': 'Resource added',
    'resource.updated': 'Resource changed',
    'assignment.created': 'Resource assigned to a departure',
    'assignment.deleted': 'Resource taken off a departure',
    'resource.unavailability_added': 'Days off recorded',
    'resource.unavailability_removed': 'Days off removed',
  },
  auditTargets: ['resource'],
  // RESOURCE_CONFLICT: the resource is on another departure on one of those days.
  errorCodes: ['RESOURCE_CONFLICT'],
});
