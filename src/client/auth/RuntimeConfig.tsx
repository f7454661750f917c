import { createContext, useContext } from 'react';
import type { PublicConfig } from '../../shared/types';

export const RuntimeConfigContext = createContext<PublicConfig>({ recaptchaSiteKey: null, cardPayments: false, mailSent: true });

export function useRuntimeConfig(): PublicConfig {
  return useContext(RuntimeConfigContext);
}
