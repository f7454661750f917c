/** Each domain's screens' words in English, merged into the app's messages (index.ts). The words of screens few open (resellers, message templates, online sales, business) load with those screens instead (their folder's words.ts). */
import { COMMON_EN } from './common-en';
import { TOURS_EN } from './tours-en';
import { DEPARTURES_EN } from './departures-en';
import { RESOURCES_EN } from './resources-en';
import { BOOKINGS_EN } from './bookings-en';
import { CUSTOMERS_EN } from './customers-en';
import { OPERATIONS_EN } from './operations-en';

export const DOMAINS_EN = [COMMON_EN, TOURS_EN, DEPARTURES_EN, RESOURCES_EN, BOOKINGS_EN, CUSTOMERS_EN, OPERATIONS_EN] as const;
