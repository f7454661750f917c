/**
 * The new-booking form's state and what follows from it: the chosen tour and departure, the
 * travellers, extras and contact (kept in the draft as they change), the checks of each step, the
 * price as the server will compute it, and the submit. One Idempotency-Key per form: a double click
 * on Book, or a retry after a lost answer, makes one booking.
 */
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useDataProvider, useGetList, useGetOne, useNotify } from 'react-admin';
import { useNavigate, useSearchParams } from 'react-router';
import { priceBooking } from '../../../../shared/booking-price';
import { findPricesFor } from '../../../../shared/pricing';
import type { STAFF_BOOKING_CHANNELS, Booking, NewBooking } from '../../../../shared/contract/bookings';
import type { PriceQuote } from '../../../../shared/contract/pricing';
import type { PromoTerms } from '../../../../shared/contract/promo-codes';
import type { Departure } from '../../../../shared/contract/departures';
import type { Tour } from '../../../../shared/contract/tours';
import { isEmailAddress } from '../../../../shared/field-rules';
import { birthDateProblem, DEFAULT_AGE_BANDS, hasNoAdult, type BirthDateProblem } from '../../../../shared/traveller-ages';
import { t } from '../../../i18n';
import type { BackOfficeDataProvider } from '../../../providers/data-provider';
import { ApiError } from '../../../providers/http-client';
import { closedFor, todayOnThisCalendar } from '../../departures/departure-text';
import { getUserState, subscribe } from '../../../providers/auth-state';
import { useTourComponents } from '../../tours/tour-parts';
import { CATEGORY_LABELS, newIdempotencyKey } from '../booking-text';
import { freshDraft, STEPS, writeBookingDraft, type Category, type TravellerRow } from './draft';
import { useBookingDraft } from './useBookingDraft';

export type BookingForm = ReturnType<typeof useBookingForm>;

/** Which step shows a field's problem. */
const stepOf = (field: string) => (field === 'promoCode' ? Number.POSITIVE_INFINITY : field === 'departureId' || field.startsWith('cutoffOverride') ? 0 : field.startsWith('travellers') ? 1 : field.startsWith('extras') || field === 'singleRooms' ? 2 : 3);

