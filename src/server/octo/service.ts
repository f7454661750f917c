/**
 * The OCTO supplier API's work: a reseller's products, availability and bookings, on the same
 * tours, departures and seats as the office. Reads go through the catalogue's, departures' and
 * bookings' services; every change of seats is a flow (server/flows), the same staff sales run
 * through, so reseller and staff sales together never exceed a departure's capacity.
 */
import { randomUUID } from 'node:crypto';
import type { Booking } from '../../shared/contract/bookings.js';
import type { Departure } from '../../shared/contract/departures.js';
import { datesFromTo, daysBetween, isCalendarDate } from '../../shared/local-time.js';
import type { RequestOrigin } from '../audit/audit-log.js';
import type { BookingAmendment, BookingsRepository } from '../bookings/repository.js';
import type { VoucherLinks } from '../bookings/voucher-links.js';
import type { BusinessDetails, Config } from '../config.js';
import { isUniqueViolation } from '../db/query-helpers.js';
import type { CalendarDeparture, DeparturesRepository } from '../departures/repository.js';
import type { Flows } from '../flows/index.js';
import { AppError } from '../http/errors.js';
import type { ResellerCaller } from '../resellers/repository.js';
import type { PublishedTour, ToursRepository } from '../tours/repository.js';
import { octoErrors } from './errors.js';
import type { OctoContact, OctoUnitItem } from './schemas.js';
import {
  availabilityShape,
  bookingShape,
  calendarDayShape,
  CATEGORY_OF_UNIT,
  OPTION_ID,
  productShape,
  REQUIRED_CONTACT_FIELDS,
  soldCategories,
  splitFullName,
  type Category,
  type Presentation,
} from './shapes.js';

export const DEFAULT_HOLD_MINUTES = 30;
export const MAX_HOLD_MINUTES = 1440;
/** The longest date range one availability or calendar request may span. */
const MAX_RANGE_DAYS = 366;
/** How long a tour's departure start times (the option's) are reused before they are read again. */
const START_TIMES_TTL_MS = 60_000;
/**
 * How long a tour as a product (its title, zone, prices, terms) is reused before it is read again.
 * What a sale must respect is checked again by the sale itself (published, the departure's own
 * prices, its cut-off), so a tour unpublished a moment ago sells nothing; only the product's words
 * may lag by this long.
 */
const PRODUCT_TTL_MS = 2_000;
/** How many of its latest holds an instance keeps for their confirmation (recentHolds): more than the callers a reseller runs at once. */
const RECENT_HOLDS = 256;

/** What the OCTO API is given by its module's wiring. */
export interface OctoSurroundings {
  tours: Pick<ToursRepository, 'published'>;
  departures: Pick<DeparturesRepository, 'get' | 'ofTourForChannel' | 'calendarOf' | 'startTimes'>;
  bookings: Pick<BookingsRepository, 'get' | 'byOctoUuid' | 'byResellerReferences' | 'extendHold'>;
  flows: Pick<Flows, 'holdForReseller' | 'confirmForReseller' | 'confirmHeldAsRead' | 'cancelBooking' | 'changeBooking' | 'amendBooking'>;
  voucherLinks: Pick<VoucherLinks, 'url'>;
  config: Pick<Config, 'publicUrl'>;
  now: () => number;
}

export interface OctoCall {
  caller: ResellerCaller;
  origin: RequestOrigin;
  pricing: boolean;
}

export class OctoService {
  private readonly startTimesCache = new Map<string, { at: number; times: Promise<string[]> }>();
  private readonly tourCache = new Map<string, { at: number; found: Promise<{ tour: PublishedTour | null; published: boolean }> }>();
  /**
   * The holds this instance made lately, as it wrote them (`resellerId uuid` → booking), each taken
   * by the confirmation that follows: it confirms without reading the booking again. Its one
   * statement writes only if the booking is still exactly as written (its updated_at), so a copy
   * that another change has made stale costs nothing but the read it was to save.
   */
  private readonly recentHolds = new Map<string, Booking>();

  constructor(private readonly around: OctoSurroundings) {}

  supplier(business: BusinessDetails) {
    const { publicUrl } = this.around.config;
    return {
      id: new URL(publicUrl).hostname,
      name: business.name ?? new URL(publicUrl).hostname,
      endpoint: `${publicUrl}/api/octo`,
      contact: {
        website: business.website ?? publicUrl,
        email: business.email,
        telephone: business.phone,
        address: business.address.length > 0 ? business.address.join(', ') : null,
      },
    };
  }

