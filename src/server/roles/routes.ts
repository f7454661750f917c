/** /api/admin/auth/role… and the permission catalogue: thin routes over app.roles. */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { PERMISSIONS } from '../../shared/permissions.js';
import { originOf, principalOf, requireUser } from '../auth/guard.js';
import { httpErrors } from '../http/errors.js';
import {
  createRoleSchema,
  deleteRoleSchema,
  getRoleSchema,
  grantPermissionSchema,
  listRolesSchema,
  permissionCatalogueSchema,
  revokePermissionSchema,
  rolePermissionsByNameSchema,
  rolePermissionsSchema,
  updateRoleSchema,
} from './schemas.js';

const roleNotFound = () => httpErrors.notFound('No role with this id.');

export const roleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/admin/auth/role', { schema: listRolesSchema, onRequest: requireUser('roles.read') }, async (request) => {
    return app.roles.list(request.query);
  });

  app.get('/admin/auth/role/:id', { schema: getRoleSchema, onRequest: requireUser('roles.read') }, async (request) => {
    const role = await app.roles.getById(request.params.id);
    if (!role) throw roleNotFound();
    return role;
  });

  app.post('/admin/auth/role', { schema: createRoleSchema, onRequest: requireUser('roles.create') }, async (request, reply) => {
    return reply.code(201).send(await app.roles.create(request.body, originOf(request)));
  });

  app.patch('/admin/auth/role/:id', { schema: updateRoleSchema, onRequest: requireUser('roles.update') }, async (request) => {
    return app.roles.update(request.params.id, request.body, originOf(request));
  });

  app.delete('/admin/auth/role/:id', { schema: deleteRoleSchema, onRequest: requireUser('roles.delete') }, async (request) => {
    await app.roles.delete(request.params.id, originOf(request));
    return { id: request.params.id };
  });

  app.get('/admin/auth/role/:id/permission', { schema: rolePermissionsSchema, onRequest: requireUser('roles.read') }, async (request) => {
    const permissions = await app.roles.permissionsOf(request.params.id);
    if (!permissions) throw roleNotFound();
    return { data: permissions };
  });

  // Anyone may read the permissions of a role they hold (the browser hides what they lack);
  // any other role needs roles.read.
  // Read while setting up a second factor a role requires (the screens load the caller's permissions at start).
  app.get('/admin/auth/role/permission/:role', { schema: rolePermissionsByNameSchema, onRequest: requireUser(undefined, { duringTwoFactorSetUp: true }) }, async (request) => {
    const principal = principalOf(request);
    if (!principal.roles.includes(request.params.role) && !principal.permissions.has('roles.read')) throw httpErrors.forbidden();
    const role = await app.roles.getByName(request.params.role);
    if (!role) throw httpErrors.notFound('No role with this name.');
    return { data: role.permissions };
  });

  app.post('/admin/auth/role/:roleID/permission', { schema: grantPermissionSchema, onRequest: requireUser('roles.update') }, async (request, reply) => {
    const permissions = await app.roles.grant(request.params.roleID, request.body.permission, originOf(request));
    return reply.code(201).send({ data: permissions });
  });

  app.delete(
    '/admin/auth/role/:roleID/permission/:permission',
    { schema: revokePermissionSchema, onRequest: requireUser('roles.update') },
    async (request) => {
      return { data: await app.roles.revoke(request.params.roleID, request.params.permission, originOf(request)) };
    },
  );

  app.get('/admin/auth/permission', { schema: permissionCatalogueSchema, onRequest: requireUser('roles.read') }, async () => {
    return { data: Object.entries(PERMISSIONS).map(([name, description]) => ({ name, description })) };
  });
};
