/** The audit log's read-only route under /api (the log itself is app.audit, which every domain writes to). */
import { API_PREFIX } from '../http/schemas.js';
import type { DomainModule } from '../module.js';
import { auditRoutes } from './routes.js';

const audit: DomainModule = {
  name: 'audit',
  tag: { name: 'audit', description: 'The audit log (read-only)' },
  plugin: async (app) => {
    await app.register(auditRoutes, { prefix: API_PREFIX });
  },
};

export default audit;
