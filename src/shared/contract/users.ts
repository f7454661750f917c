/**
 * Users: the User answer, creating one (with a password or an invitation), changing
 * one, changing one's own profile, and the list query. The server validates with these schemas and
 * documents them; both sides take their types from them.
 */
import Type, { type Static } from 'typebox';
import { FIELD_RULES } from '../field-rules.js';
import { STAFF_LANGUAGES } from '../staff-languages.js';
import { USER_SORT_FIELDS } from '../types.js';
import { IsoDateTimeSchema, ListAnswerSchema, ListQuerySchema, NullableIsoDateTimeSchema, SearchSchema, UuidSchema } from './common.js';
import { RoleNameSchema } from './roles.js';

export const EmailSchema = Type.String({ ...FIELD_RULES.email, description: 'E-mail address (any case)' });
export const NewPasswordSchema = Type.String({
  ...FIELD_RULES.password,
  description: `${FIELD_RULES.password.minLength} to ${FIELD_RULES.password.maxLength} characters`,
});
export const UserStatusSchema = Type.Enum(['active', 'disabled']);
const RoleNamesSchema = Type.Array(RoleNameSchema, { maxItems: 50, description: 'Role names, e.g. ["STAFF"]' });
const FullNameSchema = Type.String({ ...FIELD_RULES.fullName, description: 'Not blank' });

/** The languages of the staff screens. */
export { STAFF_LANGUAGES, type StaffLanguage } from '../staff-languages.js';
export const StaffLanguageSchema = Type.Enum([...STAFF_LANGUAGES], { description: 'en (English) or de (German)' });

export const UserSchema = Type.Object(
  {
    id: UuidSchema,
    email: Type.String(),
    fullName: Type.String(),
    roles: Type.Array(Type.String()),
    status: UserStatusSchema,
    createdAt: IsoDateTimeSchema,
    lastLoginAt: NullableIsoDateTimeSchema,
    invitedAt: Type.Union([IsoDateTimeSchema, Type.Null()], { description: 'Invited to choose a password; shown as invited until the first sign-in' }),
    language: Type.Union([StaffLanguageSchema, Type.Null()], { description: 'The language the user chose for the screens (in the app bar or My profile); null until they choose' }),
    pendingEmail: Type.Optional(
      Type.Union([Type.String(), Type.Null()], { description: 'One user’s answer only: a new address waiting for the link sent to it (null: none)' }),
    ),
  },
  { title: 'User' },
);

export const NewUserSchema = Type.Object(
  {
    email: EmailSchema,
    fullName: FullNameSchema,
    password: Type.Optional(NewPasswordSchema),
    roles: RoleNamesSchema,
    invite: Type.Optional(Type.Boolean({ description: 'Mail an invitation instead of setting a password' })),
  },
  { additionalProperties: false },
);

export const UserPatchSchema = Type.Object(
  {
    fullName: Type.Optional(FullNameSchema),
    roles: Type.Optional(RoleNamesSchema),
    status: Type.Optional(UserStatusSchema),
    email: Type.Optional(Type.String({ minLength: 1, maxLength: 300, description: 'Administrators only (403 otherwise). Trimmed; another user’s address is 409' })),
  },
  { additionalProperties: false },
);

/** Changing one's own profile: the name, and the password with the current one. */
export const ProfilePatchSchema = Type.Object(
  {
    fullName: Type.Optional(FullNameSchema),
    currentPassword: Type.Optional(Type.String({ minLength: 1, maxLength: 1024 })),
    newPassword: Type.Optional(NewPasswordSchema),
    language: Type.Optional(StaffLanguageSchema),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const UserListQuerySchema = ListQuerySchema(USER_SORT_FIELDS, 'createdAt', { role: Type.Optional(RoleNameSchema), q: Type.Optional(SearchSchema) });
export const UserListSchema = ListAnswerSchema(UserSchema);

export type User = Static<typeof UserSchema>;
export type UserStatus = User['status'];
export type NewUser = Static<typeof NewUserSchema>;
export type UserPatch = Static<typeof UserPatchSchema>;
export type ProfilePatch = Static<typeof ProfilePatchSchema>;
export type UserListQuery = Static<typeof UserListQuerySchema>;