  capabilities() {
    return [{ id: 'octo/pricing', revision: 1, required: false, dependencies: [], docs: null }];
  }

  async products(call: OctoCall) {
    const tours = await this.around.tours.published(call.caller.tourIds);
    const times = await this.startTimes(tours.map((tour) => tour.id));
    return tours.map((tour) => productShape(tour, times.get(tour.id) ?? [], this.view(call)));
  }

  async product(call: OctoCall, productId: string) {
    const tour = await this.productFor(call, productId);
    return productShape(tour, (await this.startTimes([tour.id])).get(tour.id) ?? [], this.view(call));
  }

  async calendar(call: OctoCall, body: { productId: string; optionId: string; localDateStart?: string; localDateEnd?: string; units?: { id: string; quantity: number }[] }) {
    const { tour, published } = await this.productOrUnpublished(call, body.productId);
    this.checkOption(body.optionId);
    const seatsWanted = this.seatsOf(tour, body.units);
    if (body.localDateStart === undefined || body.localDateEnd === undefined) throw octoErrors.badRequest('localDateStart and localDateEnd are required.');
    const range = this.range(body.localDateStart, body.localDateEnd);
    const departures = closedUnless(published, await this.around.departures.calendarOf(tour.id, range, tour.bookingCutoffHours));
    const at = new Date(this.around.now());
    const byDate = new Map<string, CalendarDeparture[]>();
    for (const departure of departures) byDate.set(departure.startDate, [...(byDate.get(departure.startDate) ?? []), departure]);
    return datesFromTo(range.from, range.to).map((date) => calendarDayShape(date, byDate.get(date) ?? [], tour, at, this.view(call), seatsWanted));
  }

  async availability(
    call: OctoCall,
    body: { productId: string; optionId: string; localDateStart?: string; localDateEnd?: string; availabilityIds?: string[]; units?: { id: string; quantity: number }[] },
  ) {
    const { tour, published } = await this.productOrUnpublished(call, body.productId);
    this.checkOption(body.optionId);
    const seatsWanted = this.seatsOf(tour, body.units);
    const byDates = body.localDateStart !== undefined || body.localDateEnd !== undefined;
    if (byDates && body.availabilityIds !== undefined) throw octoErrors.badRequest('Ask by localDateStart and localDateEnd, or by availabilityIds, not both.');
    let departures: Departure[];
    if (body.availabilityIds !== undefined) {
      departures = await this.around.departures.ofTourForChannel(tour.id, { ids: body.availabilityIds.filter(isUuid) });
    } else {
      if (body.localDateStart === undefined || body.localDateEnd === undefined) throw octoErrors.badRequest('Give localDateStart and localDateEnd, or availabilityIds.');
      departures = await this.around.departures.ofTourForChannel(tour.id, this.range(body.localDateStart, body.localDateEnd));
    }
    const at = new Date(this.around.now());
    return closedUnless(published, departures).map((departure) => availabilityShape(departure, tour, at, this.view(call), seatsWanted));
  }

