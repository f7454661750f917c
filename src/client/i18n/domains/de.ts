/** Each domain's screens' words in German: part of the German chunk (see index.ts's loadLanguage). */
import { COMMON_DE } from './common-de';
import { TOURS_DE } from './tours-de';
import { DEPARTURES_DE } from './departures-de';
import { RESOURCES_DE } from './resources-de';
import { BOOKINGS_DE } from './bookings-de';
import { CUSTOMERS_DE } from './customers-de';
import { OPERATIONS_DE } from './operations-de';

export const DOMAINS_DE = [COMMON_DE, TOURS_DE, DEPARTURES_DE, RESOURCES_DE, BOOKINGS_DE, CUSTOMERS_DE, OPERATIONS_DE] as const;
