/**
 * Sign-in, sessions and password resets: the routes under /api, the epoch of who may do what, and
 * the hourly purge of ended sessions. Its services (sessions, principals, the throttle) are made
 * by app.ts before any module, since every guarded route of every domain uses them.
 */
import { API_PREFIX } from '../http/schemas.js';
import type { DomainModule } from '../module.js';
import * as authEpoch from './migrations/0003-auth-epoch.js';
import * as twoFactor from './migrations/0032-two-factor.js';
import { authRoutes } from './routes.js';

const auth: DomainModule = {
  name: 'auth',
  tag: { name: 'auth', description: 'Sign-in, session and password reset' },
  migrations: { '0003-auth-epoch': authEpoch, '0032-two-factor': twoFactor },
  plugin: async (app) => {
    await app.register(authRoutes, { prefix: API_PREFIX });
  },
  housekeeping: async (app) => {
    await app.sessions.purgeExpired();
  },
};

export default auth;
