/**
 * The API on one engine: health; the user list (page of 25, role filter) at 10,000 and 100,000
 * users beside the database's own rate for the same queries; a search at 100,000 users; refresh;
 * sign-in (argon2id). Answers the server it leaves running.
 */
import { nextAddress } from '../../scripts/lib/built-server.mjs';
import { cannon, warmed, databaseRate, type Target } from '../lib/load.ts';
import { onEngine, rate, row } from '../lib/report.ts';
import { bulk, type Seed } from '../lib/seed.ts';
import { decodeJwt, signIn, startServer, type BenchServer } from '../lib/servers.ts';
import { ADMIN } from '../lib/settings.ts';

export async function apiRows(engine: string, env: Record<string, string>, seed: Seed, target: Target): Promise<BenchServer> {
  console.log(`\nbench: API on the ${engine}`);
  onEngine(engine);
  let server = await startServer(env);
  await server.stop(); // migrated and seeded with the administrator
  await seed(bulk.usersSql(10_000, 0, ADMIN.email));
  const listPath = '/api/admin/auth/user?page=1&pageSize=25&role=STAFF';
  const p50: Record<number, number> = {};
  for (const [size, offset] of [
    [10_000, 0],
    [100_000, 10_000],
  ]) {
    if (size === 100_000) await seed(bulk.usersSql(90_000, offset, ADMIN.email));
    server = await startServer(env);
    const { token } = await signIn(server.baseUrl);
    if (size === 10_000) {
      const health = await cannon({ url: `${server.baseUrl}/api/health` });
      row(engine, 'GET /api/health', `${rate(health.rps)}, p50 ${health.p50} ms, p99 ${health.p99} ms`);
    }
    const list = await warmed({ url: server.baseUrl + listPath, headers: { authorization: `Bearer ${token}` } });
    if (list.errors > 0) throw new Error(`user list: ${list.errors} errors`);
    p50[size] = list.p50;
    // At 100,000 users, a search for a piece of a name (11 match), answered from the trigram indexes (migration 0005).
    const search =
      size === 100_000 ? await cannon({ url: `${server.baseUrl}/api/admin/auth/user?page=1&pageSize=25&q=user%201234`, headers: { authorization: `Bearer ${token}` } }) : null;
    if (search && search.errors > 0) throw new Error(`user search: ${search.errors} errors`);
    await server.stop();
    // The database's own rate, same queries, no HTTP, in a process launched as the server is (stopped meanwhile: PGlite's directory has one owner).
    const claims = decodeJwt(token);
    const own = await databaseRate(target, claims.userId, claims.sid);
    const ratio = list.rps / own;
    const need = engine === 'embedded database' ? 0.7 : 0.5;
    row(
      engine,
      `user list at ${size.toLocaleString('en')} users (page of 25, role filter)`,
      `${rate(list.rps)}, p50 ${list.p50} ms, p99 ${list.p99} ms; database alone ${rate(own)}; ratio ${(ratio * 100).toFixed(0)}%`,
      `≥ ${need * 100}% of the database`,
      ratio >= need,
    );
    if (search) row(engine, 'user search at 100,000 users ("user 1234": 11 match)', `${rate(search.rps)}, p50 ${search.p50} ms, p99 ${search.p99} ms`);
  }
  const growth = p50[100_000] / Math.max(p50[10_000], 0.5);
  row(engine, 'user list p50 at 100,000 ÷ at 10,000', `${growth.toFixed(2)}×`, '≤ 1.5×', growth <= 1.5);

  server = await startServer(env);
  // Refresh: each connection keeps its own session and feeds the rotated cookie back.
  const sessions: (string | undefined)[] = [];
  for (let i = 0; i < 50; i += 1) sessions.push((await signIn(server.baseUrl)).cookie);
  let next = 0;
  const refresh = await cannon({
    url: `${server.baseUrl}/api/auth/refresh-token`,
    requests: [
      {
        setupRequest: (request, context) => {
          const own = context as { cookie?: string };
          own.cookie ??= sessions[next++ % sessions.length];
          return { ...request, headers: { ...request.headers, cookie: `bo_session=${own.cookie}`, 'x-forwarded-for': nextAddress() } };
        },
        onResponse: (_status, _body, context, headers) => {
          const header = (headers as Record<string, string | string[] | undefined> | undefined)?.['set-cookie'];
          const list = Array.isArray(header) ? header : [header ?? ''];
          const found = list.map((line) => /bo_session=([^;]+)/.exec(line ?? '')?.[1]).find(Boolean);
          if (found) (context as { cookie?: string }).cookie = found;
        },
      },
    ],
  });
  row(engine, 'GET /api/auth/refresh-token (rotating)', `${rate(refresh.rps)}, p50 ${refresh.p50} ms, p99 ${refresh.p99} ms, ${refresh.errors} non-2xx`);
  const login = await cannon({
    url: `${server.baseUrl}/api/auth/login`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(ADMIN),
    requests: [{ setupRequest: (request) => ({ ...request, headers: { ...request.headers, 'x-forwarded-for': nextAddress() } }) }],
  });
  row(engine, 'POST /api/auth/login (argon2id)', `${rate(login.rps)}, p50 ${login.p50} ms, p99 ${login.p99} ms, ${login.errors} non-2xx`);
  return server;
}
