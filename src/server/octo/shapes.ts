/**
 * The product's tours, departures and bookings as OCTO shows them, in pure functions. A product is
 * a published tour with one option (DEFAULT); its units are the traveller categories the tour sells
 * (adult, child, infant); an availability is a departure, its times in the tour's zone with their
 * offset. Prices (octo/pricing) are per unit: retail is the departure's price, net the retail less
 * the reseller's commission, rounded to the minor unit. Infants take no seat: a departure's
 * vacancies are its free seats, and an infant unit needs none.
 */
import type { Booking } from '../../shared/contract/bookings.js';
import type { Departure } from '../../shared/contract/departures.js';
import { netOf } from '../../shared/commission.js';
import { endOfDayWithOffset, localDateTimeWithOffset } from '../../shared/local-time.js';
import { currencyDigits } from '../../shared/money.js';
import type { CalendarDeparture } from '../departures/repository.js';
import type { PublishedTour } from '../tours/repository.js';

export const OPTION_ID = 'DEFAULT';
export const UNIT_IDS = { ADULT: 'adult', CHILD: 'child', INFANT: 'infant' } as const;
export type Category = keyof typeof UNIT_IDS;
export const CATEGORY_OF_UNIT: Record<string, Category> = { adult: 'ADULT', child: 'CHILD', infant: 'INFANT' };
const UNIT_NAMES: Record<Category, string> = { ADULT: 'Adult', CHILD: 'Child', INFANT: 'Infant' };
/** Oldest age a unit states for adults. */
const OLDEST = 120;

/** What an answer is shaped for: the caller's commission, and whether it asked for prices. */
export interface Presentation {
  commissionBp: number;
  pricing: boolean;
}

export interface OctoPricing {
  original: number;
  retail: number;
  net: number;
  currency: string;
  currencyPrecision: number;
  includedTaxes: never[];
}

/** `original`: the list price before the tour's rule (its season's, its departure's or its own); the retail price when none applies. */
export function pricing(retail: number, currency: string, commissionBp: number, original = retail): OctoPricing {
  return { original: Math.max(original, retail), retail, net: netOf(retail, commissionBp), currency, currencyPrecision: currencyDigits(currency), includedTaxes: [] };
}

/** The categories a tour sells (a price set), in OCTO's order. */
export function soldCategories(prices: Record<Category, number | null>): Category[] {
  return (Object.keys(UNIT_IDS) as Category[]).filter((category) => prices[category] !== null);
}

export function unitShape(tour: PublishedTour, category: Category, view: Presentation) {
  const ages: Record<Category, [number, number]> = {
    INFANT: [0, tour.infantAgeUnder - 1],
    CHILD: [tour.infantAgeUnder, tour.childAgeUnder - 1],
    ADULT: [tour.childAgeUnder, OLDEST],
  };
  const price = tour.prices[category];
  return {
    id: UNIT_IDS[category],
    internalName: UNIT_NAMES[category],
    reference: category,
    type: category,
    restrictions: {
      minAge: ages[category][0],
      maxAge: ages[category][1],
      idRequired: false,
      minQuantity: null,
      maxQuantity: null,
      paxCount: 1,
      // An infant travels on an adult's or a child's seat.
      accompaniedBy: category === 'INFANT' ? [UNIT_IDS.ADULT, UNIT_IDS.CHILD] : [],
    },
    requiredContactFields: [],
    ...(view.pricing && price !== null && { pricingFrom: [pricing(price, tour.currency, view.commissionBp)] }),
  };
}

/** The contact's fields a confirmation must give (the option's requiredContactFields); each unit item's contact needs none. */
export const REQUIRED_CONTACT_FIELDS = ['firstName', 'lastName'] as const;

/** The most unit items one OCTO request carries (schemas.ts). */
export const MAX_UNITS_PER_BOOKING = 50;

