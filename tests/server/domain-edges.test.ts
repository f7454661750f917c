/**
 * The edges between the server's domains, read from the source: each domain's tables are named
 * in its own tables.ts, no domain writes another's tables, the flows name no table at all (they
 * work through the domains), and the reads across an edge are the few listed below with their
 * reason (migrations, which record history, are outside the rule). ESLint's import rule is checked on examples, so that a change to its configuration that
 * stops it catching a forbidden import fails here.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { collectMigrations } from '../../src/server/db/migrate.js';
import { MODULES } from '../../src/server/modules.js';
import { PERMISSIONS } from '../../src/shared/permissions.js';
import { AUDIT_ACTION_LABELS, AUDIT_ACTIONS, ERROR_CODES } from '../../src/shared/types.js';

const SERVER = join(import.meta.dirname, '../../src/server');

/**
 * Reads across an edge that remain, each with why: a list page or a document shows a few columns of
 * its neighbours in one query (a join, or a subquery the planner answers from an index) rather than a
 * second round trip per page. Writes across an edge are never listed: they go through a flow.
 */
const READS_ACROSS: Record<string, { tables: string[]; why: string }> = {
  'audit/audit-log.ts': { tables: ['users'], why: "the log shows the actor's e-mail as it is now and searches by it" },
  'auth/principals.ts': { tables: ['users', 'user_roles', 'role_permissions', 'roles'], why: 'a request is authorised from the user, their roles and the roles\' permissions in one read' },
  'auth/password-reset.ts': { tables: ['users'], why: 'a reset finds the account by e-mail and sets its password' },
  'auth/sessions.ts': { tables: ['users'], why: 'a session belongs to a user who must still be active' },
  'auth/two-factor.ts': { tables: ['users', 'user_roles', 'roles'], why: 'whether a role of the user requires a second factor is read with the user’s own' },
  'bookings/check-in.ts': { tables: ['tours', 'departures'], why: "check-in is open from the day before the departure's first local day to its last, in its tour's zone and length; a guide sees the tour's title and the start time" },
  'bookings/queries.ts': {
    tables: ['tours', 'departures', 'users', 'resellers', 'audit_log', 'tour_days'],
    why: "a booking shows its tour's code, title and zone, its departure's start time, who made it (a user, or a reseller by name), and its history; a guide's passenger list counts the meals of its tour's itinerary days",
  },
  'departures/repository.ts': {
    tables: ['tours', 'tour_seasons', 'tour_price_rules'],
    why: "a departure shows its tour's code, title, zone, length and terms, and its price is found with it (its season and its tour's active rules, looked up on their tour's index in the same statement), so a list or a calendar asks no query per departure",
  },
  'messages/service.ts': {
    tables: ['bookings', 'tours', 'customers'],
    why: "the reminders job finds the bookings due from the bookings' own indexes (a balance's due day in its tour's zone, a confirmed booking's start); a message goes in its customer's language, never to an erased customer",
  },
  'operations/repository.ts': {
    tables: ['departures', 'tours', 'tour_days', 'tour_components', 'bookings', 'booking_travellers', 'booking_extras'],
    why: "a day sheet is one read of a date: its departures, their tours' itinerary days and components, and their bookings' travellers, rooms and extras, counted from each departure's own index",
  },
  'payments/service.ts': {
    tables: ['users'],
    why: 'a link shows the clerk who made it',
  },
  'pricing/promo-codes.ts': {
    tables: ['bookings', 'tours'],
    why: "a code's uses are counted from the bookings holding it (so a cancelled or lapsed booking gives its use back by itself), its page lists them with their tour's code; the tours it is for must exist and be priced in an amount's currency",
  },
  'reports/margins.ts': {
    tables: ['departures', 'tours', 'tour_components', 'bookings', 'booking_extras'],
    why: "a departure's margin is one statement over its bookings' totals and extras and its tour's components' costs; the report ranks a range of departures by it",
  },
  'reports/repository.ts': {
    tables: ['bookings', 'gift_cards', 'gift_card_transactions'],
    why: "the dashboard counts the bookings made today and the balances due soon or overdue from the bookings' own indexes, and what gift cards sold, paid and still hold",
  },
  'gift-cards/repository.ts': { tables: ['users', 'bookings', 'messages'], why: "a card's ledger names who made each entry and the booking a payment was for, by its reference; its page shows whether its e-mails went, from their own index" },
  'resellers/repository.ts': { tables: ['bookings'], why: 'a reseller shows how many bookings it made, counted from an index of the bookings' },
  'resellers/webhooks.ts': { tables: ['bookings'], why: "a delivery shows its booking's reference" },
  'resources/repository.ts': {
    tables: ['departures', 'tours', 'users'],
    why: "an assignment's days are its departure's, in its tour's zone and length, and a schedule or a conflict names the tour and date; a guide shows the staff user who is them",
  },
  'roles/repository.ts': { tables: ['user_roles'], why: 'a role shows how many users hold it and cannot be deleted while one does' },
  'tours/repository.ts': { tables: ['departures'], why: 'a tour shows its next departure' },
  'shop/carts.ts': {
    tables: ['bookings'],
    why: "an address's open carts are those whose bookings still hold their seats, counted from the carts of that address when a new one is made",
  },
  'shop/funnel.ts': {
    tables: ['bookings'],
    why: "a hold that lapsed unpaid is a cart whose booking expired, counted on the day its hold ended",
  },
  'shop/catalogue.ts': {
    tables: ['tours', 'tour_media', 'departures', 'tour_seasons', 'tour_price_rules'],
    why: "the shop's tour list is one read for a customer's phone: each tour sold online with its cover, its lowest price to come (each departure's season and its tour's rules looked up in the same read) and its next bookable date; a tour is found by its code only while it is published and sold online",
  },
  'users/repository.ts': { tables: ['roles', 'role_permissions'], why: 'a user shows the names of their roles, and the last administrator is kept' },
};