  async reserve(
    call: OctoCall,
    body: { uuid?: string; productId: string; optionId: string; availabilityId?: string; expirationMinutes?: number; notes?: string | null; unitItems?: OctoUnitItem[]; resellerReference?: string; contact?: OctoContact; promoCode?: string },
  ) {
    const uuid = body.uuid ?? randomUUID();
    // The same uuid again: the booking it made, and no more seats.
    const existing = body.uuid === undefined ? null : await this.ownBooking(call, body.uuid);
    if (existing) return this.shape(call, existing);
    const tour = await this.productFor(call, body.productId);
    this.checkOption(body.optionId);
    const availabilityId = body.availabilityId;
    if (availabilityId === undefined) throw octoErrors.badRequest('availabilityId is required: this product sells start times.');
    if (!isUuid(availabilityId)) throw octoErrors.invalidAvailability(availabilityId);
    const travellers = this.travellersOf(tour, body.unitItems);
    const holdMinutes = this.holdMinutes(body.expirationMinutes);
    const contact = body.contact ?? null;
    try {
      const held = await this.around.flows.holdForReseller(
        {
          departureId: availabilityId,
          contact: contactOf(contact),
          travellers,
          status: 'held',
          holdMinutes,
          waitlist: false,
          notes: body.notes ?? undefined,
          ...(body.promoCode !== undefined && { promoCode: body.promoCode }),
        },
        call.origin,
        // The departure is read once, by the sale, which refuses one of another product before anything.
        { tourId: tour.id, resellerId: call.caller.resellerId, resellerName: call.caller.resellerName, keyId: call.caller.keyId, resellerReference: body.resellerReference?.trim() || null, octoUuid: uuid, testMode: call.caller.testMode, commissionBp: call.caller.commissionBp, contact },
      );
      if (held.booking.status === 'held') {
        if (this.recentHolds.size >= RECENT_HOLDS) this.recentHolds.delete(this.recentHolds.keys().next().value!);
        this.recentHolds.set(recentHoldKey(call, uuid), held.booking);
      }
      return this.shape(call, held.booking, held.departure);
    } catch (error) {
      // No departure with that id: OCTO's code for it.
      if (error instanceof AppError && error.code === 'VALIDATION' && error.errors?.departureId) throw octoErrors.invalidAvailability(availabilityId);
      // Two reserves with one uuid at once (here or on another instance): the second finds the first's booking.
      if (isUniqueViolation(error)) {
        const made = await this.around.bookings.byOctoUuid(call.caller.resellerId, uuid);
        if (made?.testMode === call.caller.testMode) return this.shape(call, made);
        // The reseller's other kind of key (live or test) used this uuid: its own uuids, so it may be told.
        if (made) throw octoErrors.badRequest('This uuid belongs to a booking made with your other key (live or test): send a new uuid.');
      }
      throw unprocessableFromValidation(error);
    }
  }

  async confirm(call: OctoCall, uuid: string, body: { resellerReference?: string; contact?: OctoContact; unitItems?: OctoUnitItem[] }) {
    const heldHere = recentHoldKey(call, uuid);
    const recent = this.recentHolds.get(heldHere);
    this.recentHolds.delete(heldHere);
    if (recent && body.unitItems === undefined && body.contact && missingContactFields(body.contact).length === 0) {
      const amendment = this.amendmentOf(recent, { contact: body.contact, resellerReference: body.resellerReference });
      const done = await this.around.flows.confirmHeldAsRead(recent, amendment, call.origin).catch((error: unknown) => {
        throw unprocessableFromValidation(error);
      });
      if (done) return this.shape(call, done.booking, done.departure);
      // Changed since this instance wrote it: confirmed from what the database holds now, below.
    }
    let booking = await this.bookingOf(call, uuid);
    if (booking.status === 'confirmed') return this.shape(call, booking);
    if (booking.status !== 'held') throw octoErrors.unprocessable(booking.status === 'expired' ? 'The hold has expired and its seats were freed: reserve again.' : `This booking is ${booking.status}: it cannot be confirmed.`);
    const contact = body.contact;
    // What the option declares in requiredContactFields is what a confirmation must give.
    if (!contact || missingContactFields(contact).length > 0) throw octoErrors.badRequest('Confirming needs the contact’s first and last name (the option’s requiredContactFields): firstName and lastName, or a fullName of both.');
    const tour = await this.tourOf(booking);
    if (body.unitItems !== undefined) booking = await this.changeUnits(call, booking, tour, body.unitItems);
    const amendment = this.amendmentOf(booking, { contact, resellerReference: body.resellerReference, unitItems: body.unitItems });
    try {
      const confirmed = await this.around.flows.confirmForReseller(booking, amendment, call.origin);
      return this.shape(call, confirmed.booking, confirmed.departure);
    } catch (error) {
      throw unprocessableFromValidation(error);
    }
  }

