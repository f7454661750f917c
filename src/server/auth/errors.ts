/** The answers of sign-in, tokens and password resets that refuse. */
import { AppError } from '../http/errors.js';

export const authErrors = {
  tokenMissing: () => new AppError(403, 'TOKEN_MISSING', 'Sign in first: no access token was sent.'),
  tokenInvalid: () => new AppError(403, 'TOKEN_INVALID', 'The access token is not valid.'),
  /** A reseller's API key opens /api/octo only; sent to a staff route it is refused at once, never taken for a token to refresh. */
  resellerKey: () => new AppError(401, 'UNAUTHORIZED', 'A reseller API key opens only the OCTO API (/api/octo).'),
  tokenExpired: () => new AppError(403, 'TOKEN_EXPIRED', 'The access token has expired.'),
  refreshInvalid: () => new AppError(403, 'REFRESH_INVALID', 'Your login has expired.'),
  invalidCredentials: () => new AppError(401, 'INVALID_CREDENTIALS', 'The e-mail address or password is incorrect.'),
  /** The same answer whether or not the password was right: only a code as well tells. */
  totpRequired: () => new AppError(401, 'TOTP_REQUIRED', 'Enter the 6-digit code from your authenticator app, or a recovery code.'),
  twoFactorSetUpRequired: () => new AppError(403, 'TOTP_SETUP_REQUIRED', 'Your role requires two-factor sign-in: set it up in My profile before anything else.'),
  captchaFailed: () => new AppError(400, 'CAPTCHA_FAILED', 'The captcha was not solved. Please try again.'),
  resetTokenInvalid: () =>
    new AppError(400, 'RESET_TOKEN_INVALID', 'This password reset link is invalid or has expired. Ask for a new one.'),
};
