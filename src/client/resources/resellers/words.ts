/** The resellers' screens' words, in each staff language: registered when a screen of them first loads, not with the office's first download. */
import { registerScreenWords } from '../../i18n';
import { RESELLERS_EN } from '../../i18n/domains/resellers-en';
import { RESELLERS_DE } from '../../i18n/domains/resellers-de';

registerScreenWords({ en: RESELLERS_EN, de: RESELLERS_DE });
