/** Schemas of the user routes: the contract's User shape and what each call accepts. */
import { NewUserSchema, ProfilePatchSchema, UserListQuerySchema, UserListSchema, UserPatchSchema, UserSchema } from '../../shared/contract/users.js';
import Type from 'typebox';
import { AUTHENTICATED_ERRORS, errorResponses, IdAnswerSchema, IdParamsSchema, MessageAnswerSchema } from '../http/schemas.js';

export { UserSchema };

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
  body: ProfilePatchSchema,
  response: { 200: UserSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
};

export const listUsersSchema = {
  tags: ['users'],
  summary: 'List users',
  description: 'Needs `users.read`. Filters by role name and by a case-insensitive search over e-mail and full name.',
  security: bearer,
  querystring: UserListQuerySchema,
  response: { 200: UserListSchema, ...errorResponses(...AUTHENTICATED_ERRORS) },
};

export const createUserSchema = {
  tags: ['users'],
  summary: 'Create a user',
  description:
    'Needs `users.create`. Either a `password`, or `invite: true`: the person is mailed a single-use link, valid 7 days, ' +
    'to choose their own. 409 CONFLICT when the e-mail address is taken (in any case).',
  security: bearer,
  body: NewUserSchema,
  response: { 201: UserSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 409) },
};

export const updateUserSchema = {
  tags: ['users'],
  summary: 'Change a user’s name, roles, status or e-mail address',
  description:
    'Needs `users.update`. Disabling ends the user’s sessions. The last active administrator cannot be disabled ' +
    'or lose ADMIN, and you cannot disable yourself (409). `email` (trimmed) needs the ADMIN role (403), any user’s, one’s own included; another user’s address is 409. ' +
    'Where mail leaves the server (SMTP_URL) the new address is confirmed first: a link valid 24 hours goes to it (the old address is told), the answer’s ' +
    '`pendingEmail` shows it until then, and the address changes when the link is opened (POST /api/auth/confirm-email). Without SMTP_URL it changes at once. ' +
    'Sessions stay signed in; audited as user.email_change_requested and user.email_changed. Nothing is saved when any part is refused.',
  security: bearer,
  params: IdParamsSchema,
  body: UserPatchSchema,
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

export const getUserSchema = {
  tags: ['users'],
  summary: 'One user',
  description: 'Needs `users.read`. With `pendingEmail`: a new address waiting for its confirmation link (null: none).',
  security: bearer,
  params: IdParamsSchema,
  response: { 200: UserSchema, ...errorResponses(...AUTHENTICATED_ERRORS, 404) },
};

export const confirmEmailSchema = {
  tags: ['auth'],
  summary: 'Confirm a new e-mail address with the link sent to it',
  description: 'Single use, valid 24 hours. 400 EMAIL_CHANGE_INVALID for an unknown, used or expired link; 409 when another user has taken the address meanwhile. Sessions stay signed in.',
  body: Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) }, { additionalProperties: false }),
  response: { 200: MessageAnswerSchema, ...errorResponses(400, 409, 429) },
};