export function useBookingForm() {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const notify = useNotify();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { draftId, step, stepAhead, setStep, initial } = useBookingDraft();
  const [tourId, setTourId] = useState<string | null>(initial.tourId);
  const [departureId, setDepartureId] = useState<string | null>(initial.departureId);
  const [travellers, setTravellers] = useState<TravellerRow[]>(initial.travellers);
  const [extras, setExtras] = useState<Record<string, number>>(initial.extras);
  const [singleRooms, setSingleRooms] = useState(initial.singleRooms);
  const [contact, setContact] = useState(initial.contact);
  const [channel, setChannel] = useState<(typeof STAFF_BOOKING_CHANNELS)[number]>(initial.channel);
  const [notes, setNotes] = useState(initial.notes);
  const [pickup, setPickup] = useState(initial.pickup ?? '');
  const [guideNotes, setGuideNotes] = useState(initial.guideNotes ?? '');
  const [holdMinutes, setHoldMinutes] = useState(initial.holdMinutes);
  const [waitlist, setWaitlist] = useState(initial.waitlist);
  const [cutoffReason, setCutoffReason] = useState(initial.cutoffReason ?? '');
  const [promo, setPromo] = useState<PromoTerms | null>(initial.promo ?? null);
  // Staff allowed to book past a departure's cut-off (with a reason) may choose such a departure.
  const canOverrideCutoff = (useSyncExternalStore(subscribe, getUserState).role?.permissions ?? []).includes('bookings.override_cutoff');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [refusal, setRefusal] = useState<{ message: string; available?: number } | null>(null);
  const [sending, setSending] = useState(false);
  // One key for this form (kept with its draft, so a reload after a lost answer still books once):
  // every press of Book sends it, so the server makes one booking at most.
  const [idempotencyKey, setIdempotencyKey] = useState(initial.idempotencyKey);
  const made = useRef(false);
  useEffect(() => {
    if (made.current) return;
    writeBookingDraft(draftId, { tourId, departureId, travellers, extras, singleRooms, contact, channel, notes, pickup, guideNotes, holdMinutes, waitlist, cutoffReason, idempotencyKey, promo });
  }, [draftId, tourId, departureId, travellers, extras, singleRooms, contact, channel, notes, pickup, guideNotes, holdMinutes, waitlist, cutoffReason, idempotencyKey, promo]);

  const preselected = useGetOne<Departure>('departures', { id: search.get('departureId') ?? '' }, { enabled: Boolean(search.get('departureId')) });
  useEffect(() => {
    if (preselected.data && tourId === null) setTourId(preselected.data.tourId);
  }, [preselected.data, tourId]);
  // Arrived from a departure: its tour is chosen for the clerk once the departure has loaded; until
  // then the field waits, so that nothing typed into it is overwritten.
  const choosingFromDeparture = Boolean(search.get('departureId')) && preselected.isPending && tourId === null;
  const tours = useGetList<Tour>('tours', { filter: { status: 'published' }, sort: { field: 'title', order: 'ASC' }, pagination: { page: 1, perPage: 100 } });
  const tour = tours.data?.find((candidate) => candidate.id === tourId);
  const departures = useGetList<Departure>(
    'departures',
    { filter: { tourId, status: 'open', from: todayOnThisCalendar() }, sort: { field: 'startsAt', order: 'ASC' }, pagination: { page: 1, perPage: 60 } },
    { enabled: tourId !== null },
  );
  const departure = departures.data?.find((candidate) => candidate.id === departureId) ?? (preselected.data?.id === departureId ? preselected.data : undefined);
  const closedNow = departure !== undefined ? closedFor(departure) : null;
  const pastCutoff = closedNow === 'cutoff' && canOverrideCutoff;
  const components = useTourComponents(tourId ?? '');
  const optional = useMemo(() => (components.data ?? []).filter((component) => component.inclusion === 'optional'), [components.data]);
  const currency = tour?.currency ?? 'EUR';
  // The lines the server will add up, from what the departure and the components sell now: the
  // departure's list prices less the rule that applies to these travellers now (shared/pricing.ts).
  const found = departure?.pricing
    ? findPricesFor({ tourPrices: departure.pricing.listPrices, departurePrices: null, season: null, rules: departure.pricing.rules }, Date.parse(departure.startsAt), Date.now(), travellers)
    : null;
  const price = departure
    ? priceBooking(
        {
          travellers,
          extras: optional.filter((component) => (extras[component.id] ?? 0) > 0).map((component) => ({ componentId: component.id, quantity: extras[component.id] })),
          singleRooms,
        },
        { ...(found ? { prices: found.prices, listPrices: found.listPrices, rule: found.rule } : { prices: departure.prices }), singleSupplementMinor: departure.singleSupplementMinor, promo },
        optional,
      )
    : null;
  const seats = travellers.filter((traveller) => traveller.category !== 'INFANT').length;
  const adults = travellers.filter((traveller) => traveller.category === 'ADULT').length;
  const soldCategories = departure ? (Object.keys(CATEGORY_LABELS) as Category[]).filter((category) => departure.prices[category] !== null) : (['ADULT'] as Category[]);
  const tooFew = departure !== undefined && seats > departure.seatsAvailable;
  // Warnings, not refusals: the clerk may know better.
  const bands = tour ?? DEFAULT_AGE_BANDS;
  const ageWarnings = travellers.map((traveller) => ageWarningText(birthDateProblem(traveller, departure?.startDate, bands)));
  const adultWarning = seats > 0 && hasNoAdult(travellers) ? t('bookings.create.no_adult') : null;

  const check = (upTo: number): Record<string, string> => {
    const found: Record<string, string> = {};
    // One chosen before it closed (a draft, a link from the departure) is refused here, not four steps on.
    if (upTo >= 0 && !departure) found.departureId = t('bookings.create.choose_departure');
    else if (upTo >= 0 && closedNow !== null && !pastCutoff) found.departureId = t(`bookings.create.closed_${closedNow}`);
    if (upTo >= 0 && pastCutoff && cutoffReason.trim().length < 3) found['cutoffOverride.reason'] = t('bookings.create.cutoff_reason_needed');
    if (upTo >= 1) {
      travellers.forEach((traveller, index) => {
        if (!traveller.firstName.trim()) found[`travellers.${index}.firstName`] = t('bookings.create.enter_first_name');
        if (!traveller.lastName.trim()) found[`travellers.${index}.lastName`] = t('bookings.create.enter_last_name');
        if (!soldCategories.includes(traveller.category)) found[`travellers.${index}.category`] = t('bookings.create_more.category_not_sold', { category: CATEGORY_LABELS[traveller.category] });
      });
      if (seats === 0) found.travellers = t('bookings.create.infant_alone');
    }
    if (upTo >= 2 && singleRooms > adults) found.singleRooms = t('bookings.create.one_per_adult', { adults });
    if (upTo >= 3) {
      if (!contact.name.trim()) found['contact.name'] = t('bookings.create.enter_lead_name');
      if (!isEmailAddress(contact.email.trim())) found['contact.email'] = t('bookings.create.enter_email');
    }
    return found;
  };
  /** To a step: one further is checked up to the step before it. */
  const go = (target: number) => {
    const from = stepAhead();
    if (target > from) {
      const found = check(target - 1);
      setProblems(found);
      if (Object.keys(found).length > 0) {
        const first = Math.min(...Object.keys(found).map(stepOf));
        if (first !== from) setStep(first, true);
        return;
      }
    }
    if (target !== from) setStep(target);
  };
  /** Next and Back: from the step the form is on its way to, so that two quick presses move two steps. */
  const move = (by: 1 | -1) => go(Math.min(Math.max(stepAhead() + by, 0), STEPS.length - 1));

  const submit = async (status: 'held' | 'confirmed') => {
    const found = check(3);
    setProblems(found);
    if (Object.keys(found).length > 0) {
      setStep(Math.min(...Object.keys(found).map(stepOf)), true);
      return;
    }
    const body: NewBooking = {
      departureId: departure!.id,
      contact: { name: contact.name.trim(), email: contact.email.trim(), ...(contact.phone.trim() && { phone: contact.phone.trim() }) },
      travellers: travellers.map((traveller) => ({
        category: traveller.category,
        firstName: traveller.firstName.trim(),
        lastName: traveller.lastName.trim(),
        ...(traveller.dateOfBirth && { dateOfBirth: traveller.dateOfBirth }),
      })),
      extras: Object.entries(extras)
        .filter(([, quantity]) => quantity > 0)
        .map(([componentId, quantity]) => ({ componentId, quantity })),
      singleRooms,
      status,
      ...(status === 'held' && { holdMinutes }),
      ...(waitlist && { waitlist: true }),
      channel,
      ...(notes.trim() && { notes: notes.trim() }),
      ...(pickup.trim() && { pickup: pickup.trim() }),
      ...(guideNotes.trim() && { guideNotes: guideNotes.trim() }),
      ...(pastCutoff && { cutoffOverride: { reason: cutoffReason.trim() } }),
      ...(promo && { promoCode: promo.code }),
    };
    setSending(true);
    setRefusal(null);
    try {
      const booking = await dataProvider.call<Booking>('bookings', { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } });
      // Made: coming back to this draft (Back from the booking's page) starts a new booking.
      made.current = true;
      writeBookingDraft(draftId, { ...freshDraft(null), madeBookingId: booking.id });
      notify(`bookings.create.made.${booking.status === 'waitlisted' || booking.status === 'held' ? booking.status : 'confirmed'}`, { type: 'success', messageArgs: { reference: booking.reference } });
      navigate(`/bookings/${booking.id}/show`);
    } catch (error) {
      // Refused: nothing was booked, and the key is free again for the corrected request.
      setIdempotencyKey(newIdempotencyKey());
      const data = error instanceof ApiError ? (error.data as { code?: string; message?: string; available?: number; errors?: Record<string, string> } | null) : null;
      // A code refused now (used up since it was applied) is said beside its field.
      if (data?.code === 'PROMO_CODE_INVALID') setProblems({ promoCode: data.message ?? '' });
      if (data?.errors) {
        setProblems(data.errors);
        // A promo code's refusal is said beside its field, which every step shows.
        const first = Math.min(...Object.keys(data.errors).map(stepOf));
        if (Number.isFinite(first) && first !== step) setStep(first, true);
      }
      setRefusal({ message: error instanceof Error ? error.message : t('bookings.create.not_made'), available: data?.code === 'SOLD_OUT' ? data.available : undefined });
      notify(error instanceof Error ? error.message : 'bookings.create.not_made', { type: 'error' });
    } finally {
      setSending(false);
    }
  };

  /**
   * A promo code checked by the server's quote for this departure and these travellers: applied
   * with its terms when it holds, else its refusal said beside the field. Null: applied.
   */
  const applyPromo = async (code: string): Promise<void> => {
    if (!departure || !tourId) return;
    const counts = { ADULT: 0, CHILD: 0, INFANT: 0 };
    for (const traveller of travellers) counts[traveller.category] += 1;
    try {
      const quote = await dataProvider.call<PriceQuote>(`tours/${encodeURIComponent(tourId)}/price-quote`, { method: 'POST', body: { departureId: departure.id, travellers: counts, promoCode: code.trim() } });
      setPromo(quote.promoCode);
      setProblems(({ promoCode: _gone, ...rest }) => rest);
    } catch (error) {
      // PROMO_CODE_INVALID's sentence says why (unknown, expired, used up…); any other failure says itself.
      setProblems((current) => ({ ...current, promoCode: error instanceof Error ? error.message : t('bookings.create.not_made') }));
    }
  };

  const updateTraveller = (index: number, change: Partial<TravellerRow>) => setTravellers((rows) => rows.map((row, at) => (at === index ? { ...row, ...change } : row)));

  return {
    step,
    go,
    move,
    submit,
    sending,
    problems,
    refusal,
    tours,
    tour,
    tourId,
    setTourId,
    choosingFromDeparture,
    departures,
    departure,
    departureId,
    setDepartureId,
    components,
    optional,
    currency,
    price,
    travellers,
    setTravellers,
    updateTraveller,
    seats,
    adults,
    soldCategories,
    tooFew,
    ageWarnings,
    adultWarning,
    extras,
    setExtras,
    singleRooms,
    setSingleRooms,
    contact,
    setContact,
    channel,
    setChannel,
    notes,
    setNotes,
    pickup,
    setPickup,
    guideNotes,
    setGuideNotes,
    holdMinutes,
    setHoldMinutes,
    waitlist,
    setWaitlist,
    canOverrideCutoff,
    pastCutoff,
    cutoffReason,
    setCutoffReason,
    promo,
    setPromo,
    applyPromo,
  };
}

/** A birth date that does not fit its category, in the screens' language; null when it fits. */
function ageWarningText(problem: BirthDateProblem | null): string | null {
  if (problem === null) return null;
  if (problem.kind === 'born_after') return t('bookings.create.born_after');
  const { band } = problem;
  const bandText =
    band.under !== undefined ? t('bookings.create.band_under', { age: band.under }) : band.to !== undefined ? t('bookings.create.band_between', { from: band.from!, to: band.to }) : t('bookings.create.band_from', { age: band.from! });
  return t('bookings.create.other_band', { age: problem.age, fits: t(`bookings.create.a_category.${problem.fits}`), band: bandText, category: t(`bookings.create.a_category.${problem.category}`) });
}
