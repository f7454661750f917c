/** Public runtime settings read once at start (GET /api/config), so one build serves every deployment. */
import { apiPaths } from '../../shared/api-paths';
import type { PublicConfig } from '../../shared/types';
import type { HttpClient } from './http-client';

export async function loadRuntimeConfig(http: HttpClient): Promise<PublicConfig> {
  try {
    return await http.request<PublicConfig>(apiPaths.config, { skipRefresh: true });
  } catch (error) {
    console.error('Could not read /api/config; the captcha and card payment links are off in this page', error);
    return { recaptchaSiteKey: null, cardPayments: false, mailSent: true };
  }
}
