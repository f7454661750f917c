/** The Online sales screens' words, in each staff language: registered when a screen of them first loads, not with the office's first download. */
import { registerScreenWords } from '../../i18n';
import { SHOP_EN } from '../../i18n/domains/shop-en';
import { SHOP_DE } from '../../i18n/domains/shop-de';

registerScreenWords({ en: SHOP_EN, de: SHOP_DE });
