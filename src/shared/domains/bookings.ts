import { domainFacts } from './fact.js';

/** Bookings, their travellers and the money taken for them. */
export const BOOKINGS = domainFacts({
  name: 'bookings',
  permissions: {
    'bookings.read': 'List and view bookings, manifests and vouchers',
    'bookings.create': 'Make bookings',
    'bookings.override_cutoff': 'Book a departure past its booking cut-off, with a reason (never one that has started)',
    'bookings.update': 'Confirm bookings and change their contact, names and notes',
    'bookings.cancel': 'Cancel bookings',
    'payments.create': 'Record payments and refunds',
    'checkin.create': 'Check travellers in on the day, or mark them as no-shows (by the voucher’s code or by name)',
  },
  auditActions: {
    'booking.created': 'Booking made',
    'booking.cutoff_overridden': 'Booked past the cut-off',
    'booking.confirmed': 'Booking confirmed',
    'booking.cancelled': 'Booking cancelled',
    'booking.expired': 'Hold expired',
    'booking.updated': 'Booking amended',
    'booking.changed': 'Booking moved or travellers changed',
    'booking.hold_extended': 'Hold extended',
    'booking.hold_released': 'Hold given up by the customer',
    'payment.recorded': 'Payment recorded',
    'refund.recorded': 'Refund recorded',
    'booking.checked_in': 'Travellers checked in or marked as no-shows',
  },
  auditTargets: ['booking'],
  errorCodes: ['IDEMPOTENCY_KEY_REUSED', 'PAYMENT_EXCEEDS_BALANCE', 'REFUND_EXCEEDS_PAID'],
});
