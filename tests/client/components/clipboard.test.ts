/**
 * A copy button says whether the text reached the clipboard: yes when the browser took it, no when
 * it refused the permission and no when the page has no clipboard at all (an insecure page), never
 * "copied" for text that was not.
 */
import { afterEach, describe, expect, test } from 'vitest';
import { copyText } from '../../../src/client/clipboard';

const original = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
function clipboardIs(value: unknown): void {
  Object.defineProperty(navigator, 'clipboard', { value, configurable: true });
}
afterEach(() => {
  if (original) Object.defineProperty(navigator, 'clipboard', original);
  else Reflect.deleteProperty(navigator, 'clipboard');
});

describe('copying text', () => {
  test('the browser takes it: copied, and the text is what was given', async () => {
    const written: string[] = [];
    clipboardIs({ writeText: async (text: string) => void written.push(text) });
    expect(await copyText('https://pay.example/abc')).toBe(true);
    expect(written).toEqual(['https://pay.example/abc']);
  });

  test('the browser refuses the permission: not copied', async () => {
    clipboardIs({ writeText: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')) });
    expect(await copyText('secret')).toBe(false);
  });

  test('the page has no clipboard (not a secure page): not copied, and nothing thrown', async () => {
    clipboardIs(undefined);
    expect(await copyText('secret')).toBe(false);
  });
});
