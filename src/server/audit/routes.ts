/** /api/admin/audit: the audit log, read-only, for holders of `audit.read`. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { AUDIT_ACTIONS, AUDIT_TARGET_TYPES } from '../../shared/types.js';
import { requireUser } from '../auth/guard.js';
import { httpErrors } from '../http/errors.js';
import { AUTHENTICATED_ERRORS, errorResponses, ISO_DATE, PageSchema, PageSizeSchema, SearchSchema, UuidSchema } from '../http/schemas.js';

const ActionSchema = Type.Enum([...AUDIT_ACTIONS]);

export const AuditEntrySchema = Type.Object(
  {
    id: Type.String(),
    at: Type.String(ISO_DATE),
    action: ActionSchema,
    actorId: Type.Union([UuidSchema, Type.Null()]),
    actorEmail: Type.Union([Type.String(), Type.Null()]),
    actorLabel: Type.Union([Type.String(), Type.Null()], { description: 'Who acted when it was no user: a reseller and its key' }),
    targetType: Type.Union([Type.Enum([...AUDIT_TARGET_TYPES]), Type.Null()]),
    targetId: Type.Union([Type.String(), Type.Null()]),
    ip: Type.Union([Type.String(), Type.Null()]),
    userAgent: Type.Union([Type.String(), Type.Null()]),
    details: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
  },
  { title: 'AuditEntry' },
);

const listAuditSchema = {
  tags: ['audit'],
  summary: 'Read the audit log, newest first',
  description:
    'Needs `audit.read`. Filters: `action` (repeat it for several), `actorId`, `targetId`, `since` (inclusive) and `until` ' +
    '(exclusive) as ISO date-times, and `q`, a case-insensitive search over the actor’s e-mail, the address and the target.',
  security: [{ bearerAuth: [] }],
  querystring: Type.Object({
    page: Type.Optional(PageSchema),
    pageSize: Type.Optional(PageSizeSchema),
    action: Type.Optional(Type.Union([ActionSchema, Type.Array(ActionSchema, { maxItems: AUDIT_ACTIONS.length })])),
    actorId: Type.Optional(UuidSchema),
    targetId: Type.Optional(Type.String({ maxLength: 200 })),
    since: Type.Optional(Type.String(ISO_DATE)),
    until: Type.Optional(Type.String(ISO_DATE)),
    q: Type.Optional(SearchSchema),
  }),
  response: { 200: Type.Object({ data: Type.Array(AuditEntrySchema), total: Type.Integer() }), ...errorResponses(...AUTHENTICATED_ERRORS) },
};

export const auditRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/admin/audit', { schema: listAuditSchema, onRequest: requireUser('audit.read') }, async (request) => {
    const { action, since, until, ...rest } = request.query;
    const sinceDate = since ? Date.parse(since) : null;
    const untilDate = until ? Date.parse(until) : null;
    if (sinceDate !== null && untilDate !== null && sinceDate >= untilDate) {
      throw httpErrors.validation({ until: 'must be later than since' });
    }
    return app.audit.list({ ...rest, since, until, action: action === undefined ? undefined : Array.isArray(action) ? action : [action] });
  });
};