/**
 * Files outside the rule: the first start's content (the system roles and the first
 * administrator), written before any domain's service exists, as a migration's would be; and the
 * bench's rows in bulk, written straight into every domain's tables (tested on their own).
 */
const OUTSIDE = new Set(['db/seed.ts', 'db/bulk-rows.ts']);

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'migrations' ? [] : filesUnder(path);
    return path.endsWith('.ts') && !path.endsWith('.d.ts') && !OUTSIDE.has(relative(SERVER, path)) ? [path] : [];
  });
}

/** The tables each folder says it owns (its tables.ts, or db/schema.ts for the database's own). */
function ownedTables(): Map<string, string> {
  const owners = new Map<string, string>();
  for (const folder of readdirSync(SERVER)) {
    const file = folder === 'db' ? join(SERVER, 'db/schema.ts') : join(SERVER, folder, 'tables.ts');
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    const body = /interface Database \{([^}]*)\}/.exec(text)?.[1] ?? '';
    for (const [, table] of body.matchAll(/^\s*(\w+):/gm)) owners.set(table, folder);
  }
  return owners;
}

interface Use {
  table: string;
  write: boolean;
}

/** The tables a file names in Kysely's builders and in its sql`` templates. */
function tablesUsed(text: string, known: Set<string>): Use[] {
  const uses: Use[] = [];
  for (const [, call, table] of text.matchAll(/\b(selectFrom|insertInto|updateTable|deleteFrom|innerJoin|leftJoin|rightJoin|fullJoin)\(\s*'(\w+)/g)) {
    uses.push({ table, write: call === 'insertInto' || call === 'updateTable' || call === 'deleteFrom' });
  }
  // Rows a statement writes through rowsInserted (db/query-helpers.ts).
  for (const [, table] of text.matchAll(/\browsInserted\(\s*'(\w+)/g)) uses.push({ table, write: true });
  for (const [template] of text.matchAll(/sql(?:<[^`]*?>)?`[^`]*`/g)) {
    for (const [, verb, table] of template.matchAll(/\b(from|join|update|into)\s+(\w+)/gi)) {
      if (known.has(table)) uses.push({ table, write: /^(update|into)$/i.test(verb) });
    }
  }
  return uses.filter((use) => known.has(use.table));
}

describe('the edges between domains', () => {
  const owners = ownedTables();
  const known = new Set(owners.keys());
  const shared = new Set(['settings', 'row_counts']);

  it('every table has one owner, and every domain of the module list keeps its tables in its own folder', () => {
    expect(owners.get('bookings')).toBe('bookings');
    expect(owners.get('departures')).toBe('departures');
    expect(owners.get('tours')).toBe('tours');
    expect(owners.get('report_days')).toBe('reports');
    expect(owners.get('users')).toBe('users');
    expect(owners.get('sessions')).toBe('auth');
    expect(owners.size).toBeGreaterThanOrEqual(27);
    for (const module of MODULES) expect(statSync(join(SERVER, module.name === 'database' ? 'db' : module.name)).isDirectory()).toBe(true);
  });

  it("no domain writes another's tables, and the flows name no table", () => {
    const wrong: string[] = [];
    for (const folder of readdirSync(SERVER).filter((name) => statSync(join(SERVER, name)).isDirectory())) {
      for (const file of filesUnder(join(SERVER, folder))) {
        for (const use of tablesUsed(readFileSync(file, 'utf8'), known)) {
          const owner = owners.get(use.table);
          if (folder === 'flows') wrong.push(`${relative(SERVER, file)} names ${use.table}`);
          else if (use.write && owner !== folder && !shared.has(use.table)) wrong.push(`${relative(SERVER, file)} writes ${use.table} (${owner}'s)`);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('reads across an edge are only the listed ones', () => {
    const found: Record<string, Set<string>> = {};
    for (const folder of readdirSync(SERVER).filter((name) => statSync(join(SERVER, name)).isDirectory())) {
      for (const file of filesUnder(join(SERVER, folder))) {
        for (const use of tablesUsed(readFileSync(file, 'utf8'), known)) {
          const owner = owners.get(use.table);
          if (use.write || owner === folder || shared.has(use.table) || folder === 'flows') continue;
          (found[relative(SERVER, file)] ??= new Set()).add(use.table);
        }
      }
    }
    const listed = Object.fromEntries(Object.entries(READS_ACROSS).map(([file, { tables }]) => [file, [...tables].sort()]));
    expect(Object.fromEntries(Object.entries(found).map(([file, tables]) => [file, [...tables].sort()]))).toEqual(listed);
  });

  it("ESLint refuses a domain importing another domain's code, and the platform importing a domain or a flow", async () => {
    const eslint = new ESLint();
    const messages = async (filePath: string, text: string) => (await eslint.lintText(text, { filePath }))[0].messages.map((message) => message.ruleId);
    const restricted = '@typescript-eslint/no-restricted-imports';
    expect(await messages('src/server/departures/example.ts', "import { lapsedHeldSeats } from '../bookings/holds.js';\nexport const a = lapsedHeldSeats;\n")).toContain(restricted);
    expect(await messages('src/server/tours/migrations/example.ts', "import { newReference } from '../../bookings/repository.js';\nexport const a = newReference;\n")).toContain(restricted);
    expect(await messages('src/server/http/example.ts', "import { Flows } from '../flows/index.js';\nexport const a = Flows;\n")).toContain(restricted);
    // Allowed: a type from another domain, and the flows using every domain.
    expect(await messages('src/server/reports/example.ts', "import type { DeparturesRepository } from '../departures/repository.js';\nexport type A = DeparturesRepository;\n")).not.toContain(restricted);
    expect(await messages('src/server/flows/example.ts', "import { lapsedHeldSeats } from '../bookings/holds.js';\nexport const a = lapsedHeldSeats;\n")).not.toContain(restricted);
  });
});

describe('the module list', () => {
  it("runs every migration file of every domain's folder, each name once, in the order of their numbers", () => {
    for (const module of MODULES) {
      const folder = join(SERVER, module.name === 'database' ? 'db' : module.name, 'migrations');
      let files: string[] = [];
      try {
        files = readdirSync(folder).filter((name) => name.endsWith('.ts'));
      } catch {
        // a domain without migrations
      }
      expect(Object.keys(module.migrations ?? {}).sort(), module.name).toEqual(files.map((name) => name.replace(/\.ts$/, '')).sort());
    }
    const names = Object.keys(collectMigrations());
    expect(names).toEqual([...names].sort());
    expect(names[0]).toBe('0001-initial');
    const numbers = names.map((name) => name.slice(0, 4));
    expect(new Set(numbers).size).toBe(numbers.length);
    expect(() => collectMigrations([...MODULES, { name: 'copy', migrations: { '0001-initial': MODULES[0].migrations!['0001-initial'] } }])).toThrow(/listed twice/);
  });

  it('collects the permission catalogue from the domains, in the order the roles screen lists it', () => {
    expect(Object.keys(PERMISSIONS)[0]).toBe('dashboard.read');
    expect(Object.keys(PERMISSIONS)).toEqual(expect.arrayContaining(['users.read', 'audit.read', 'tours.delete', 'departures.update', 'bookings.cancel', 'payments.create', 'reports.read']));
    expect(Object.keys(PERMISSIONS).at(-1)).toBe('shop.manage');
    for (const label of Object.values(PERMISSIONS)) expect(label).toMatch(/\w/);
  });

  it('names each audit action and each error code once, and gives every action a label', () => {
    expect(new Set(AUDIT_ACTIONS).size).toBe(AUDIT_ACTIONS.length);
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const action of AUDIT_ACTIONS) expect(AUDIT_ACTION_LABELS[action], action).toMatch(/\w/);
    expect(AUDIT_ACTIONS).toContain('booking.created');
    expect(ERROR_CODES).toEqual(expect.arrayContaining(['VALIDATION', 'SOLD_OUT', 'TOKEN_EXPIRED', 'PAYMENT_EXCEEDS_BALANCE']));
  });

  it('documents every tag a route uses', async () => {
    const { createTestApp } = await import('../helpers/test-app.js');
    const t = await createTestApp();
    try {
      const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { tags: { name: string }[]; paths: Record<string, Record<string, { tags?: string[] }>> };
      const declared = new Set(document.tags.map((tag) => tag.name));
      const used = new Set(Object.values(document.paths).flatMap((methods) => Object.values(methods).flatMap((operation) => operation.tags ?? [])));
      expect([...used].filter((tag) => !declared.has(tag))).toEqual([]);
      expect(document.tags.map((tag) => tag.name)).toEqual(MODULES.flatMap((module) => (module.tag ? [module.tag.name] : [])));
    } finally {
      await t.close();
    }
  });
});
