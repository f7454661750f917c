/**
 * The language the shop answers a customer in, decided in one place. A page's language is its
 * address's (`?lang=de`, else English): a link shared or a page indexed shows the same words to
 * everyone. An API answer and what it keeps for the customer (a cart's language, a payment page's
 * way back) follow `lang` in the address too, else the browser's Accept-Language.
 */
import type { FastifyRequest } from 'fastify';
import { refusalLanguage } from '../http/refusal-language.js';

export type ShopLanguage = 'en' | 'de';

function askedIn(request: FastifyRequest): ShopLanguage | null {
  const asked = (request.query as { lang?: unknown } | undefined)?.lang;
  return asked === 'de' || asked === 'en' ? asked : null;
}

/** A page's language: its address's alone. */
export function pageLanguageOf(request: FastifyRequest): ShopLanguage {
  return askedIn(request) ?? 'en';
}

/** An API answer's language: the address's, else the browser's. */
export function answerLanguageOf(request: FastifyRequest): ShopLanguage {
  return askedIn(request) ?? refusalLanguage(request.headers['accept-language']);
}