export function optionShape(tour: PublishedTour, startTimes: string[], view: Presentation) {
  return {
    id: OPTION_ID,
    default: true,
    internalName: tour.title,
    reference: null,
    // OCTO needs at least one; a tour without any departure yet shows midnight.
    availabilityLocalStartTimes: startTimes.length > 0 ? startTimes : ['00:00'],
    cancellationCutoff: `${tour.cancellationCutoffHours} hour${tour.cancellationCutoffHours === 1 ? '' : 's'}`,
    cancellationCutoffAmount: tour.cancellationCutoffHours,
    cancellationCutoffUnit: 'hour',
    requiredContactFields: [...REQUIRED_CONTACT_FIELDS],
    // A booking's units are at most the tour's group size (maxPax), and never past what one request may carry.
    restrictions: { minUnits: 1, maxUnits: Math.min(tour.maxPax ?? MAX_UNITS_PER_BOOKING, MAX_UNITS_PER_BOOKING) },
    units: soldCategories(tour.prices).map((category) => unitShape(tour, category, view)),
  };
}

export function productShape(tour: PublishedTour, startTimes: string[], view: Presentation) {
  return {
    id: tour.id,
    internalName: tour.title,
    reference: tour.code,
    locale: 'en',
    timeZone: tour.timeZone,
    allowFreesale: false,
    instantConfirmation: true,
    instantDelivery: true,
    availabilityRequired: true,
    availabilityType: 'START_TIME',
    deliveryFormats: ['PDF_URL', 'QRCODE'],
    deliveryMethods: ['VOUCHER'],
    redemptionMethod: 'DIGITAL',
    options: [optionShape(tour, startTimes, view)],
    defaultCurrency: tour.currency,
    availableCurrencies: [tour.currency],
    pricingPer: 'UNIT',
  };
}

export type AvailabilityStatus = 'AVAILABLE' | 'LIMITED' | 'SOLD_OUT' | 'CLOSED';

/** Whether the departure sells now and how full it is. `seatsWanted`: the seats a request's units need. */
export function availabilityStatus(departure: CalendarDeparture, at: Date, seatsWanted = 0): { status: AvailabilityStatus; available: boolean } {
  const cutoff = new Date(departure.startsAt).getTime() - departure.bookingCutoffHours * 3_600_000;
  let status: AvailabilityStatus;
  if (departure.status !== 'open' || at.getTime() >= cutoff) status = 'CLOSED';
  else if (departure.seatsAvailable <= 0) status = 'SOLD_OUT';
  else if (departure.seatsAvailable * 2 < departure.capacity) status = 'LIMITED';
  else status = 'AVAILABLE';
  const available = (status === 'AVAILABLE' || status === 'LIMITED') && departure.seatsAvailable >= seatsWanted;
  return { status, available };
}

export function availabilityShape(departure: Departure, tour: PublishedTour, at: Date, view: Presentation, seatsWanted = 0) {
  const { status, available } = availabilityStatus(departure, at, seatsWanted);
  return {
    id: departure.id,
    localDateTimeStart: localDateTimeWithOffset(departure.startsAt, departure.timeZone),
    localDateTimeEnd: endOfDayWithOffset(departure.endDate, departure.timeZone),
    utcCutoffAt: wholeSeconds(new Date(new Date(departure.startsAt).getTime() - departure.bookingCutoffHours * 3_600_000)),
    allDay: false,
    available,
    status,
    vacancies: status === 'CLOSED' ? 0 : departure.seatsAvailable,
    capacity: departure.capacity,
    maxUnits: null,
    openingHours: [],
    ...(view.pricing && {
      unitPricing: soldCategories(departure.prices).map((category) => ({
        unitId: UNIT_IDS[category],
        ...pricing(departure.prices[category]!, tour.currency, view.commissionBp, departure.pricing?.listPrices[category] ?? undefined),
      })),
    }),
  };
}