  async update(
    call: OctoCall,
    uuid: string,
    body: { resellerReference?: string; productId?: string; optionId?: string; availabilityId?: string; expirationMinutes?: number; notes?: string | null; unitItems?: OctoUnitItem[]; contact?: OctoContact },
  ) {
    let booking = await this.bookingOf(call, uuid);
    if (booking.status !== 'held' && booking.status !== 'confirmed') throw octoErrors.unprocessable(`This booking is ${booking.status}: it cannot be changed.`);
    const tour = await this.tourOf(booking);
    this.beforeCancellationCutoff(booking, tour, 'changed');
    if (body.optionId !== undefined) this.checkOption(body.optionId);
    const productChanges = body.productId !== undefined && body.productId !== booking.tourId;
    const targetTour = productChanges ? await this.productFor(call, body.productId!) : tour;
    if (productChanges && body.availabilityId === undefined) throw octoErrors.badRequest('A change of product needs the availabilityId on the new product.');
    const departure = body.availabilityId !== undefined && body.availabilityId !== booking.departureId ? await this.departureOf(targetTour, body.availabilityId) : null;
    const travellers = body.unitItems !== undefined ? this.travellersOf(targetTour, body.unitItems) : undefined;
    if (body.expirationMinutes !== undefined && booking.status !== 'held') throw octoErrors.badRequest('Only a held booking has a hold to extend.');
    const holdMinutes = body.expirationMinutes === undefined ? undefined : this.holdMinutes(body.expirationMinutes);
    if (body.contact !== undefined && contactName(body.contact) === '' && booking.status === 'confirmed') throw octoErrors.badRequest('A confirmed booking’s contact needs a name.');
    try {
      if (departure || travellers) booking = await this.around.flows.changeBooking(booking.id, { departureId: departure?.id, travellers }, call.origin);
      const amendment = this.amendmentOf(booking, { contact: body.contact, resellerReference: body.resellerReference, notes: body.notes, unitItems: travellers ? undefined : body.unitItems });
      if (Object.keys(amendment).length > 0) booking = await this.around.flows.amendBooking(booking.id, amendment, call.origin);
      if (holdMinutes !== undefined) booking = await this.around.bookings.extendHold(booking.id, this.holdUntil(booking, holdMinutes), call.origin);
      return this.shape(call, booking);
    } catch (error) {
      throw unprocessableFromValidation(error);
    }
  }

  async cancel(call: OctoCall, uuid: string, body: { reason?: string | null } | undefined) {
    const booking = await this.bookingOf(call, uuid);
    // Cancelling twice answers the cancelled booking; an expired hold has no seats left to give back.
    if (booking.status === 'cancelled' || booking.status === 'expired') return this.shape(call, booking);
    const tour = await this.tourOf(booking);
    if (booking.status !== 'held') this.beforeCancellationCutoff(booking, tour, 'cancelled');
    const reason = body?.reason?.trim() || 'Cancelled by the reseller';
    try {
      return this.shape(call, await this.around.flows.cancelBooking(booking.id, { reason }, call.origin));
    } catch (error) {
      throw unprocessableFromValidation(error);
    }
  }

  async extend(call: OctoCall, uuid: string, body: { expirationMinutes?: number } | undefined) {
    const booking = await this.bookingOf(call, uuid);
    const minutes = this.holdMinutes(body?.expirationMinutes);
    if (booking.status !== 'held') throw octoErrors.unprocessable(booking.status === 'expired' ? 'The hold has expired and its seats were freed: reserve again.' : 'Only a held booking can be extended.');
    try {
      return this.shape(call, await this.around.bookings.extendHold(booking.id, this.holdUntil(booking, minutes), call.origin));
    } catch (error) {
      throw unprocessableFromValidation(error);
    }
  }

  async get(call: OctoCall, uuid: string) {
    return this.shape(call, await this.bookingOf(call, uuid));
  }

  async list(call: OctoCall, query: { resellerReference?: string; supplierReference?: string }) {
    if (!query.resellerReference && !query.supplierReference) throw octoErrors.badRequest('Give resellerReference or supplierReference.');
    // A test key reads only test bookings, a live key only live ones (in the query: the hundred answered are the caller's kind).
    const bookings = await this.around.bookings.byResellerReferences(call.caller.resellerId, call.caller.testMode, query);
    return Promise.all(bookings.map((booking) => this.shape(call, booking)));
  }

  /** A booking as its reseller's GET would show it (with prices), for a webhook; null when it is not that reseller's. */
  async bookingFor(bookingId: string, resellerId: string) {
    const booking = await this.around.bookings.get(bookingId);
    if (!booking || booking.resellerId !== resellerId) return null;
    const caller = { resellerId, resellerName: booking.resellerName ?? '', active: true, commissionBp: Math.round((booking.resellerCommissionPercent ?? 0) * 100), tourIds: null, keyId: '', keyPrefix: '', testMode: booking.testMode };
    return this.shape({ caller, pricing: true, origin: { actorId: null, permissions: null, ip: null, userAgent: null } }, booking);
  }

