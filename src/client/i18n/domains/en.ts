/** Each domain's screens' words in English, merged into the app's messages (index.ts). */
import { COMMON_EN } from './common-en';
import { TOURS_EN } from './tours-en';
import { DEPARTURES_EN } from './departures-en';
import { RESOURCES_EN } from './resources-en';
import { BOOKINGS_EN } from './bookings-en';
import { CUSTOMERS_EN } from './customers-en';
import { OPERATIONS_EN } from './operations-en';
import { TEMPLATES_EN } from './message-templates-en';
import { RESELLERS_EN } from './resellers-en';
import { BUSINESS_EN } from './business-en';
import { SHOP_EN } from './shop-en';

export const DOMAINS_EN = [COMMON_EN, TOURS_EN, DEPARTURES_EN, RESOURCES_EN, BOOKINGS_EN, CUSTOMERS_EN, OPERATIONS_EN, TEMPLATES_EN, RESELLERS_EN, BUSINESS_EN, SHOP_EN] as const;