/** One day of the calendar: its departures together (the best status of them, their vacancies and capacity summed). */
export function calendarDayShape(localDate: string, departures: CalendarDeparture[], tour: PublishedTour, at: Date, view: Presentation, seatsWanted = 0) {
  const states = departures.map((departure) => ({ departure, ...availabilityStatus(departure, at, seatsWanted) }));
  const selling = states.filter((state) => state.status !== 'CLOSED');
  const order: AvailabilityStatus[] = ['AVAILABLE', 'LIMITED', 'SOLD_OUT', 'CLOSED'];
  const status = states.length === 0 ? 'CLOSED' : order.find((candidate) => states.some((state) => state.status === candidate))!;
  const capacity = selling.reduce((sum, state) => sum + state.departure.capacity, 0);
  const vacancies = selling.reduce((sum, state) => sum + state.departure.seatsAvailable, 0);
  const priced = selling.length > 0 ? selling : states;
  return {
    localDate,
    available: states.some((state) => state.available),
    status: status === 'LIMITED' || status === 'AVAILABLE' ? (vacancies * 2 < capacity ? 'LIMITED' : 'AVAILABLE') : status,
    vacancies,
    capacity,
    openingHours: [],
    // OCTO's pricing capability gives every day its unitPricingFrom, empty on a day without departures.
    ...(view.pricing && {
        unitPricingFrom: soldCategories(tour.prices).flatMap((category) => {
          const prices = priced.map((state) => state.departure.prices[category]).filter((price): price is number => price !== null);
          return prices.length === 0 ? [] : [{ unitId: UNIT_IDS[category], ...pricing(Math.min(...prices), tour.currency, view.commissionBp) }];
        }),
      }),
  };
}

/** An instant as OCTO writes it: ISO 8601 in UTC, to the second ("2027-06-01T07:00:00Z"). */
export function wholeSeconds(at: Date): string {
  return at.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** A stored instant's text (or none) as OCTO writes it, to the second. */
function atSecond<T extends string | null | undefined>(text: T): T {
  return (typeof text === 'string' ? wholeSeconds(new Date(text)) : text) as T;
}

const STATUS: Record<Booking['status'], string> = { held: 'ON_HOLD', confirmed: 'CONFIRMED', expired: 'EXPIRED', cancelled: 'CANCELLED', waitlisted: 'PENDING' };

/** A full name as first and last: the last word is the last name ("Ada" alone is a first name). */
export function splitFullName(full: string): { firstName: string; lastName: string } {
  const space = full.lastIndexOf(' ');
  return space > 0 ? { firstName: full.slice(0, space), lastName: full.slice(space + 1) } : { firstName: full, lastName: '' };
}

/** The OCTO contact of a booking: as the reseller gave it, unless the office changed the name or e-mail since. */
export function contactShape(booking: Booking) {
  const given = (booking.resellerContact ?? {}) as Record<string, unknown>;
  const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);
  const givenName = text(given.fullName) ?? ([text(given.firstName), text(given.lastName)].filter(Boolean).join(' ') || null);
  const sameAsGiven = (givenName ?? '') === booking.contact.name && (text(given.emailAddress) ?? '') === booking.contact.email;
  if (booking.resellerContact && sameAsGiven) {
    return {
      fullName: text(given.fullName),
      firstName: text(given.firstName),
      lastName: text(given.lastName),
      emailAddress: text(given.emailAddress),
      phoneNumber: text(given.phoneNumber) ?? booking.contact.phone,
      locales: Array.isArray(given.locales) ? given.locales.filter((locale): locale is string => typeof locale === 'string') : [],
      postalCode: text(given.postalCode),
      country: text(given.country),
      notes: text(given.notes),
    };
  }
  const name = booking.contact.name.trim();
  const split = splitFullName(name);
  return {
    fullName: name || null,
    firstName: split.firstName || null,
    lastName: split.lastName || null,
    emailAddress: booking.contact.email || null,
    phoneNumber: booking.contact.phone,
    locales: [],
    postalCode: null,
    country: null,
    notes: null,
  };
}

export interface BookingContext {
  tour: PublishedTour;
  startTimes: string[];
  departure: Departure;
  at: Date;
  view: Presentation;
  /** The voucher's public address (PDF), for a confirmed booking. */
  voucherUrl: string | null;
}

