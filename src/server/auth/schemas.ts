/** Schemas of the /api/auth routes. */
import Type from 'typebox';
import { CAPTCHA_QUERY_PARAM } from '../../shared/api-paths.js';
import { EmailSchema, NewPasswordSchema } from '../../shared/contract/users.js';
import { errorResponses, MessageAnswerSchema } from '../http/schemas.js';

export { EmailSchema, NewPasswordSchema };

const sessionCookie = [{ sessionCookie: [] }];

export const loginSchema = {
  tags: ['auth'],
  summary: 'Sign in',
  description:
    'Checks the captcha (when configured), then the credentials. Answers an access token and sets the session cookie ' +
    '(persistent for `PERSISTENT_SESSION_TTL` when `persist` is true, otherwise a browser-session cookie). ' +
    'An unknown e-mail, a wrong password and a disabled account all get the same 401.',
  querystring: Type.Object({
    [CAPTCHA_QUERY_PARAM]: Type.Optional(Type.String({ maxLength: 4096, description: 'reCAPTCHA v2 response token' })),
  }),
  body: Type.Object(
    {
      // Sign-in accepts any non-empty text: the stored account decides, and the answer never says which part was wrong.
      email: Type.String({ minLength: 1, maxLength: 254 }),
      password: Type.String({ minLength: 1, maxLength: 1024 }),
      persist: Type.Optional(Type.Boolean({ description: '"Trust this device": keep the session after the browser closes' })),
    },
    { additionalProperties: false },
  ),
  response: {
    200: Type.Object({ access_token: Type.String({ description: 'HS256 JWT: sub, userId, roles, sid, iat, exp, jti' }) }),
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
