/**
 * The operator's own shop as one Fastify plugin (app.shop): its settings for the office under
 * /api/shop-settings, and its public API under /api/shop, which sells through the same flows as
 * the office and the resellers. Everything it brings is declared here: its table, its routes
 * and their OpenAPI tags.
 */
import fp from 'fastify-plugin';
import { API_PREFIX } from '../http/schemas.js';
import type { DomainModule } from '../module.js';
import { secretHmac } from '../db/seed.js';
import { cartRoutes } from './cart-routes.js';
import { giftCardApiRoutes, giftCardPageRoutes } from './gift-card-routes.js';
import { ManageLinks } from './manage-links.js';
import { manageRoutes } from './manage-routes.js';
import { ShopCarts } from './carts.js';
import { ShopCatalogue } from './catalogue.js';
import { shopLimits, type ShopLimits } from './limits.js';
import * as shopSettings from './migrations/0054-shop-settings.js';
import * as shopCarts from './migrations/0056-shop-carts.js';
import { shopPageRoutes } from './pages/routes.js';
import { shopOfficeRoutes, shopPublicRoutes } from './routes.js';
import { ShopSettingsStore } from './settings.js';
import './tables.js';

export interface Shop {
  settings: ShopSettingsStore;
  catalogue: ShopCatalogue;
  carts: ShopCarts;
  limits: ShopLimits;
  /** The link to a customer's own booking, in its messages and on its paid cart. */
  manageLinks: ManageLinks;
}

declare module 'fastify' {
  interface FastifyInstance {
    shop: Shop;
  }
}

const plugin = fp(
  async (app) => {
    app.decorate('shop', {
      settings: new ShopSettingsStore(app.db, app.now, app.audit),
      catalogue: new ShopCatalogue(app.db, app.now, { tours: app.tours, gallery: app.gallery, departures: app.departures, pictureUrl: (token) => app.gallery.urlsOf(token).medium }),
      carts: new ShopCarts(app.db, app.now),
      limits: shopLimits(app.config),
      manageLinks: new ManageLinks(secretHmac(app.db, 'manage_link_secret'), app.config.publicUrl),
    });
    await app.register(shopOfficeRoutes, { prefix: API_PREFIX });
    await app.register(shopPublicRoutes, { prefix: `${API_PREFIX}/shop` });
    // The carts sell through the flows, registered after this domain: asked at the time of a request.
    await app.register(cartRoutes, { prefix: `${API_PREFIX}/shop` });
    await app.register(manageRoutes, { prefix: `${API_PREFIX}/shop` });
    await app.register(giftCardApiRoutes, { prefix: `${API_PREFIX}/shop` });
    await app.register(shopPageRoutes);
    await app.register(giftCardPageRoutes);
  },
  { name: 'shop', dependencies: ['business', 'tours', 'departures', 'bookings'], decorators: { fastify: ['db', 'now', 'audit', 'config'] } },
);

const shopModule: DomainModule = {
  name: 'shop',
  tag: { name: 'shop', description: 'The operator’s own shop: its settings for the office (`shop.manage`), and its public API under /api/shop (no session: anyone may call it)' },
  migrations: { '0054-shop-settings': shopSettings, '0056-shop-carts': shopCarts },
  plugin,
  checkSettings: (config) => void shopLimits(config),
};

export default shopModule;