export function bookingShape(booking: Booking, context: BookingContext) {
  const { tour, departure, at, view } = context;
  const confirmed = booking.status === 'confirmed';
  // Every traveller checked in on the day: the booking has been used (OCTO's REDEEMED), when the last came.
  const redeemedAt =
    confirmed && booking.travellers.length > 0 && booking.travellers.every((traveller) => traveller.checkedInAt !== null)
      ? booking.travellers.map((traveller) => traveller.checkedInAt!).sort().at(-1)!
      : null;
  const status = redeemedAt ? 'REDEEMED' : STATUS[booking.status];
  const deliveryOptions = confirmed
    ? [
        ...(context.voucherUrl ? [{ deliveryFormat: 'PDF_URL', deliveryValue: context.voucherUrl }] : []),
        // The voucher's check-in code is what the guide scans at the departure.
        { deliveryFormat: 'QRCODE', deliveryValue: booking.checkInCode },
      ]
    : [];
  const cancellationCutoff = new Date(booking.startsAt).getTime() - tour.cancellationCutoffHours * 3_600_000;
  // Netted at the rate the booking was sold at, as its stored net is.
  const commissionBp = booking.resellerCommissionPercent === null ? view.commissionBp : Math.round(booking.resellerCommissionPercent * 100);
  return {
    id: booking.id,
    uuid: booking.octoUuid ?? booking.id,
    testMode: booking.testMode,
    resellerReference: booking.resellerReference,
    supplierReference: booking.reference,
    status,
    utcCreatedAt: atSecond(booking.createdAt),
    utcUpdatedAt: atSecond(booking.updatedAt),
    utcExpiresAt: booking.status === 'held' ? atSecond(booking.holdExpiresAt) : null,
    utcRedeemedAt: atSecond(redeemedAt),
    utcConfirmedAt: booking.status === 'confirmed' || booking.status === 'cancelled' ? atSecond(booking.confirmedAt) : null,
    productId: booking.tourId,
    product: productShape(tour, context.startTimes, view),
    optionId: OPTION_ID,
    option: optionShape(tour, context.startTimes, view),
    cancellable: redeemedAt === null && (booking.status === 'held' || booking.status === 'confirmed') && (booking.status === 'held' || at.getTime() < cancellationCutoff),
    cancellation:
      booking.status === 'cancelled' && booking.cancellation
        ? { refund: 'FULL', reason: booking.cancellation.reason || null, utcCancelledAt: atSecond(booking.cancellation.at) }
        : null,
    freesale: false,
    availabilityId: booking.departureId,
    availability: availabilityShape(departure, tour, at, view),
    contact: contactShape(booking),
    notes: booking.notes === '' ? null : booking.notes,
    deliveryMethods: ['VOUCHER'],
    voucher: { redemptionMethod: 'DIGITAL', utcRedeemedAt: atSecond(redeemedAt), deliveryOptions },
    unitItems: booking.travellers.map((traveller) => {
      const fullName = [traveller.firstName, traveller.lastName].filter((part) => part !== '').join(' ');
      return {
        // What the reseller called this traveller, else the supplier's own id for it.
        uuid: traveller.resellerUnitUuid ?? traveller.id,
        resellerReference: traveller.resellerUnitReference,
        supplierReference: booking.reference,
        unitId: UNIT_IDS[traveller.category],
        unit: unitShape(tour, traveller.category, view),
        status: confirmed && traveller.checkedInAt !== null ? 'REDEEMED' : status,
        utcRedeemedAt: confirmed ? atSecond(traveller.checkedInAt) : null,
        contact: {
          fullName: fullName || null,
          firstName: traveller.firstName || null,
          lastName: traveller.lastName || null,
          emailAddress: null,
          phoneNumber: null,
          locales: [],
          postalCode: null,
          country: null,
          notes: traveller.notes || null,
        },
        ticket: null,
        ...(view.pricing && {
          pricing: pricing(traveller.unitPriceMinor, booking.currency, commissionBp),
        }),
      };
    }),
    ...(view.pricing && {
      pricing: {
        original: booking.totalMinor,
        retail: booking.totalMinor,
        net: booking.netMinor ?? netOf(booking.totalMinor, commissionBp),
        currency: booking.currency,
        currencyPrecision: currencyDigits(booking.currency),
        includedTaxes: [],
      },
    }),
  };
}
