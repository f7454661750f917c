/**
 * What the shop shows of the catalogue: the tours sold online (published and bookable online),
 * one tour's public fields, and its departures' seats and prices. Nothing private leaves here: no
 * cost, supplier, margin, staff note or commission; a tour not sold online is as unknown as one
 * that does not exist (null, answered 404 by the routes).
 */
import { sql, type Kysely } from 'kysely';
import type { ShopDeparture, ShopSettings, ShopTour, ShopTourSummary } from '../../shared/contract/shop.js';
import type { Tour } from '../../shared/contract/tours.js';
import { closedFor } from '../../shared/contract/departure-rules.js';
import type { Database } from '../db/schema.js';
import type { CalendarDeparture, DeparturesRepository } from '../departures/repository.js';
import { toMoney } from '../db/query-helpers.js';
import type { Gallery } from '../tours/gallery.js';
import type { ToursRepository } from '../tours/repository.js';

export interface CatalogueSurroundings {
  tours: Pick<ToursRepository, 'get' | 'itinerary' | 'components'>;
  gallery: Pick<Gallery, 'list'>;
  departures: Pick<DeparturesRepository, 'calendarOf'>;
  /** The address of a picture's copy a tour card shows (1024 px wide at most), from its token. */
  pictureUrl: (token: string) => string;
}

/** A tour sold online, as the shop's routes find it by code. */
export interface OnlineTour {
  id: string;
  tour: Tour;
}