  /** A booking as OCTO shows it, with its product, option and availability (`departure`: as the change left it, when the change read it). */
  async shape(call: OctoCall, booking: Booking, known: Departure | null = null) {
    const [tour, departure] = await Promise.all([this.tourOf(booking), known ?? this.around.departures.get(booking.departureId)]);
    const times = await this.startTimes([tour.id]);
    return bookingShape(booking, {
      tour,
      startTimes: times.get(tour.id) ?? [],
      departure: departure!,
      at: new Date(this.around.now()),
      view: this.view(call),
      voucherUrl: booking.status === 'confirmed' ? await this.around.voucherLinks.url(booking.id) : null,
    });
  }

  private view(call: OctoCall): Presentation {
    return { commissionBp: call.caller.commissionBp, pricing: call.pricing };
  }

  /** A published tour the reseller may sell; INVALID_PRODUCT_ID otherwise. */
  private async productFor(call: OctoCall, productId: string): Promise<PublishedTour> {
    const found = await this.productOrUnpublished(call, productId);
    if (!found.published) throw octoErrors.invalidProduct(productId);
    return found.tour;
  }

  /**
   * For the calendar and availability: a tour the reseller may sell, published or not. A reseller
   * may still ask for the departures of a tour the operator has since unpublished (its product list
   * is cached on its side); they are answered CLOSED rather than as an unknown product.
   */
  private async productOrUnpublished(call: OctoCall, productId: string): Promise<{ tour: PublishedTour; published: boolean }> {
    const allowed = call.caller.tourIds;
    if (!isUuid(productId) || (allowed !== null && !allowed.includes(productId))) throw octoErrors.invalidProduct(productId);
    const found = await this.tour(productId);
    if (!found.tour) throw octoErrors.invalidProduct(productId);
    return { tour: found.tour, published: found.published };
  }

  private async tourOf(booking: Booking): Promise<PublishedTour> {
    return (await this.tour(booking.tourId)).tour!;
  }

  /**
   * A tour, whatever its status, and whether it is published (kept PRODUCT_TTL_MS). The read is kept
   * from when it starts: calls that come while it runs share it, so a busy reseller's calls read
   * the tour once each PRODUCT_TTL_MS, not once each call that came in the meantime.
   */
  private async tour(id: string): Promise<{ tour: PublishedTour | null; published: boolean }> {
    const now = this.around.now();
    const cached = this.tourCache.get(id);
    if (cached && now - cached.at < PRODUCT_TTL_MS) return cached.found;
    const found = (async () => {
      const [published] = await this.around.tours.published(null, id);
      const tour = published ?? (await this.around.tours.published(null, id, { anyStatus: true }))[0] ?? null;
      return { tour, published: published !== undefined };
    })();
    if (this.tourCache.size > 10_000) this.tourCache.clear();
    this.tourCache.set(id, { at: now, found });
    // A failed read is not kept: the next call reads again.
    found.catch(() => {
      if (this.tourCache.get(id)?.found === found) this.tourCache.delete(id);
    });
    return found;
  }

  private checkOption(optionId: string): void {
    if (optionId !== OPTION_ID) throw octoErrors.invalidOption(optionId);
  }

  private async departureOf(tour: PublishedTour, availabilityId: string | undefined): Promise<Departure> {
    if (availabilityId === undefined) throw octoErrors.badRequest('availabilityId is required: this product sells start times.');
    const departure = isUuid(availabilityId) ? await this.around.departures.get(availabilityId) : null;
    if (!departure || departure.tourId !== tour.id) throw octoErrors.invalidAvailability(availabilityId);
    return departure;
  }

  private async bookingOf(call: OctoCall, uuid: string): Promise<Booking> {
    const booking = isUuid(uuid) ? await this.ownBooking(call, uuid) : null;
    if (!booking) throw octoErrors.invalidBooking(uuid);
    return booking;
  }

  /** The caller's booking with this uuid: a test key reads only test bookings, a live key only live ones. */
  private async ownBooking(call: OctoCall, uuid: string): Promise<Booking | null> {
    const booking = await this.around.bookings.byOctoUuid(call.caller.resellerId, uuid);
    return booking && booking.testMode === call.caller.testMode ? booking : null;
  }

