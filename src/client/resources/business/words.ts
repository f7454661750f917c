/** The Business screens' words, in each staff language: registered when a screen of them first loads, not with the office's first download. */
import { registerScreenWords } from '../../i18n';
import { BUSINESS_EN } from '../../i18n/domains/business-en';
import { BUSINESS_DE } from '../../i18n/domains/business-de';

registerScreenWords({ en: BUSINESS_EN, de: BUSINESS_DE });
