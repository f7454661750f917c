/**
 * `npm run demo-data`: fills the configured database (empty or not) with a realistic catalogue to
 * try the product on and take screenshots of: seven tours in three currencies (ISK and JPY have
 * no minor unit, EUR has two) and four time zones, with components, a written itinerary,
 * departures over the coming six months and pictures drawn on this machine (SVG landscapes rendered by sharp, no downloads). It goes
 * through the same repositories as the API, so every rule holds and every change is audited.
 * A tour whose code exists already is left as it is, so running it twice adds nothing. It never
 * runs by itself.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type { DayInput, NewComponent, NewTour } from '../shared/contract/tours.js';
import type { RequestOrigin } from './audit/audit-log.js';
import { buildApp, type App } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { migrateToLatest } from './db/migrate.js';
import { openDatabase } from './db/open-database.js';
import { firstAdministratorLine, seedDatabase } from './db/seed.js';

interface Scene {
  sky: [string, string];
  sun: string;
  ridges: string[];
  water?: string;
}

interface DemoTour {
  tour: NewTour;
  components: NewComponent[];
  days: DayInput[];
  pictures: { alt: string; caption: string; scene: Scene }[];
  /** Departures scheduled in bulk: weekdays (Monday = 1) at a local time, over the coming months. */
  departures?: { weekdays: number[]; startTime: string; capacity: number };
}

const ORIGIN: RequestOrigin = { actorId: null, permissions: null, ip: null, userAgent: 'npm run demo-data' };

const day = (title: string, text: string, overnight: string, meals: Partial<DayInput['meals']> = {}): DayInput => ({
  title,
  description: `<p>${text}</p>`,
  overnight,
  meals: { breakfast: true, lunch: false, dinner: false, ...meals },
});

const ICELAND: Scene = { sky: ['#0b3d5c', '#8fc1d4'], sun: '#f6e7b0', ridges: ['#3b4a54', '#27323a', '#161d22'], water: '#1f5f7a' };
const AURORA: Scene = { sky: ['#04111f', '#1d6b57'], sun: '#c9f7e4', ridges: ['#1b2a35', '#0f1a22'], water: '#0b2533' };
const KYOTO: Scene = { sky: ['#f3b48b', '#fde7cf'], sun: '#e4572e', ridges: ['#6b4f5c', '#4a3844', '#2f232b'] };
const ALPS: Scene = { sky: ['#5d8fc9', '#dcecf7'], sun: '#fff6d5', ridges: ['#9fb4c7', '#5d7287', '#34495e'] };
const DOURO: Scene = { sky: ['#f2a65a', '#fbe3b5'], sun: '#fff1c1', ridges: ['#7a8b3d', '#56672a', '#3a4a1b'], water: '#4f7f8c' };
const DOLOMITES: Scene = { sky: ['#e98a6b', '#f7d2b8'], sun: '#fff3e0', ridges: ['#c9a48d', '#8f6f61', '#5b4740'] };