export class ShopCatalogue {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly now: () => number,
    private readonly around: CatalogueSurroundings,
  ) {}

  /** The tours sold online, by title: each with its cover, its lowest adult price to come and its next bookable date. */
  async tours(): Promise<ShopTourSummary[]> {
    const at = new Date(this.now());
    // The rule a departure `d` sells at now for one adult: the larger of its tour's active early bird and last minute that apply.
    const FOUND_PERCENT = sql`greatest(0,
      coalesce((select max(r.percent) from tour_price_rules r where r.tour_id = d.tour_id and r.active and r.kind = 'early_bird' and d.starts_at - ${at}::timestamptz >= make_interval(days => r.threshold)), 0),
      coalesce((select max(r.percent) from tour_price_rules r where r.tour_id = d.tour_id and r.active and r.kind = 'last_minute' and d.starts_at >= ${at}::timestamptz and d.starts_at - ${at}::timestamptz <= make_interval(hours => r.threshold)), 0))`;
    const rows = await this.db
      .selectFrom('tours as t')
      .leftJoin('tour_media as m', 'm.id', 't.cover_media_id')
      .select([
        't.code',
        't.title',
        't.summary',
        't.duration_days',
        't.currency',
        't.price_adult_minor',
        'm.token as cover_token',
        'm.alt as cover_alt',
        'm.width as cover_width',
        'm.height as cover_height',
        // Open departures still before their cut-off: what a customer can book, at the lowest adult
        // price found for one adult now, as shared/pricing.ts finds it (and each departure's
        // availability shows): its own price, else its season's, else the tour's; less the larger
        // of the early bird and last minute that apply (a group needs more than one traveller),
        // rounded half away from zero as PostgreSQL's round() of a numeric does. Kept in SQL so
        // the list reads each tour's departures once, not every departure's terms; the shop's
        // tests hold it to the availability's prices.
        sql<string | number | null>`(select min(greatest(0, round(listed.price * (100 - ${FOUND_PERCENT}) / 100.0)))
          from departures d
          left join lateral (select true as found, s.price_adult_minor from tour_seasons s where s.tour_id = d.tour_id and s.from_date <= d.start_date and s.to_date >= d.start_date order by s.from_date desc limit 1) season on true
          cross join lateral (select case when d.own_prices then d.price_adult_minor when season.found then season.price_adult_minor else t.price_adult_minor end as price) listed
          where d.tour_id = t.id and d.status = 'open'
          and d.starts_at - make_interval(hours => t.booking_cutoff_hours) > ${at})`.as('from_price'),
        sql<string | null>`(select min(d.start_date)::text from departures d where d.tour_id = t.id and d.status = 'open'
          and d.starts_at - make_interval(hours => t.booking_cutoff_hours) > ${at})`.as('next_date'),
      ])
      .where('t.status', '=', 'published')
      .where('t.bookable_online', '=', true)
      .orderBy('t.title')
      .orderBy('t.code')
      .limit(500)
      .execute();
    return rows.map((row) => ({
      code: row.code,
      title: row.title,
      summary: row.summary,
      durationDays: row.duration_days,
      currency: row.currency,
      fromPriceMinor: toMoney(row.from_price) ?? toMoney(row.price_adult_minor),
      cover: row.cover_token === null ? null : { url: this.around.pictureUrl(row.cover_token), alt: row.cover_alt ?? '', width: row.cover_width ?? 0, height: row.cover_height ?? 0 },
      nextDeparture: row.next_date,
    }));
  }

  /** A tour sold online by its code, or null. */
  async find(code: string): Promise<OnlineTour | null> {
    const row = await this.db
      .selectFrom('tours')
      .select('id')
      .where('code', '=', code)
      .where('status', '=', 'published')
      .where('bookable_online', '=', true)
      .executeTakeFirst();
    if (!row) return null;
    const tour = await this.around.tours.get(row.id);
    return tour ? { id: row.id, tour } : null;
  }

  /** The tour's page: its public fields, days, pictures and the extras a customer may add. */
  async tour(found: OnlineTour): Promise<ShopTour> {
    const { id, tour } = found;
    const [days, components, pictures] = await Promise.all([this.around.tours.itinerary(id), this.around.tours.components(id), this.around.gallery.list(id)]);
    return {
      code: tour.code,
      title: tour.title,
      summary: tour.summary,
      description: tour.description,
      durationDays: tour.durationDays,
      timeZone: tour.timeZone,
      currency: tour.currency,
      prices: tour.prices,
      ages: { infantAgeUnder: tour.infantAgeUnder, childAgeUnder: tour.childAgeUnder },
      minPax: tour.minPax,
      maxPax: tour.maxPax,
      itinerary: days.map((day) => ({ day: day.dayNumber, title: day.title, description: day.description })),
      gallery: pictures.map((picture) => ({ url: picture.urls.large, alt: picture.alt, width: picture.width, height: picture.height })),
      // Only what a customer may choose and pay for: an optional component with a price.
      extras: components
        .filter((component) => component.inclusion === 'optional' && component.priceMinor !== null)
        .map((component) => ({ componentId: component.id, name: component.name, priceMinor: component.priceMinor! })),
      deposit: tour.depositPercent === null ? null : { percent: tour.depositPercent },
      cancellationFees: tour.cancellationFees,
      selfService: tour.selfService,
    };
  }

  /** The tour's departures on local dates `from` to `to` (cancelled ones left out), as a customer may book them. */
  async availability(found: OnlineTour, range: { from: string; to: string }, settings: Pick<ShopSettings, 'showSeatsBelow'>): Promise<ShopDeparture[]> {
    const at = new Date(this.now());
    const departures = await this.around.departures.calendarOf(found.id, range, found.tour.bookingCutoffHours);
    return departures.filter((departure) => departure.status !== 'cancelled').map((departure) => shopDeparture(departure, found.tour, at, settings.showSeatsBelow));
  }
}

/** One departure as the shop shows it: closed past its cut-off, the exact seats only when few are left. */
export function shopDeparture(departure: CalendarDeparture, tour: Pick<Tour, 'bookingCutoffHours'>, at: Date, showSeatsBelow: number): ShopDeparture {
  // The tour is published and sold online (the routes found it so): the departure's own state decides.
  const closed = closedFor({ status: departure.status, startsAt: departure.startsAt, bookingCutoffHours: tour.bookingCutoffHours }, at.getTime()) !== null;
  const left = departure.seatsAvailable;
  const status = closed ? 'CLOSED' : left === 0 ? 'SOLD_OUT' : left <= showSeatsBelow ? 'LIMITED' : 'AVAILABLE';
  return {
    departureId: departure.id,
    date: departure.startDate,
    startTime: departure.startTime,
    startsAt: departure.startsAt,
    status,
    seatsLeft: status === 'SOLD_OUT' ? 0 : status === 'LIMITED' ? left : null,
    prices: departure.prices,
  };
}
