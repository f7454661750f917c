/** Roles and the permission catalogue as one Fastify plugin (the shape of tours/index.ts). */
import fp from 'fastify-plugin';
import { API_PREFIX } from '../http/schemas.js';
import { RolesRepository } from './repository.js';
import { roleRoutes } from './routes.js';
import type { DomainModule } from '../module.js';
import * as requireTwoFactor from './migrations/0033-role-requires-two-factor.js';

declare module 'fastify' {
  interface FastifyInstance {
    roles: RolesRepository;
  }
}

const plugin = fp(
  async (app) => {
    app.decorate('roles', new RolesRepository(app.db, app.now, app.audit));
    await app.register(roleRoutes, { prefix: API_PREFIX });
  },
  { name: 'roles', decorators: { fastify: ['db', 'now', 'audit'] } },
);

const rolesModule: DomainModule = {
  name: 'roles',
  tag: { name: 'roles', description: 'Roles and permissions (administration)' },
  migrations: { '0033-role-requires-two-factor': requireTwoFactor },
  plugin,
};

export default rolesModule;
