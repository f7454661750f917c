/** Paths under the API base `/api/`, one constant per call, as the browser app uses them. */
export const API_BASE = '/api/';

export const apiPaths = {
  login: 'auth/login',
  twoFactor: 'auth/totp',
  refreshToken: 'auth/refresh-token',
  check: 'auth/check',
  logout: 'auth/logout',
  forgetPassword: 'auth/forget-password',
  resetPassword: 'auth/reset-password',
  confirmEmail: 'auth/confirm-email',
  profile: (id: string) => `user/profile/${encodeURIComponent(id)}`,
  users: 'admin/auth/user',
  user: (id: string) => `admin/auth/user/${encodeURIComponent(id)}`,
  signup: 'admin/auth/signup',
  invitation: (id: string) => `admin/auth/user/${encodeURIComponent(id)}/invitation`,
  roles: 'admin/auth/role',
  role: (id: string) => `admin/auth/role/${encodeURIComponent(id)}`,
  rolePermissions: (id: string) => `admin/auth/role/${encodeURIComponent(id)}/permission`,
  rolePermissionsByName: (name: string) => `admin/auth/role/permission/${encodeURIComponent(name)}`,
  rolePermission: (id: string, permission: string) =>
    `admin/auth/role/${encodeURIComponent(id)}/permission/${encodeURIComponent(permission)}`,
  permissions: 'admin/auth/permission',
  audit: 'admin/audit',
  config: 'config',
  health: 'health',
} as const;

/** The captcha response travels in this query parameter of the login call. */
export const CAPTCHA_QUERY_PARAM = 'g-recaptcha-response';
