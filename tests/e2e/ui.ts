/**
 * How the journeys find things on the screens: one place for the labels and routes of the
 * browser app (src/client), so a renamed button is fixed here once.
 */
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

export const EXPIRED_MESSAGE = 'Your login has expired.';

export function path(page: Page): string {
  return new URL(page.url()).pathname;
}

/** An entry of the side menu (react-admin's Menu items are links with role menuitem). */
export function menuEntry(page: Page, name: string | RegExp): Locator {
  return page.getByRole('menuitem', { name: typeof name === 'string' ? new RegExp(`^${name}$`, 'i') : name });
}

export async function openMenu(page: Page, name: string): Promise<void> {
  await menuEntry(page, name).click();
}

/** The page's main heading (react-admin puts the title in the app bar; pages may add an h1). */
export function title(page: Page, text: string | RegExp): Locator {
  return page.locator('#react-admin-title, h1, h2, h5, h6').filter({ hasText: text }).first();
}

/** Waits for a visible text. */
export async function see(page: Page, text: string | RegExp, timeout = 10_000): Promise<void> {
  await page.getByText(text).first().waitFor({ state: 'visible', timeout });
}

/** Waits until the app has left /login and has shown the signed-in layout (its menu). */
export async function signedIn(page: Page): Promise<void> {
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 15_000 });
  await menuEntry(page, 'Dashboard').waitFor({ state: 'visible', timeout: 15_000 });
}

/** The login screen is showing. */
export async function onLoginScreen(page: Page, timeout = 15_000): Promise<void> {
  await page.waitForURL((url) => url.pathname === '/login', { timeout });
  await page.getByRole('button', { name: /^sign in$/i }).waitFor({ state: 'visible', timeout });
}

export async function logout(page: Page): Promise<void> {
  await page.getByRole('button', { name: /profile|account|user menu/i }).first().click();
  await page.getByRole('menuitem', { name: /log ?out|sign out/i }).click();
  await onLoginScreen(page);
}

/** Toasts (react-toastify): role alert inside the top-right container. */
export function toasts(page: Page): Locator {
  return page.locator('.Toastify__toast');
}

export function toast(page: Page, text: string | RegExp): Locator {
  return toasts(page).filter({ hasText: text }).first();
}

/** Rows of the list's table body. */
export function rows(page: Page): Locator {
  return page.locator('table tbody tr');
}

export function row(page: Page, text: string | RegExp): Locator {
  return rows(page).filter({ hasText: text }).first();
}

/** The "1-10 of 31" text of react-admin's pagination. */
export async function paginationTotal(page: Page): Promise<number> {
  const text = await page.getByText(/\d+\s*[-–]\s*\d+\s+of\s+\d+/).first().textContent();
  const match = /of\s+(\d+)/.exec(text ?? '');
  return match ? Number(match[1]) : NaN;
}

/** The texts of one column of the list, top to bottom. */
export async function columnTexts(page: Page, column: string): Promise<string[]> {
  const headers = await page.locator('table thead th').allTextContents();
  const index = headers.findIndex((header) => header.trim().toLowerCase() === column.toLowerCase());
  expect(index, `column ${column} among ${JSON.stringify(headers)}`).toBeGreaterThanOrEqual(0);
  return (await page.locator(`table tbody tr td:nth-child(${index + 1})`).allTextContents()).map((text) => text.trim());
}

/** Records, in the page, whether a text ever appeared (for texts shown only for an instant, such as "Loading..."). */
export async function watchForText(page: Page, text: string): Promise<void> {
  await page.addInitScript((wanted: string) => {
    const w = window as unknown as { __e2eSeen?: Record<string, boolean> };
    w.__e2eSeen = w.__e2eSeen ?? {};
    const look = () => {
      if (document.body?.textContent?.includes(wanted)) w.__e2eSeen![wanted] = true;
    };
    new MutationObserver(look).observe(document, { subtree: true, childList: true, characterData: true });
  }, text);
}

export async function sawText(page: Page, text: string): Promise<boolean> {
  return page.evaluate((wanted: string) => Boolean((window as unknown as { __e2eSeen?: Record<string, boolean> }).__e2eSeen?.[wanted]), text);
}