  private unitCategory(tour: PublishedTour, unitId: string): Category {
    const category = CATEGORY_OF_UNIT[unitId];
    if (!category || !soldCategories(tour.prices).includes(category)) throw octoErrors.invalidUnit(unitId);
    return category;
  }

  private seatsOf(tour: PublishedTour, units: { id: string; quantity: number }[] | undefined): number {
    return (units ?? []).reduce((seats, unit) => seats + (this.unitCategory(tour, unit.id) === 'INFANT' ? 0 : unit.quantity), 0);
  }

  private travellersOf(tour: PublishedTour, unitItems: OctoUnitItem[] | undefined) {
    if (!unitItems || unitItems.length === 0) throw octoErrors.unprocessable('unitItems must name at least one unit: one item per traveller.');
    return unitItems.map((item) => {
      const names = personName(item.contact);
      return {
        category: this.unitCategory(tour, item.unitId),
        firstName: names.firstName,
        lastName: names.lastName,
        notes: item.contact?.notes ?? undefined,
        // Kept on the traveller and answered back (bookings' SaleTraveller).
        resellerUnit: { uuid: item.uuid?.trim() || null, reference: item.resellerReference?.trim() || null },
      };
    });
  }

  /** Confirming with unit items of other kinds or number changes them first (the price is taken again). */
  private async changeUnits(call: OctoCall, booking: Booking, tour: PublishedTour, unitItems: OctoUnitItem[]): Promise<Booking> {
    const wanted = this.travellersOf(tour, unitItems);
    const same = wanted.length === booking.travellers.length && wanted.every((traveller, index) => traveller.category === booking.travellers[index].category);
    if (same) return booking;
    try {
      return await this.around.flows.changeBooking(booking.id, { travellers: wanted }, call.origin);
    } catch (error) {
      throw unprocessableFromValidation(error);
    }
  }

  /** The contact, reference, notes and travellers' names a call gives, as an amendment of the booking. */
  private amendmentOf(booking: Booking, given: { contact?: OctoContact; resellerReference?: string; notes?: string | null; unitItems?: OctoUnitItem[] }): BookingAmendment {
    const amendment: BookingAmendment = {};
    if (given.contact) {
      const contact = contactOf(given.contact);
      amendment.contact = { name: contact.name, email: contact.email, phone: contact.phone ?? null };
      amendment.resellerContact = given.contact;
    }
    if (given.resellerReference !== undefined) amendment.resellerReference = given.resellerReference;
    if (given.notes !== undefined) amendment.notes = given.notes ?? '';
    if (given.unitItems && given.unitItems.length === booking.travellers.length) {
      const travellers = given.unitItems.flatMap((item, index) => {
        if (!item.contact) return [];
        const names = personName(item.contact);
        return [{ id: booking.travellers[index].id, firstName: names.firstName, lastName: names.lastName }];
      });
      if (travellers.length > 0) amendment.travellers = travellers;
    }
    return amendment;
  }

  private holdMinutes(minutes: number | undefined): number {
    if (minutes === undefined) return DEFAULT_HOLD_MINUTES;
    if (!Number.isInteger(minutes) || minutes < 1 || minutes > MAX_HOLD_MINUTES) throw octoErrors.badRequest(`expirationMinutes must be a whole number from 1 to ${MAX_HOLD_MINUTES}.`);
    return minutes;
  }

  /** A hold extended lasts `minutes` from now, and is never shortened. */
  private holdUntil(booking: Booking, minutes: number): Date {
    const until = this.around.now() + minutes * 60_000;
    const current = booking.holdExpiresAt === null ? 0 : new Date(booking.holdExpiresAt).getTime();
    return new Date(Math.max(until, current));
  }

  private beforeCancellationCutoff(booking: Booking, tour: PublishedTour, what: string): void {
    const cutoff = new Date(booking.startsAt).getTime() - tour.cancellationCutoffHours * 3_600_000;
    if (this.around.now() >= cutoff) {
      throw octoErrors.badRequest(`The cancellation cut-off has passed (${tour.cancellationCutoffHours} hours before the start): this booking can no longer be ${what} here; ask the operator.`);
    }
  }

