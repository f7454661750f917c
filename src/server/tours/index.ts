/**
 * The tour catalogue as one Fastify plugin: it decorates the instance with its repository, its
 * gallery and the picture maker (declared here for the type checker), and adds its routes under
 * /api and the pictures' copies under /media. app.ts lists it once.
 */
import fp from 'fastify-plugin';
import { API_PREFIX } from '../http/schemas.js';
import { Gallery } from './gallery.js';
import { createS3MediaStore, FileMediaStore, type MediaStore } from './media-store.js';
import { mediaFileRoutes, mediaRoutes } from './media-routes.js';
import { PictureMaker } from './pictures.js';
import { ToursRepository, type TourUsage } from './repository.js';
import { tourRoutes } from './routes.js';
import type { DomainModule } from '../module.js';
import * as catalogue from './migrations/0007-catalogue.js';
import * as gallery from './migrations/0008-gallery.js';
import * as travellerAges from './migrations/0012-traveller-ages.js';
import * as cancellationCutoff from './migrations/0014-cancellation-cutoff.js';
import * as paymentTerms from './migrations/0019-payment-terms.js';
import * as costBasis from './migrations/0030-cost-basis.js';
import * as foldedTitleSearch from './migrations/0045-folded-title-search.js';
import * as sellingOnline from './migrations/0053-selling-online.js';

declare module 'fastify' {
  interface FastifyInstance {
    tours: ToursRepository;
    gallery: Gallery;
    pictures: PictureMaker;
  }
}

const plugin = fp(
  async (app) => {
    const { media } = app.config;
    const store: MediaStore = media.kind === 's3' ? await createS3MediaStore(media) : new FileMediaStore(media.dir);
    const ping = store.ping?.bind(store);
    if (ping) app.readiness.add('objectStore', ping);
    app.addHook('onClose', async () => store.close());
    // Asked at the time of a change, of the domains registered after this one (modules.ts).
    const usage: TourUsage = { hasDepartures: (db, tourId) => app.departures.anyOfTour(db, tourId), componentSold: (db, componentId) => app.bookings.componentSold(db, componentId) };
    app.decorate('tours', new ToursRepository(app.db, app.now, app.audit, usage));
    app.decorate('gallery', new Gallery(app.db, app.now, app.audit, store, app.log));
    // One picture worked on at a time, in a process of its own (pictures.ts).
    const pictures = new PictureMaker(1, (wait, run, answered) => app.metrics?.workerJob('pictures', wait, run, answered));
    app.decorate('pictures', pictures);
    app.addHook('onClose', async () => pictures.close());
    await app.register(tourRoutes, { prefix: API_PREFIX });
    await app.register(mediaRoutes, { prefix: API_PREFIX });
    await app.register(mediaFileRoutes);
    app.log.debug(`pictures are kept as ${store.description}`);
  },
  { name: 'tours', decorators: { fastify: ['db', 'now', 'audit', 'config'] } },
);

const toursModule: DomainModule = {
  name: 'tours',
  tag: { name: 'tours', description: 'The tour catalogue: tours, their components, itineraries and pictures' },
  migrations: { '0007-catalogue': catalogue, '0008-gallery': gallery, '0012-traveller-ages': travellerAges, '0014-cancellation-cutoff': cancellationCutoff, '0019-payment-terms': paymentTerms, '0030-cost-basis': costBasis, '0045-folded-title-search': foldedTitleSearch, '0053-selling-online': sellingOnline },
  plugin,
};

export default toursModule;