export const DEMO_TOURS: DemoTour[] = [
  {
    tour: {
      code: 'ICE-RING-8',
      title: 'Iceland Ring Road in eight days',
      summary: 'Waterfalls, glaciers, black beaches and the quiet east fjords, all the way round.',
      description: '<p>A small-group journey round <strong>Route 1</strong>, with time to walk and a guide who grew up here.</p><ul><li>Eight days, seven nights</li><li>At most 16 travellers</li></ul>',
      status: 'published',
      timeZone: 'Atlantic/Reykjavik',
      currency: 'ISK',
      durationDays: 8,
      minPax: 4,
      maxPax: 16,
      bookingCutoffHours: 72,
      prices: { ADULT: 389_000, CHILD: 289_000, INFANT: 0 },
      singleSupplementMinor: 95_000,
    },
    components: [
      { kind: 'accommodation', name: 'Country hotels, twin rooms', supplier: 'Icelandic Farm Hotels', dayFrom: 1, dayTo: 7, inclusion: 'included', costMinor: 1_120_000 },
      { kind: 'transport', name: 'Minibus with driver-guide', supplier: 'Ring Road Coaches', dayFrom: 1, dayTo: 8, inclusion: 'included' },
      { kind: 'activity', name: 'Glacier walk on Sólheimajökull', supplier: 'Arctic Guides', dayFrom: 3, dayTo: 3, inclusion: 'optional', priceMinor: 24_900 },
      { kind: 'activity', name: 'Whale watching from Húsavík', supplier: 'North Sailing', dayFrom: 6, dayTo: 6, inclusion: 'optional', priceMinor: 12_900 },
    ],
    days: [
      day('Arrival in Reykjavík', 'Meet your guide in the evening for a walk through the old harbour.', 'Reykjavík', { breakfast: false, dinner: true }),
      day('The Golden Circle', 'Þingvellir, the Geysir field and the double fall of Gullfoss.', 'Hella'),
      day('The south coast', 'Seljalandsfoss, Skógafoss and the black sand at Reynisfjara.', 'Vík', { dinner: true }),
      day('Glacier lagoon', 'Icebergs at Jökulsárlón and the diamond beach beside it.', 'Höfn'),
      day('The east fjords', 'Fishing villages between steep fjord walls.', 'Egilsstaðir'),
      day('Lake Mývatn', 'Lava pillars, craters and the nature baths.', 'Mývatn', { dinner: true }),
      day('Akureyri and the west', 'The capital of the north, then across the highlands to the west.', 'Borgarnes'),
      day('Back to Reykjavík', 'Transfer to the airport or a last afternoon in town.', ''),
    ],
    pictures: [
      { alt: 'A waterfall falling from a green cliff under a pale sky', caption: 'Skógafoss on day three', scene: ICELAND },
      { alt: 'Dark mountains above a fjord at dusk', caption: 'The east fjords', scene: { ...ICELAND, sky: ['#26415c', '#e3a27a'] } },
      { alt: 'Icebergs floating in a lagoon below a glacier', caption: 'Jökulsárlón', scene: { ...ICELAND, water: '#6fb6c9' } },
    ],
    departures: { weekdays: [6], startTime: '08:30', capacity: 16 },
  },
  {
    tour: {
      code: 'ICE-AURORA-4',
      title: 'Northern lights weekend',
      summary: 'Four winter nights away from city lights, with a photographer.',
      status: 'published',
      // Sold in the online shop, so a newcomer sees it selling after the README's first commands.
      bookableOnline: true,
      selfService: { cancel: true, change: true, untilHours: 72 },
      timeZone: 'Atlantic/Reykjavik',
      currency: 'ISK',
      durationDays: 4,
      minPax: 2,
      maxPax: 12,
      bookingCutoffHours: 48,
      prices: { ADULT: 179_000, CHILD: null, INFANT: null },
      singleSupplementMinor: 45_000,
    },
    components: [
      { kind: 'accommodation', name: 'Countryside lodge with a hot tub', supplier: 'Hótel Rangá', dayFrom: 1, dayTo: 3, inclusion: 'included' },
      { kind: 'guide', name: 'Aurora photographer', supplier: 'Northern Frames', dayFrom: 1, dayTo: 3, inclusion: 'included' },
      { kind: 'activity', name: 'Ice cave in Vatnajökull', supplier: 'Glacier Adventure', dayFrom: 2, dayTo: 2, inclusion: 'optional', priceMinor: 29_900 },
    ],
    days: [
      day('To the countryside', 'Drive east in the afternoon; the first night watch begins after dinner.', 'Hella', { breakfast: false, dinner: true }),
      day('Ice and light', 'An optional ice cave by day, the aurora by night.', 'Hella', { dinner: true }),
      day('Black beaches', 'Reynisfjara in winter light.', 'Hella', { dinner: true }),
      day('Return', 'Back to Reykjavík by noon.', ''),
    ],
    pictures: [
      { alt: 'Green northern lights above a dark ridge', caption: 'The aurora over Hella', scene: AURORA },
      { alt: 'A frozen lake under a green and violet sky', caption: 'Night watch', scene: { ...AURORA, sky: ['#0a0f24', '#5b3f8c'] } },
    ],
    departures: { weekdays: [4], startTime: '15:00', capacity: 12 },
  },
  {
    tour: {
      code: 'JPN-KYOTO-7',
      title: 'Kyoto and the Kumano Kodo',
      summary: 'Temples and tea houses, then three days on the old pilgrim trails.',
      description: '<p>From the gardens of <em>Kyoto</em> to the forest paths of the Kii peninsula, sleeping in <strong>ryokan</strong> along the way.</p>',
      status: 'published',
      // Sold in the online shop, so a newcomer sees it selling after the README's first commands.
      bookableOnline: true,
      selfService: { cancel: true, change: false, untilHours: 168 },
      timeZone: 'Asia/Tokyo',
      currency: 'JPY',
      durationDays: 7,
      minPax: 2,
      maxPax: 10,
      bookingCutoffHours: 96,
      prices: { ADULT: 298_000, CHILD: 238_000, INFANT: 0 },
      singleSupplementMinor: 64_000,
    },
    components: [
      { kind: 'accommodation', name: 'Machiya town house', supplier: 'Kyoto Machiya Stays', dayFrom: 1, dayTo: 3, inclusion: 'included' },
      { kind: 'accommodation', name: 'Ryokan with onsen', supplier: 'Kumano Inns', dayFrom: 4, dayTo: 6, inclusion: 'included' },
      { kind: 'transfer', name: 'Luggage forwarding between inns', supplier: 'Yamato Transport', dayFrom: 4, dayTo: 6, inclusion: 'included' },
      { kind: 'meal', name: 'Kaiseki dinner in Gion', supplier: 'Gion Kappa', dayFrom: 2, dayTo: 2, inclusion: 'optional', priceMinor: 18_000 },
    ],
    days: [
      day('Arrival in Kyoto', 'Evening walk along the Kamo river.', 'Kyoto', { breakfast: false }),
      day('Eastern Kyoto', 'Kiyomizu-dera, Sannenzaka and the lanes of Gion.', 'Kyoto'),
      day('Arashiyama', 'The bamboo grove and a garden few visitors find.', 'Kyoto'),
      day('To the Kii peninsula', 'Train to Tanabe and the first stretch of the Nakahechi route.', 'Chikatsuyu', { dinner: true }),
      day('On the trail', 'Forest paths and small shrines to Hongū.', 'Yunomine Onsen', { lunch: true, dinner: true }),
      day('Nachi falls', 'The great waterfall and the pagoda beside it.', 'Katsuura', { dinner: true }),
      day('Departure', 'Train to Osaka or Kyoto.', ''),
    ],
    pictures: [
      { alt: 'A red sun low over layered blue-grey hills', caption: 'Morning on the Nakahechi route', scene: KYOTO },
      { alt: 'Hills in orange evening light', caption: 'Above Hongū', scene: { ...KYOTO, sky: ['#c85a54', '#f6c89f'] } },
      { alt: 'Misty ridges one behind another', caption: 'The Kii mountains', scene: { ...KYOTO, ridges: ['#8a7f8d', '#5e5564', '#3a3440'] } },
    ],
    departures: { weekdays: [1, 4], startTime: '09:00', capacity: 10 },
  },
  {
    tour: {
      code: 'JPN-ALPS-5',
      title: 'Japanese Alps by rail',
      summary: 'Takayama, Shirakawa-go and the Tateyama route in five days.',
      status: 'draft',
      timeZone: 'Asia/Tokyo',
      currency: 'JPY',
      durationDays: 5,
      minPax: 2,
      maxPax: 14,
      bookingCutoffHours: 72,
      prices: { ADULT: 185_000, CHILD: 148_000, INFANT: null },
      singleSupplementMinor: null,
    },
    components: [
      { kind: 'transport', name: 'JR rail pass, green car', supplier: 'JR Central', dayFrom: 1, dayTo: 5, inclusion: 'included' },
      { kind: 'accommodation', name: 'Minshuku in a gassho farmhouse', supplier: 'Shirakawa-go Minshuku', dayFrom: 2, dayTo: 2, inclusion: 'included' },
    ],
    days: [
      day('Nagoya to Takayama', 'The Wide View Hida train up the river gorges.', 'Takayama'),
      day('Shirakawa-go', 'Thatched farmhouses, and a night in one.', 'Shirakawa-go', { dinner: true }),
      day('Kanazawa', 'Kenroku-en and the old samurai quarter.', 'Kanazawa'),
    ],
    pictures: [{ alt: 'Snowy peaks above a blue valley', caption: 'The Northern Alps', scene: ALPS }],
  },
  {
    tour: {
      code: 'POR-DOURO-6',
      title: 'Douro Valley: wine and rail',
      summary: 'Porto, the terraced valley and a night at a quinta.',
      description: '<p>Six unhurried days along the <strong>Douro</strong>, with tastings at three family quintas.</p>',
      status: 'published',
      // Sold in the online shop, so a newcomer sees it selling after the README's first commands.
      bookableOnline: true,
      selfService: { cancel: false, change: true, untilHours: 48 },
      timeZone: 'Europe/Lisbon',
      currency: 'EUR',
      durationDays: 6,
      minPax: 2,
      maxPax: 14,
      bookingCutoffHours: 48,
      prices: { ADULT: 145_000, CHILD: 98_000, INFANT: 0 },
      singleSupplementMinor: 32_500,
    },
    components: [
      { kind: 'accommodation', name: 'Boutique hotel in Ribeira', supplier: 'Porto Riverside', dayFrom: 1, dayTo: 2, inclusion: 'included', costMinor: 36_000 },
      { kind: 'accommodation', name: 'Quinta with vineyard views', supplier: 'Quinta do Vale', dayFrom: 3, dayTo: 5, inclusion: 'included', costMinor: 54_000 },
      { kind: 'transport', name: 'Historic Douro train', supplier: 'CP Comboios', dayFrom: 3, dayTo: 3, inclusion: 'included' },
      { kind: 'activity', name: 'River cruise with lunch', supplier: 'Douro Azul', dayFrom: 4, dayTo: 4, inclusion: 'optional', priceMinor: 8_950 },
    ],
    days: [
      day('Porto', 'Welcome dinner above the river.', 'Porto', { breakfast: false, dinner: true }),
      day('Port lodges', 'Cellars of Vila Nova de Gaia.', 'Porto'),
      day('Up the valley', 'The train to Pinhão along the river.', 'Pinhão', { lunch: true }),
      day('Harvest day', 'A morning in the vineyard, an optional river cruise.', 'Pinhão', { dinner: true }),
      day('Three quintas', 'Tastings from the oldest terraces.', 'Pinhão', { lunch: true }),
      day('Return to Porto', 'Back by road; flights from the afternoon.', ''),
    ],
    pictures: [
      { alt: 'Terraced green hills above a river at sunset', caption: 'The valley near Pinhão', scene: DOURO },
      { alt: 'A bend of the river between vineyards', caption: 'Day four', scene: { ...DOURO, sky: ['#d9825b', '#f8d9a0'] } },
    ],
    departures: { weekdays: [7], startTime: '10:00', capacity: 14 },
  },
  {
    tour: {
      code: 'ITA-DOLO-7',
      title: 'Dolomites hut to hut',
      summary: 'Seven days on the Alta Via 1 with a mountain guide.',
      status: 'published',
      timeZone: 'Europe/Rome',
      currency: 'EUR',
      durationDays: 7,
      minPax: 4,
      maxPax: 8,
      bookingCutoffHours: 168,
      prices: { ADULT: 189_000, CHILD: null, INFANT: null },
      singleSupplementMinor: null,
    },
    components: [
      { kind: 'guide', name: 'IFMGA mountain guide', supplier: 'Guide Alpine Cortina', dayFrom: 1, dayTo: 7, inclusion: 'included' },
      { kind: 'accommodation', name: 'Mountain huts, half board', supplier: 'CAI Rifugi', dayFrom: 1, dayTo: 6, inclusion: 'included' },
      { kind: 'transfer', name: 'Luggage transfer to the valley', supplier: 'Dolomiti Transfer', dayFrom: 7, dayTo: 7, inclusion: 'optional', priceMinor: 4_500 },
    ],
    days: [
      day('Lago di Braies', 'Start at the lake; climb to the first hut.', 'Rifugio Biella', { dinner: true }),
      day('Fanes plateau', 'High meadows and marmots.', 'Rifugio Fanes', { lunch: true, dinner: true }),
    ],
    pictures: [
      { alt: 'Pale limestone towers glowing pink at dusk', caption: 'Enrosadira on the Alta Via', scene: DOLOMITES },
      { alt: 'Jagged peaks above a green pass', caption: 'Passo Giau', scene: { ...DOLOMITES, sky: ['#7aa6d6', '#e9f1f8'] } },
    ],
  },
  {
    tour: {
      code: 'NOR-FJORD-5',
      title: 'Norwegian fjords (2025 programme)',
      summary: 'Last year’s fjord cruise, kept for its bookings.',
      status: 'archived',
      timeZone: 'Europe/Oslo',
      currency: 'EUR',
      durationDays: 5,
      minPax: 2,
      maxPax: 20,
      bookingCutoffHours: 48,
      prices: { ADULT: 159_000, CHILD: 119_000, INFANT: 0 },
      singleSupplementMinor: 29_000,
    },
    components: [{ kind: 'transport', name: 'Fjord ferry', supplier: 'Fjord1', dayFrom: 2, dayTo: 4, inclusion: 'included' }],
    days: [],
    pictures: [{ alt: 'Steep walls of a fjord in blue evening light', caption: 'Geirangerfjord', scene: { ...ICELAND, sky: ['#1d3557', '#a8dadc'] } }],
  },
];

