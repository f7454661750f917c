/**
 * Roles and permissions: the Role answer, what creating and changing one accepts,
 * and the list query. The server validates with these schemas and documents them; both sides take
 * their types from them. RoleNameSchema is the one definition of a role's name (users.ts uses it
 * for a user's roles too).
 */
import Type, { type Static } from 'typebox';
import { FIELD_RULES } from '../field-rules.js';
import { ROLE_SORT_FIELDS } from '../types.js';
import { IsoDateTimeSchema, ListAnswerSchema, ListQuerySchema, SearchSchema, UuidSchema } from './common.js';

export const RoleNameSchema = Type.String({ ...FIELD_RULES.roleName, description: 'Enumeration value, e.g. TOUR_GUIDE' });
export const RoleDescriptionSchema = Type.String({ ...FIELD_RULES.roleDescription });
export const PermissionNameSchema = Type.String({ minLength: 1, maxLength: 100, description: 'A name from GET /api/admin/auth/permission' });
const PermissionListSchema = Type.Array(PermissionNameSchema, { maxItems: 100 });

export const RoleSchema = Type.Object(
  {
    id: UuidSchema,
    name: Type.String(),
    description: Type.String(),
    permissions: Type.Array(Type.String()),
    system: Type.Boolean({ description: 'System roles (ADMIN, STAFF) keep their names and cannot be deleted' }),
    userCount: Type.Integer({ description: 'How many users hold the role' }),
    requireTwoFactor: Type.Boolean({ description: 'Members must sign in with a one-time code; one who has none set up sets it up at the next sign-in, before anything else' }),
    createdAt: IsoDateTimeSchema,
  },
  { title: 'Role' },
);

export const NewRoleSchema = Type.Object(
  { name: RoleNameSchema, description: Type.Optional(RoleDescriptionSchema), permissions: Type.Optional(PermissionListSchema), requireTwoFactor: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);

export const RolePatchSchema = Type.Object(
  { name: Type.Optional(RoleNameSchema), description: Type.Optional(RoleDescriptionSchema), permissions: Type.Optional(PermissionListSchema), requireTwoFactor: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);

export const RoleListQuerySchema = ListQuerySchema(ROLE_SORT_FIELDS, 'name', { q: Type.Optional(SearchSchema) });
export const RoleListSchema = ListAnswerSchema(RoleSchema);
export const PermissionsAnswerSchema = Type.Object({ data: Type.Array(Type.String()) });
export const PermissionCatalogueSchema = Type.Object({ data: Type.Array(Type.Object({ name: Type.String(), description: Type.String() })) });

export type Role = Static<typeof RoleSchema>;
export type NewRole = Static<typeof NewRoleSchema>;
export type RolePatch = Static<typeof RolePatchSchema>;
export type RoleListQuery = Static<typeof RoleListQuerySchema>;
export type PermissionInfo = Static<typeof PermissionCatalogueSchema>['data'][number];
