/**
 * The react-admin authProvider: captcha login, session restore from the refresh cookie,
 * logout, identity, and the permissions that decide what the UI shows (the server stays
 * the authority on every call).
 */
import type { AuthProvider } from 'react-admin';
import { apiPaths, CAPTCHA_QUERY_PARAM } from '../../shared/api-paths';
import type { User } from '../../shared/types';
import { currentSubject, decodeToken, getAuth, getUserState, logOut, setCredentials, setUserState } from './auth-state';
import { tellOtherTabs } from '../session/session-events';
import { ApiError, type HttpClient } from './http-client';

export interface LoginParams {
  email: string;
  password: string;
  persist: boolean;
  captcha: string | null;
  /** The authenticator app's code or a recovery code, when the server asked for one (TOTP_REQUIRED). */
  totp?: string;
}

/** react-admin resource × action → the catalogue's permission. */
const ACTION_PERMISSION: Record<string, string> = {
  list: 'read',
  show: 'read',
  read: 'read',
  export: 'read',
  create: 'create',
  edit: 'update',
  delete: 'delete',
  cancel: 'cancel',
};

export function permissionFor(resource: string, action: string): string | null {
  const own = RESOURCE_GRANTS[resource]?.[action.split('.')[0]];
  if (own) return own;
  const verb = ACTION_PERMISSION[action.split('.')[0]];
  if (!verb) return null;
  return `${resource}.${verb}`;
}

/**
 * Resources whose actions a permission of another verb grants (resellers: create and edit need
 * resellers.manage). The admin app registers them when it loads (App.tsx): the sign-in page, where
 * this provider is made, does not load the resources.
 */
let RESOURCE_GRANTS: Record<string, Partial<Record<string, string>>> = {};

export function registerResourceGrants(grants: Record<string, Partial<Record<string, string>>>): void {
  RESOURCE_GRANTS = grants;
}

export interface BackOfficeAuthProvider extends AuthProvider {
  /** Refresh → decode userId → load the profile → store the user. One restore at a time. */
  restoreSession(): Promise<boolean>;
}

export function createAuthProvider(http: HttpClient): BackOfficeAuthProvider {
  let restoring: Promise<boolean> | null = null;

  async function loadUser(userId: string): Promise<void> {
    const [user, twoFactor] = await Promise.all([
      http.request<User>(apiPaths.profile(userId)),
      http.request<{ enabled: boolean; required: boolean }>(apiPaths.twoFactor),
    ]);
    const names = user.roles;
    const lists = await Promise.all(
      names.map((name) => http.request<{ data: string[] }>(apiPaths.rolePermissionsByName(name)).then((answer) => answer.data)),
    );
    setUserState({ user, role: { names, permissions: [...new Set(lists.flat())].sort() }, twoFactor: { enabled: twoFactor.enabled, required: twoFactor.required } });
  }

  async function restoreSession(): Promise<boolean> {
    if (!restoring) {
      restoring = (async () => {
        try {
          const token = await http.refreshAccessToken();
          const claims = decodeToken(token);
          if (!token || !claims?.sub || !claims.userId) {
            logOut();
            return false;
          }
          await loadUser(claims.userId);
          return true;
        } catch (error) {
          console.error('Session restore failed', error);
          logOut();
          return false;
        }
      })().finally(() => {
        restoring = null;
      });
    }
    return restoring;
  }

  const hasUser = () => currentSubject() !== '' && getUserState().user !== null;

  return {
    restoreSession,

    async login(params: LoginParams) {
      const answer = await http.request<{ access_token: string }>(apiPaths.login, {
        method: 'POST',
        query: { [CAPTCHA_QUERY_PARAM]: params.captcha ?? undefined },
        body: { email: params.email, password: params.password, persist: params.persist, ...(params.totp !== undefined && { totp: params.totp }) },
        skipRefresh: true,
      });
      const claims = decodeToken(answer.access_token);
      if (!claims?.sub || !claims.userId) throw new ApiError('PARSING_ERROR', null, 'The server sent an unusable token.');
      setCredentials(answer.access_token);
      await loadUser(claims.userId);
      tellOtherTabs({ type: 'signed-in' }); // tabs waiting on /login continue with this session
      return { redirectTo: false }; // the login page goes on to the page the user asked for
    },

    async checkAuth() {
      if (hasUser()) return;
      if (restoring) {
        await restoring; // a restore under way: its outcome is the answer
      } else if (getAuth().token === null) {
        await restoreSession();
      } else {
        // A token without its user (the user's load failed earlier): load it now.
        const claims = decodeToken(getAuth().token);
        if (claims?.sub && claims.userId) await loadUser(claims.userId).catch((error) => console.error(error));
      }
      if (hasUser()) return;
      throw { redirectTo: '/login', message: false };
    },

    async checkError(error: unknown) {
      // Never rejects: react-admin answers a call whose error made checkError reject with an empty
      // success ({data: {}}), so a refused save would be reported as saved. A refused refresh is
      // handled where it is detected: the HTTP client announces the end of the session, and the
      // layout's SessionWatcher signs this tab out, keeping unsaved forms as drafts.
      if (!(error instanceof ApiError && error.sessionExpired)) console.error(error); // spec: other errors are logged
    },

    /** `{ localOnly: true }`: the session already ended (refused, or signed out in another tab); no server call. */
    async logout(params?: { localOnly?: boolean }) {
      const signedIn = getAuth().token !== null || getUserState().user !== null;
      if (params?.localOnly) {
        logOut();
        return false; // the session guard sends the user to /login, remembering the page
      }
      if (signedIn) {
        try {
          await http.request(apiPaths.logout, { method: 'POST', skipRefresh: true });
        } catch (error) {
          console.error('Logout call failed', error); // the local session ends anyway
        }
        tellOtherTabs({ type: 'ended', reason: 'signed-out' });
      }
      logOut();
      return '/login';
    },

    async getIdentity() {
      const user = getUserState().user;
      if (!user) throw new Error('Not signed in');
      return { id: user.id, fullName: user.fullName || user.email, email: user.email, roles: user.roles };
    },

    async getPermissions() {
      return getUserState().role?.permissions ?? [];
    },

    async canAccess({ resource, action }) {
      const permissions = getUserState().role?.permissions ?? [];
      const needed = permissionFor(resource, action);
      return needed !== null && permissions.includes(needed);
    },
  };
}
