/** Schemas of the user routes: the contract's User shape and what each call accepts. */
import Type from 'typebox';
import { FIELD_RULES } from '../../shared/field-rules.js';
import { USER_SORT_FIELDS } from '../../shared/types.js';
import { EmailSchema, NewPasswordSchema } from '../auth/schemas.js';
import { RoleNameSchema } from '../roles/schemas.js';
import {
  AUTHENTICATED_ERRORS,
  errorResponses,
  IdAnswerSchema,
  IdParamsSchema,
  ISO_DATE,
  OrderSchema,
  PageSchema,
  PageSizeSchema,
  SearchSchema,
  UuidSchema,
} from '../http/schemas.js';

const StatusSchema = Type.Enum(['active', 'disabled']);
const RoleNamesSchema = Type.Array(RoleNameSchema, { maxItems: 50, description: 'Role names, e.g. ["STAFF"]' });
const FullNameSchema = Type.String({ ...FIELD_RULES.fullName, description: 'Not blank' });

export const UserSchema = Type.Object(
  {
    id: UuidSchema,
    email: Type.String(),
    fullName: Type.String(),
    roles: Type.Array(Type.String()),
    status: StatusSchema,
    createdAt: Type.String(ISO_DATE),
    lastLoginAt: Type.Union([Type.String(ISO_DATE), Type.Null()]),
    invitedAt: Type.Union([Type.String(ISO_DATE), Type.Null()], { description: 'Invited to choose a password; shown as invited until the first sign-in' }),
  },
  { title: 'User' },
);

const bearer = [{ bearerAuth: [] }];

export const profileSchema = {
  tags: ['users'],
  summary: 'A user by id',
  description: 'Your own profile is always readable; anyone else’s needs `users.read`.',
  security: bearer,
  params: IdParamsSchema,
  response: { 200: UserSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
};

export const updateProfileSchema = {
  tags: ['users'],
  summary: 'Change your own name or password',
  description:
    'Only your own id (403 otherwise); needs no permission. A new password needs the current one: a wrong current ' +
    'password is 400 VALIDATION on `currentPassword` and counts as a failed sign-in for the brute-force protection. ' +
    'Changing the password ends your other sessions; this one stays signed in.',
  security: bearer,
  params: IdParamsSchema,
  body: Type.Object(
    {
      fullName: Type.Optional(FullNameSchema),
      currentPassword: Type.Optional(Type.String({ minLength: 1, maxLength: 1024 })),
      newPassword: Type.Optional(NewPasswordSchema),
    },
    { additionalProperties: false, minProperties: 1 },
  ),
  response: { 200: UserSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
};

export const listUsersSchema = {
  tags: ['users'],
  summary: 'List users',
  description: 'Needs `users.read`. Filters by role name and by a case-insensitive search over e-mail and full name.',
  security: bearer,
  querystring: Type.Object({
    page: Type.Optional(PageSchema),
    pageSize: Type.Optional(PageSizeSchema),
    role: Type.Optional(RoleNameSchema),
    q: Type.Optional(SearchSchema),
    sort: Type.Optional(Type.Enum([...USER_SORT_FIELDS], { default: 'createdAt' })),
    order: Type.Optional(OrderSchema),
  }),
  response: { 200: Type.Object({ data: Type.Array(UserSchema), total: Type.Integer() }), ...errorResponses(...AUTHENTICATED_ERRORS) },
};

export const createUserSchema = {
  tags: ['users'],
  summary: 'Create a user',
  description:
    'Needs `users.create`. Either a `password`, or `invite: true`: the person is mailed a single-use link, valid 7 days, ' +
    'to choose their own. 409 CONFLICT when the e-mail address is taken (in any case).',
  security: bearer,
  body: Type.Object(
    {
      email: EmailSchema,
      fullName: FullNameSchema,
      password: Type.Optional(NewPasswordSchema),
      roles: RoleNamesSchema,
      invite: Type.Optional(Type.Boolean({ description: 'Mail an invitation instead of setting a password' })),
    },
    { additionalProperties: false },
  ),
  response: { 201: UserSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 409) },
};

export const updateUserSchema = {
  tags: ['users'],
  summary: 'Change a user’s name, roles or status',
  description:
    'Needs `users.update`. Disabling ends the user’s sessions. The last active administrator cannot be disabled ' +
    'or lose ADMIN, and you cannot disable yourself (409).',
  security: bearer,
  params: IdParamsSchema,
  body: Type.Object(
    {
      fullName: Type.Optional(FullNameSchema),
      roles: Type.Optional(RoleNamesSchema),
      status: Type.Optional(StatusSchema),
    },
    { additionalProperties: false },
  ),
  response: { 200: UserSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404, 409) },
};

export const resendInvitationSchema = {
  tags: ['users'],
  summary: 'Send an invited user a new invitation link',
  description: 'Needs `users.create`. The earlier link stops working. 409 when the user has signed in already or is disabled.',
  security: bearer,
  params: IdParamsSchema,
  response: { 200: UserSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404, 409) },
};

export const deleteUserSchema = {
  tags: ['users'],
  summary: 'Delete a user',
  description: 'Needs `users.delete`. Not yourself, and not the last active administrator (409).',
  security: bearer,
  params: IdParamsSchema,
  response: { 200: IdAnswerSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404, 409) },
};