  private range(from: string, to: string): { from: string; to: string } {
    if (!isCalendarDate(from) || !isCalendarDate(to)) throw octoErrors.badRequest('localDateStart and localDateEnd must be real dates, YYYY-MM-DD.');
    const days = daysBetween(from, to);
    if (days < 1) throw octoErrors.badRequest('localDateEnd must not be before localDateStart.');
    if (days > MAX_RANGE_DAYS) throw octoErrors.badRequest(`Ask for at most ${MAX_RANGE_DAYS} days at a time.`);
    return { from, to };
  }

  /**
   * Each tour's departure start times (kept START_TIMES_TTL_MS). As with tour(), a read is kept from
   * when it starts, so the calls that arrive while it runs share it instead of each reading again.
   */
  private async startTimes(tourIds: string[]): Promise<Map<string, string[]>> {
    const now = this.around.now();
    if (this.startTimesCache.size > 10_000) this.startTimesCache.clear();
    const missing = tourIds.filter((id) => {
      const cached = this.startTimesCache.get(id);
      return !(cached && now - cached.at < START_TIMES_TTL_MS);
    });
    if (missing.length > 0) {
      const read = this.around.departures.startTimes(missing);
      for (const id of missing) {
        const times = read.then((all) => all.get(id) ?? []);
        this.startTimesCache.set(id, { at: now, times });
        // A failed read is not kept: the next call reads again.
        times.catch(() => {
          if (this.startTimesCache.get(id)?.times === times) this.startTimesCache.delete(id);
        });
      }
    }
    const reads = tourIds.map((id) => this.startTimesCache.get(id)!.times);
    const times = await Promise.all(reads);
    return new Map(tourIds.map((id, index) => [id, times[index]]));
  }
}

/** An unpublished tour sells nothing: its departures are shown as closed, whatever their own status. */
function closedUnless<D extends CalendarDeparture>(published: boolean, departures: D[]): D[] {
  return published ? departures : departures.map((departure) => ({ ...departure, status: 'closed' as const }));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
function isUuid(value: string): boolean {
  return UUID.test(value);
}

/**
 * The fields of REQUIRED_CONTACT_FIELDS a contact leaves empty. A first or last name not given on
 * its own is read from fullName (its last word the last name), as most resellers send a name: a
 * fullName of two words or more gives both, a single word only the first.
 */
function missingContactFields(contact: OctoContact): string[] {
  const fromFullName = splitFullName(contact.fullName?.trim() ?? '');
  return REQUIRED_CONTACT_FIELDS.filter((field) => (contact[field]?.trim() || fromFullName[field].trim()) === '');
}

function contactName(contact: OctoContact): string {
  return (contact.fullName?.trim() || [contact.firstName?.trim(), contact.lastName?.trim()].filter(Boolean).join(' ')).trim();
}

/** The booking's contact from OCTO's: a name (fullName, or first and last), an e-mail and a phone, each possibly still to come. */
function contactOf(contact: OctoContact | null) {
  return { name: contact ? contactName(contact) : '', email: contact?.emailAddress?.trim() ?? '', phone: contact?.phoneNumber?.trim() || null };
}

/** A traveller's first and last name from a unit item's contact ("" while the reseller has not given them). */
function personName(contact: OctoContact | undefined): { firstName: string; lastName: string } {
  if (!contact) return { firstName: '', lastName: '' };
  const first = contact.firstName?.trim() ?? '';
  const last = contact.lastName?.trim() ?? '';
  if (first !== '' || last !== '') return { firstName: first, lastName: last };
  return splitFullName(contact.fullName?.trim() ?? '');
}

/** A rule of the bookings (an infant alone, a category the departure does not sell) is OCTO's UNPROCESSABLE_ENTITY. */
function unprocessableFromValidation(error: unknown): unknown {
  if (error instanceof AppError && error.code === 'VALIDATION') {
    const detail = error.errors ? Object.values(error.errors).join('; ') : error.message;
    return octoErrors.unprocessable(detail);
  }
  return error;
}

/** A hold this instance made, by who made it: the reseller, live or test, and the uuid it gave. */
function recentHoldKey(call: OctoCall, uuid: string): string {
  return `${call.caller.resellerId} ${call.caller.testMode ? 'test' : 'live'} ${uuid}`;
}