/** A landscape as an SVG: a sky gradient, a sun, ridges one behind another, perhaps water. */
export function landscapeSvg(scene: Scene, seed: number, width = 2400, height = 1600): string {
  let state = seed;
  const random = () => ((state = (state * 1_103_515_245 + 12_345) % 2_147_483_648) / 2_147_483_648);
  const ridges = scene.ridges
    .map((colour, index) => {
      const base = height * (0.45 + index * 0.12);
      const points = [`0,${height}`];
      for (let x = 0; x <= width; x += width / 12) points.push(`${x.toFixed(0)},${(base - random() * height * 0.22).toFixed(0)}`);
      points.push(`${width},${height}`);
      return `<polygon points="${points.join(' ')}" fill="${colour}"/>`;
    })
    .join('');
  const water = scene.water ? `<rect x="0" y="${height * 0.8}" width="${width}" height="${height * 0.2}" fill="${scene.water}" opacity="0.9"/>` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${scene.sky[0]}"/><stop offset="1" stop-color="${scene.sky[1]}"/></linearGradient></defs>
    <rect width="${width}" height="${height}" fill="url(#sky)"/>
    <circle cx="${(width * (0.2 + random() * 0.6)).toFixed(0)}" cy="${(height * (0.18 + random() * 0.15)).toFixed(0)}" r="${height * 0.07}" fill="${scene.sun}" opacity="0.9"/>
    ${ridges}${water}
  </svg>`;
}

export interface DemoDataOptions {
  /**
   * Sets the clock of `app` (null: back to the real time). Given, the demo tours also get a past:
   * fifteen months of departures and bookings made at their own dates, and departures in the next
   * two weeks booked over the last three, so the dashboard's figures and charts have a history.
   */
  travelTo?: (time: number | null) => void;
}

/** Adds the demo tours that are not there yet (by code); answers how many tours and pictures it added. */
export async function fillDemoData(
  app: App,
  log: (line: string) => void = () => undefined,
  options: DemoDataOptions = {},
): Promise<{ tours: number; pictures: number; departures: number; bookings: number }> {
  const folder = await mkdtemp(join(tmpdir(), 'bo-demo-'));
  let tours = 0;
  let pictures = 0;
  let departures = 0;
  let bookings = 0;
  try {
    for (const [index, demo] of DEMO_TOURS.entries()) {
      const existing = await app.db.selectFrom('tours').select('id').where('code', '=', demo.tour.code).executeTakeFirst();
      if (existing) {
        log(`  ${demo.tour.code} is there already: left as it is`);
        continue;
      }
      const tour = await app.tours.create(demo.tour, ORIGIN);
      for (const component of demo.components) await app.tours.addComponent(tour.id, component, ORIGIN);
      for (const [dayIndex, input] of demo.days.entries()) await app.tours.saveDay(tour.id, dayIndex + 1, input, ORIGIN);
      for (const [pictureIndex, picture] of demo.pictures.entries()) {
        const path = join(folder, `${demo.tour.code}-${pictureIndex}.jpg`);
        await writeFile(path, await sharp(Buffer.from(landscapeSvg(picture.scene, index * 10 + pictureIndex + 1))).jpeg({ quality: 88 }).toBuffer());
        await app.gallery.add(tour.id, { alt: picture.alt, caption: picture.caption, credit: 'Demo data' }, await app.pictures.make(path), ORIGIN);
        pictures += 1;
      }
      if (demo.departures) {
        // The coming months, from the first of next month, in the tour's own calendar.
        const today = new Date(app.now());
        const from = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 1, 1));
        const to = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 7, 0));
        const added = await app.departures.bulk({ tourId: tour.id, from: isoDate(from), to: isoDate(to), ...demo.departures }, ORIGIN);
        departures += added.data.length;
        // Bookings on the first departures still open to them: at the end of a month, next month's first days are past the tour's cut-off.
        const cutoffMs = (demo.tour.bookingCutoffHours ?? 0) * 3_600_000;
        const bookable = added.data.filter((departure) => Date.parse(departure.startsAt) - cutoffMs > app.now());
        if (demo.tour.status === 'published') bookings += await demoBookings(app, tour.id, demo.tour.prices, bookable.slice(0, 6).map((departure) => departure.id), index);
        if (demo.tour.status === 'published' && options.travelTo) {
          const past = await demoHistory(app, { id: tour.id, minPax: demo.tour.minPax ?? 1, maxPax: demo.tour.maxPax ?? 12, cutoffHours: demo.tour.bookingCutoffHours ?? 0, prices: demo.tour.prices }, index, options.travelTo);
          departures += past.departures;
          bookings += past.bookings;
        }
      }
      tours += 1;
      const count = demo.pictures.length;
      log(`  ${demo.tour.code}  ${demo.tour.title} (${demo.tour.currency}, ${demo.tour.timeZone}, ${count} ${count === 1 ? 'picture' : 'pictures'})`);
    }
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
  return { tours, pictures, departures, bookings };
}

/** Lead contacts and their parties: names from the markets these tours sell to, in their own spelling. */
const PARTIES: { lead: [string, string]; email: string; others: [string, string, 'ADULT' | 'CHILD' | 'INFANT'][] }[] = [
  { lead: ['Þórður', 'Jónsson'], email: 'thordur.jonsson@example.is', others: [['Guðrún', 'Sigurðardóttir', 'ADULT'], ['Kári', 'Þórðarson', 'CHILD']] },
  { lead: ['Anna', 'Łódź-Kowalska'], email: 'anna.kowalska@example.pl', others: [['Piotr', 'Kowalski', 'ADULT']] },
  { lead: ['Yui', '山田'], email: 'yui.yamada@example.jp', others: [['太郎', '山田', 'ADULT'], ['花', '山田', 'CHILD'], ['蓮', '山田', 'INFANT']] },
  { lead: ['Søren', 'Ærøskøbing'], email: 'soren@example.dk', others: [] },
  { lead: ['Margaret', 'O’Brien'], email: 'maggie.obrien@example.ie', others: [['Liam', 'O’Brien', 'ADULT']] },
  { lead: ['Lucía', 'Fernández'], email: 'lucia.fernandez@example.es', others: [['Mateo', 'Fernández', 'CHILD']] },
];

/**
 * A few bookings on a tour's first departures, through the same rules as the API: confirmed and
 * paid in full, confirmed with a deposit, held for a week, and one cancelled with a fee and the
 * rest refunded, so each screen has something true to show.
 */
async function demoBookings(app: App, tourId: string, prices: { ADULT: number | null; CHILD: number | null; INFANT: number | null }, departureIds: string[], seed: number): Promise<number> {
  const extras = (await app.db.selectFrom('tour_components').select(['id', 'inclusion']).where('tour_id', '=', tourId).execute()).filter((component) => component.inclusion === 'optional');
  let made = 0;
  for (const [index, departureId] of departureIds.entries()) {
    for (let slot = 0; slot < 1 + ((index + seed) % 3); slot += 1) {
      const party = PARTIES[(seed * 7 + index * 3 + slot) % PARTIES.length];
      const travellers = [
        { category: 'ADULT' as const, firstName: party.lead[0], lastName: party.lead[1] },
        ...party.others.filter(([, , category]) => prices[category] !== null).map(([firstName, lastName, category]) => ({ category, firstName, lastName })),
      ];
      const kind = (index + slot + seed) % 5;
      const booking = await app.flows.bookSeats(
        {
          departureId,
          contact: { name: `${party.lead[0]} ${party.lead[1]}`, email: party.email },
          travellers,
          extras: extras.length > 0 && kind % 2 === 0 ? [{ componentId: extras[0].id, quantity: travellers.length }] : [],
          status: kind === 2 ? 'held' : 'confirmed',
          holdMinutes: 7 * 24 * 60,
          channel: (['phone', 'email', 'direct', 'agent', 'walk_in'] as const)[kind],
        },
        ORIGIN,
      );
      made += 1;
      const deposit = Math.round(booking.totalMinor / 4 / 100) * 100;
      if (kind === 0 || kind === 4) await app.bookings.recordPayment(booking.id, { kind: 'payment', amountMinor: booking.totalMinor, method: 'card' }, ORIGIN);
      if (kind === 1 || kind === 3) await app.bookings.recordPayment(booking.id, { kind: 'payment', amountMinor: deposit, method: 'bank_transfer', reference: `DEP-${booking.reference}` }, ORIGIN);
      if (kind === 3 && slot === 0) {
        const fee = Math.round(deposit / 2 / 100) * 100;
        await app.flows.cancelBooking(booking.id, { reason: 'Customer cancelled: family reasons', feeMinor: fee }, ORIGIN);
        await app.bookings.recordPayment(booking.id, { kind: 'refund', amountMinor: deposit - fee, method: 'bank_transfer' }, ORIGIN);
      }
    }
  }
  return made;
}

const isoDate = (date: Date) => date.toISOString().slice(0, 10);
const DAY_MS = 86_400_000;

/**
 * A tour's past and its next two weeks, made at their own dates through the same rules as the API
 * (the app's clock is moved to each moment): a departure a month for the last fifteen months, each
 * booked over the six weeks before it, a little busier this year than last; and two departures in
 * the next fortnight booked over the last three weeks, one of them below the tour's minimum.
 */
async function demoHistory(
  app: App,
  tour: { id: string; minPax: number; maxPax: number; cutoffHours: number; prices: { ADULT: number | null; CHILD: number | null; INFANT: number | null } },
  seed: number,
  travelTo: (time: number | null) => void,
): Promise<{ departures: number; bookings: number }> {
  const now = Date.now();
  let departures = 0;
  let bookings = 0;
  const sell = async (departureId: string, from: number, to: number, parties: number, paidShare: number) => {
    for (let n = 0; n < parties; n += 1) {
      travelTo(from + ((to - from) * (n + 0.5)) / parties);
      const party = PARTIES[(seed * 5 + n) % PARTIES.length];
      const travellers = [
        { category: 'ADULT' as const, firstName: party.lead[0], lastName: party.lead[1] },
        ...party.others.filter(([, , category]) => tour.prices[category] !== null).map(([firstName, lastName, category]) => ({ category, firstName, lastName })),
      ];
      try {
        const booking = await app.flows.bookSeats(
          { departureId, contact: { name: `${party.lead[0]} ${party.lead[1]}`, email: party.email }, travellers, status: 'confirmed', channel: (['direct', 'email', 'agent', 'phone'] as const)[n % 4] },
          ORIGIN,
        );
        bookings += 1;
        const paid = (n + seed) % 10 < paidShare * 10 ? booking.totalMinor : Math.round(booking.totalMinor / 4 / 100) * 100;
        if (paid > 0) await app.bookings.recordPayment(booking.id, { kind: 'payment', amountMinor: paid, method: n % 3 === 0 ? 'bank_transfer' : 'card' }, ORIGIN);
        if ((n + seed) % 11 === 5) {
          // Cancelled with a fee of a tenth; the rest refunded, except on the latest cancellations.
          const fee = Math.round(paid / 10 / 100) * 100;
          await app.flows.cancelBooking(booking.id, { reason: 'Customer cancelled', feeMinor: fee }, ORIGIN);
          if (from < Date.now() - 30 * DAY_MS && paid > fee) await app.bookings.recordPayment(booking.id, { kind: 'refund', amountMinor: paid - fee, method: 'bank_transfer' }, ORIGIN);
        }
      } catch {
        // Sold out: the departure is full, as real ones get.
        break;
      }
    }
  };
  try {
    for (let monthsAgo = 15; monthsAgo >= 1; monthsAgo -= 1) {
      const start = new Date(now);
      start.setUTCMonth(start.getUTCMonth() - monthsAgo, 8 + ((seed * 3) % 15));
      const opened = start.getTime() - 45 * DAY_MS;
      travelTo(opened);
      const departure = await app.departures.create({ tourId: tour.id, startDate: isoDate(start), startTime: '08:30', capacity: tour.maxPax }, ORIGIN);
      departures += 1;
      // Summer busier than winter, this year busier than last.
      const season = 1 + Math.round(2 * Math.sin(((start.getUTCMonth() - 2) / 12) * 2 * Math.PI));
      const growth = monthsAgo <= 11 ? 2 : 0;
      await sell(departure.id, opened + DAY_MS, start.getTime() - (tour.cutoffHours + 24) * 3_600_000, Math.max(1, 2 + season + growth + (seed % 2)), 1);
    }
    for (const [k, daysAhead] of [3 + (seed % 4), 9 + (seed % 4)].entries()) {
      const start = new Date(now + daysAhead * DAY_MS);
      const opened = now - 21 * DAY_MS;
      travelTo(opened);
      // 07:45, a time no scheduled series uses: from the first of next month these dates may fall on
      // one of the tour's weekly departures (at the end of November, a Monday at 09:00 did).
      const departure = await app.departures.create({ tourId: tour.id, startDate: isoDate(start), startTime: '07:45', capacity: tour.maxPax }, ORIGIN);
      departures += 1;
      const last = Math.min(now - 60 * 60_000, start.getTime() - (tour.cutoffHours + 1) * 3_600_000);
      await sell(departure.id, opened + DAY_MS, last, k === 0 ? 3 + (seed % 3) : Math.max(1, Math.floor(tour.minPax / 3)), 0.5);
    }
  } finally {
    travelTo(null);
  }
  return { departures, bookings };
}

async function main(): Promise<void> {
  const config = loadConfig();
  const database = await openDatabase(config.database);
  try {
    await migrateToLatest(database.db);
    // On an empty database this run creates the first administrator, and the server's start will
    // not: its credentials are printed here, once, or nobody could sign in.
    const { createdAdmin } = await seedDatabase(database.db, { adminEmail: config.adminEmail, adminPassword: config.adminPassword, now: Date.now });
    if (createdAdmin) console.log(firstAdministratorLine(createdAdmin));
    let travelled: number | null = null;
    const app = await buildApp({ config, database, logger: false, clientDir: null, now: () => travelled ?? Date.now() });
    try {
      const added = await fillDemoData(app, console.log, { travelTo: (time) => (travelled = time) });
      console.log(
        `Demo data: ${added.tours} tours added with ${added.pictures} pictures, ${added.departures} departures and ${added.bookings} bookings (${DEMO_TOURS.length - added.tours} tours were there already).`,
      );
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

// Run as a program (not when a test imports the catalogue above).
if (/demo-data\.[jt]s$/.test(process.argv[1] ?? '')) {
  main().catch((error: unknown) => {
    if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`);
    else console.error(`Demo data failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
