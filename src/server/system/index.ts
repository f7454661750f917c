/** Health and readiness, the browser's runtime settings and the OpenAPI document, under /api; /metrics when METRICS_TOKEN is set. */
import { API_PREFIX } from '../http/schemas.js';
import type { DomainModule } from '../module.js';
import { metricsRoute, systemRoutes } from './routes.js';

const system: DomainModule = {
  name: 'system',
  tag: { name: 'system', description: 'Health, runtime settings, this document' },
  plugin: async (app) => {
    await app.register(systemRoutes, { prefix: API_PREFIX });
    if (app.metrics) await app.register(metricsRoute);
  },
};

export default system;
