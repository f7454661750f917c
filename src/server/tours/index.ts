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
import { ToursRepository } from './repository.js';
import { tourRoutes } from './routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    tours: ToursRepository;
    gallery: Gallery;
    pictures: PictureMaker;
  }
}

export interface ToursModuleOptions {
  /** Where the pictures' copies go; default from config.media. */
  mediaStore?: MediaStore;
}

export default fp<ToursModuleOptions>(
  async (app, options) => {
    const { media } = app.config;
    const store = options.mediaStore ?? (media.kind === 's3' ? await createS3MediaStore(media) : new FileMediaStore(media.dir));
    app.addHook('onClose', async () => store.close());
    app.decorate('tours', new ToursRepository(app.db, app.now, app.audit));
    app.decorate('gallery', new Gallery(app.db, app.now, app.audit, store, app.log));
    // One picture worked on at a time, in a process of its own (pictures.ts).
    const pictures = new PictureMaker(1);
    app.decorate('pictures', pictures);
    app.addHook('onClose', async () => pictures.close());
    await app.register(tourRoutes, { prefix: API_PREFIX });
    await app.register(mediaRoutes, { prefix: API_PREFIX });
    await app.register(mediaFileRoutes);
    app.log.debug(`pictures are kept as ${store.description}`);
  },
  { name: 'tours', decorators: { fastify: ['db', 'now', 'audit', 'config'] } },
);
