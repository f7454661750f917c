/** The message templates' screens' words, in each staff language: registered when a screen of them first loads, not with the office's first download. */
import { registerScreenWords } from '../../i18n';
import { TEMPLATES_EN } from '../../i18n/domains/message-templates-en';
import { TEMPLATES_DE } from '../../i18n/domains/message-templates-de';

registerScreenWords({ en: TEMPLATES_EN, de: TEMPLATES_DE });
