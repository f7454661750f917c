/**
 * The shop's per-address limits, from its own variables: SHOP_MAX_OPEN_CARTS (default 5) carts
 * holding seats at once, SHOP_MAX_HELD_SEATS (default 12) seats held by them together, and
 * SHOP_CART_RATE (default 20) carts made an hour, from one client address. A robot cannot hold a
 * departure's seats from one address: five carts of a whole party each would, twelve seats do not
 * (a party larger than that books with the office). Refused tries (sold out, closed) are not carts
 * made: they do not count toward the hour's.
 */
import { ConfigError, type Config } from '../config.js';

export interface ShopLimits {
  maxOpenCarts: number;
  maxHeldSeats: number;
  cartsPerHour: number;
}

function whole(config: Pick<Config, 'variable'>, name: string, fallback: number, max: number): number {
  const text = config.variable(name);
  if (text === undefined) return fallback;
  if (!/^\d{1,6}$/.test(text) || Number(text) < 1 || Number(text) > max) throw new ConfigError(name, `must be a whole number from 1 to ${max}`);
  return Number(text);
}

export function shopLimits(config: Pick<Config, 'variable'>): ShopLimits {
  return {
    maxOpenCarts: whole(config, 'SHOP_MAX_OPEN_CARTS', 5, 1_000),
    maxHeldSeats: whole(config, 'SHOP_MAX_HELD_SEATS', 12, 100_000),
    cartsPerHour: whole(config, 'SHOP_CART_RATE', 20, 100_000),
  };
}
