/** Schemas of the /api/auth routes. */
import Type from 'typebox';
import { CAPTCHA_QUERY_PARAM } from '../../shared/api-paths.js';
import { EmailSchema, NewPasswordSchema } from '../../shared/contract/users.js';
import { errorResponses, IdParamsSchema, MessageAnswerSchema } from '../http/schemas.js';

export { EmailSchema, NewPasswordSchema };

const sessionCookie = [{ sessionCookie: [] }];

export const loginSchema = {
  tags: ['auth'],
  summary: 'Sign in',
  description:
    'Checks the captcha (when configured), then the credentials. Answers an access token and sets the session cookie ' +
    '(persistent for `PERSISTENT_SESSION_TTL` when `persist` is true, otherwise a browser-session cookie). ' +
    'An unknown e-mail, a wrong password and a disabled account all get the same 401. ' +
    'For an account with two-factor sign-in on, a call without `totp` answers 401 TOTP_REQUIRED whether or not the password was right ' +
    '(in the same time); with `totp` (a current code or an unused recovery code) it signs in, and a wrong code or password is 401 INVALID_CREDENTIALS ' +
    'and counts toward the lockouts. A code signs in once. `twoFactorSetUpRequired`: a role of the user requires two-factor sign-in and they have ' +
    'none yet: every route but its set-up and the profile answers 403 TOTP_SETUP_REQUIRED until they set it up.',
  querystring: Type.Object({
    [CAPTCHA_QUERY_PARAM]: Type.Optional(Type.String({ maxLength: 4096, description: 'reCAPTCHA v2 response token' })),
  }),
  body: Type.Object(
    {
      // Sign-in accepts any non-empty text: the stored account decides, and the answer never says which part was wrong.
      email: Type.String({ minLength: 1, maxLength: 254 }),
      password: Type.String({ minLength: 1, maxLength: 1024 }),
      persist: Type.Optional(Type.Boolean({ description: '"Trust this device": keep the session after the browser closes' })),
      totp: Type.Optional(Type.String({ minLength: 1, maxLength: 32, description: 'The 6-digit code of the authenticator app, or a recovery code' })),
    },
    { additionalProperties: false },
  ),
  response: {
    200: Type.Object({
      access_token: Type.String({ description: 'HS256 JWT: sub, userId, roles, sid, iat, exp, jti' }),
      twoFactorSetUpRequired: Type.Optional(Type.Boolean({ description: 'True: set up two-factor sign-in before anything else (a role requires it)' })),
    }),
    ...errorResponses(401, 429),
  },
};

export const refreshSchema = {
  tags: ['auth'],
  summary: 'Rotate the session and get a new access token',
  description:
    'Reads the session cookie, rotates it (a new cookie) and answers a new access token. A rotated token presented ' +
    'again after a short grace window revokes the whole session. 403 REFRESH_INVALID when the session cannot be used.',
  security: sessionCookie,
  response: { 200: Type.Object({ token: Type.String({ description: 'New access token' }) }), ...errorResponses(403, 429) },
};

export const checkSchema = {
  tags: ['auth'],
  summary: 'Whether the session cookie belongs to a live session',
  description: 'Never rotates the session and never fails for a missing or dead session: it answers false.',
  security: sessionCookie,
  response: { 200: Type.Object({ isAuthentication: Type.Boolean() }), ...errorResponses() },
};

export const logoutSchema = {
  tags: ['auth'],
  summary: 'Sign out',
  description: 'Ends the session of the cookie (or of the bearer token) and clears the cookie. Idempotent.',
  security: sessionCookie,
  response: { 200: MessageAnswerSchema, ...errorResponses() },
};

export const forgetPasswordSchema = {
  tags: ['auth'],
  summary: 'Mail a password reset link',
  description:
    'Always answers the same, whether or not the address belongs to an account; the link ' +
    '(`PUBLIC_URL/reset-password?token=…`, valid 30 minutes, single use) is mailed afterwards.',
  body: Type.Object({ email: EmailSchema }, { additionalProperties: false }),
  response: { 200: MessageAnswerSchema, ...errorResponses(429) },
};

