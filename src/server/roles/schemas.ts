/** Schemas of the role and permission routes: the contract's Role shape and what each call accepts. */
import Type from 'typebox';
import {
  NewRoleSchema,
  PermissionCatalogueSchema,
  PermissionNameSchema,
  PermissionsAnswerSchema as PermissionsAnswer,
  RoleListQuerySchema,
  RoleListSchema,
  RoleNameSchema,
  RolePatchSchema,
  RoleSchema,
} from '../../shared/contract/roles.js';
import { AUTHENTICATED_ERRORS, errorResponses, IdAnswerSchema, IdParamsSchema, UuidSchema } from '../http/schemas.js';

export { RoleNameSchema, RoleSchema };

const bearer = [{ bearerAuth: [] }];

export const listRolesSchema = {
  tags: ['roles'],
  summary: 'List roles',
  description: 'Needs `roles.read`.',
  security: bearer,
  querystring: RoleListQuerySchema,
  response: { 200: RoleListSchema, ...errorResponses(...AUTHENTICATED_ERRORS) },
};

export const getRoleSchema = {
  tags: ['roles'],
  summary: 'A role by id',
  description: 'Needs `roles.read`.',
  security: bearer,
  params: IdParamsSchema,
  response: { 200: RoleSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
};

export const createRoleSchema = {
  tags: ['roles'],
  summary: 'Create a role',
  description: 'Needs `roles.create`. 409 CONFLICT when the name is taken; 400 for an unknown permission.',
  security: bearer,
  body: NewRoleSchema,
  response: { 201: RoleSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 409) },
};

export const updateRoleSchema = {
  tags: ['roles'],
  summary: 'Change a role',
  description:
    'Needs `roles.update`. `permissions` replaces the whole list. System roles cannot be renamed, and ADMIN’s ' +
    'permissions cannot change (409). Takes effect on the holders’ next call.',
  security: bearer,
  params: IdParamsSchema,
  body: RolePatchSchema,
  response: { 200: RoleSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404, 409) },
};

export const deleteRoleSchema = {
  tags: ['roles'],
  summary: 'Delete a role',
  description: 'Needs `roles.delete`. 409 for a system role or a role someone still holds.',
  security: bearer,
  params: IdParamsSchema,
  response: { 200: IdAnswerSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404, 409) },
};

export const rolePermissionsSchema = {
  tags: ['roles'],
  summary: 'A role’s permissions, by role id',
  description: 'Needs `roles.read`.',
  security: bearer,
  params: IdParamsSchema,
  response: { 200: PermissionsAnswer, ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
};

export const rolePermissionsByNameSchema = {
  tags: ['roles'],
  summary: 'A role’s permissions, by role name',
  description: 'Needs `roles.read`.',
  security: bearer,
  params: Type.Object({ role: RoleNameSchema }),
  response: { 200: PermissionsAnswer, ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
};

export const grantPermissionSchema = {
  tags: ['roles'],
  summary: 'Grant a permission to a role',
  description: 'Needs `roles.update`. 400 for a permission outside the catalogue. Granting one the role holds changes nothing.',
  security: bearer,
  params: Type.Object({ roleID: UuidSchema }),
  body: Type.Object({ permission: PermissionNameSchema }, { additionalProperties: false }),
  response: { 201: PermissionsAnswer, ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
};

export const revokePermissionSchema = {
  tags: ['roles'],
  summary: 'Revoke a permission from a role',
  description: 'Needs `roles.update`. ADMIN’s permissions cannot change (409). Revoking one the role lacks changes nothing.',
  security: bearer,
  params: Type.Object({ roleID: UuidSchema, permission: PermissionNameSchema }),
  response: { 200: PermissionsAnswer, ...errorResponses(...AUTHENTICATED_ERRORS, 404, 409) },
};

export const permissionCatalogueSchema = {
  tags: ['roles'],
  summary: 'The permission catalogue',
  description: 'Needs `roles.read`. Every permission a role can hold, with what it allows.',
  security: bearer,
  response: { 200: PermissionCatalogueSchema, ...errorResponses(...AUTHENTICATED_ERRORS) },
};
