// engine: independent (never opens the test database: left out of the suite's run on a PostgreSQL server)
/** The outbox folder (no SMTP_URL): whoever watches it — an operator's script, the journeys — reads whole mails only. */
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { createOutboxMailer } from '../../src/server/mail/mailer.js';

let dir = '';
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

test('a folder read while mails are being written never shows half a mail, and keeps them in the order sent', async () => {
  dir = await mkdtemp(join(tmpdir(), 'outbox-'));
  const mailer = createOutboxMailer(dir, 'Back office <no-reply@example.test>', () => Date.parse('2026-11-25T08:00:00.000Z'));
  const body = 'x'.repeat(50_000); // large enough that a write is not a single step
  let sending = true;
  const sent = (async () => {
    for (let i = 0; i < 50; i += 1) await Promise.all([0, 1, 2, 3].map((j) => mailer.send({ to: `guest${i * 4 + j}@example.test`, subject: `Mail ${i * 4 + j}`, text: body })));
    sending = false;
  })();
  // Like a watcher, read each mail as soon as its name appears.
  const seen = new Set<string>();
  while (sending) {
    const names = (await readdir(dir).catch(() => [] as string[])).filter((name) => name.endsWith('.json') && !seen.has(name));
    for (const name of names) {
      const text = await readFile(join(dir, name), 'utf8');
      expect(() => JSON.parse(text), `${name} was read half-written`).not.toThrow();
      seen.add(name);
    }
  }
  await sent;
  expect(seen.size).toBeGreaterThan(0); // mails were read while others were being written
  const names = (await readdir(dir)).sort();
  expect(names.every((name) => name.endsWith('.json'))).toBe(true); // nothing left under a temporary name
  const mails = await Promise.all(names.map(async (name) => JSON.parse(await readFile(join(dir, name), 'utf8'))));
  expect(mails).toHaveLength(200);
  // Same millisecond throughout: the sequence number keeps the sending order.
  expect(mails.map((mail) => mail.subject)).toEqual(Array.from({ length: 200 }, (_, i) => `Mail ${i}`));
  expect(mails[0]).toMatchObject({ from: 'Back office <no-reply@example.test>', date: '2026-11-25T08:00:00.000Z', to: 'guest0@example.test' });
});
