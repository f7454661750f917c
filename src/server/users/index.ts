/**
 * Users as one Fastify plugin, the shape every domain module has (see tours/index.ts): it
 * decorates the instance with its repository (declared here for the type checker) and adds its
 * routes under /api. Sign-in (auth/) reads accounts through app.users.
 */
import fp from 'fastify-plugin';
import { API_PREFIX } from '../http/schemas.js';
import * as userLanguage from './migrations/0034-user-language.js';
import * as foldedNameSearch from './migrations/0044-folded-name-search.js';
import * as emailChanges from './migrations/0046-email-changes.js';
import { UsersRepository } from './repository.js';
import { userRoutes } from './routes.js';
import type { DomainModule } from '../module.js';

declare module 'fastify' {
  interface FastifyInstance {
    users: UsersRepository;
  }
}

const plugin = fp(
  async (app) => {
    app.decorate('users', new UsersRepository(app.db, app.now, app.sessions, app.audit));
    await app.register(userRoutes, { prefix: API_PREFIX });
  },
  { name: 'users', decorators: { fastify: ['db', 'now', 'sessions', 'audit'] } },
);

const usersModule: DomainModule = {
  name: 'users',
  tag: { name: 'users', description: 'Users (administration)' },
  migrations: { '0034-user-language': userLanguage, '0044-folded-name-search': foldedNameSearch, '0046-email-changes': emailChanges },
  plugin,
};

export default usersModule;
