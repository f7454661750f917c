import { domainFacts } from './fact.js';

/** Sign-in, sessions and passwords. */
export const AUTH = domainFacts({
  name: 'auth',
  permissions: {},
  auditActions: {
    'login.success': 'Signed in',
    'login.failure': 'Sign-in refused',
    'login.lockout': 'Sign-in locked (too many failures)',
    'login.lock_lifted': 'Sign-in lock lifted by an administrator',
    logout: 'Signed out',
    'session.reuse_detected': 'Stolen session suspected (refresh token reused)',
    'password.reset_requested': 'Password reset requested',
    'password.reset': 'Password reset',
    'password.changed': 'Password changed',
    'two_factor.enabled': 'Two-factor sign-in turned on',
    'two_factor.disabled': 'Two-factor sign-in turned off',
    'two_factor.reset': 'Two-factor sign-in reset by an administrator',
    'two_factor.recovery_code_used': 'Signed in with a recovery code',
  },
  auditTargets: ['session'],
  errorCodes: ['CAPTCHA_FAILED', 'INVALID_CREDENTIALS', 'TOKEN_MISSING', 'TOKEN_INVALID', 'TOKEN_EXPIRED', 'REFRESH_INVALID', 'RESET_TOKEN_INVALID', 'TOTP_REQUIRED', 'TOTP_SETUP_REQUIRED'],
});