export const resetPasswordSchema = {
  tags: ['auth'],
  summary: 'Choose a new password with a reset token',
  description: 'Single use. Ends every session of the account and mails a notice. 400 RESET_TOKEN_INVALID for an unknown, used or expired token.',
  body: Type.Object(
    {
      token: Type.String({ minLength: 1, maxLength: 200 }),
      password: NewPasswordSchema,
    },
    { additionalProperties: false },
  ),
  response: { 200: MessageAnswerSchema, ...errorResponses(429) },
};

const bearer = [{ bearerAuth: [] }];

export const twoFactorStateSchema = {
  tags: ['auth'],
  summary: 'Whether two-factor sign-in is on for me, whether a role of mine requires it, and how many recovery codes are left',
  security: bearer,
  response: { 200: Type.Object({ enabled: Type.Boolean(), required: Type.Boolean(), recoveryCodesLeft: Type.Integer() }), ...errorResponses(403) },
};

export const totpSetupSchema = {
  tags: ['auth'],
  summary: 'Start setting up two-factor sign-in: a new secret to scan',
  description:
    'Answers a new TOTP secret (base32; SHA-1, 6 digits, 30 s) and its otpauth:// address for a QR code. Nothing changes until ' +
    'POST /api/auth/totp/enable confirms it with a code within 15 minutes. 409 when two-factor sign-in is on already.',
  security: bearer,
  response: { 200: Type.Object({ secret: Type.String(), otpauthUrl: Type.String() }), ...errorResponses(403, 409) },
};

export const totpEnableSchema = {
  tags: ['auth'],
  summary: 'Turn two-factor sign-in on with a code of the secret just set up',
  description: 'Answers ten single-use recovery codes, shown this once. 400 VALIDATION when the code is not the current one; 409 when no set-up waits.',
  security: bearer,
  body: Type.Object({ code: Type.String({ minLength: 6, maxLength: 12 }) }, { additionalProperties: false }),
  response: { 200: Type.Object({ recoveryCodes: Type.Array(Type.String(), { minItems: 10, maxItems: 10 }) }), ...errorResponses(403, 409, 429) },
};

export const totpDisableSchema = {
  tags: ['auth'],
  summary: 'Turn two-factor sign-in off (the password again)',
  description: '400 VALIDATION when the password is wrong (counted as a failed sign-in); 409 when it is off, or when a role of mine requires it.',
  security: bearer,
  body: Type.Object({ password: Type.String({ minLength: 1, maxLength: 1024 }) }, { additionalProperties: false }),
  response: { 200: MessageAnswerSchema, ...errorResponses(403, 409, 429) },
};

const SignInLockSchema = Type.Object(
  {
    failures: Type.Integer({ description: 'Failed sign-ins counted for the account from anywhere (they are forgotten 12 hours after the last)' }),
    lockedUntil: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
      description: 'Until when sign-in from devices the user has not signed in from before is refused (null: no lock runs). Devices they have signed in from pass it.',
    }),
  },
  { title: 'SignInLock' },
);

export const signInLockSchema = {
  tags: ['auth'],
  summary: 'A user’s sign-in lock: failures counted for the account and the end of its wait',
  description: 'Needs `users.read`. Many failed sign-ins for one account, from anywhere, lock it for devices it has not signed in from before.',
  security: bearer,
  params: IdParamsSchema,
  response: { 200: SignInLockSchema, ...errorResponses(403, 404) },
};

export const liftSignInLockSchema = {
  tags: ['auth'],
  summary: 'Lift a user’s sign-in lock: its wait ends and its count starts again',
  description: 'Needs `users.update`. Audited as login.lock_lifted. The limits of each address stay.',
  security: bearer,
  params: IdParamsSchema,
  response: { 200: SignInLockSchema, ...errorResponses(403, 404) },
};

export const totpResetSchema = {
  tags: ['auth'],
  summary: 'Take a user’s second factor away (a lost phone): they sign in with their password and set it up again',
  security: bearer,
  params: IdParamsSchema,
  response: {
    200: Type.Object({
      message: Type.String(),
      reset: Type.Boolean({ description: 'Whether the user had a second factor to take away (false: nothing was changed)' }),
    }),
    ...errorResponses(403, 404),
  },
};
