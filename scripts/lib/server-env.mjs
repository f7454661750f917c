// The environment the product's launchers (npm start, npm run serve) give the server process, and
// that the scripts measuring it (npm run bench, npm run timing) give it too, so they measure the
// product as it is run.
//
// MALLOC_MMAP_THRESHOLD_: glibc serves large allocations (argon2's 19 MiB per password check,
// HTTP buffers) with mmap and returns them on free, until the first such free raises the
// threshold; after that they come from per-thread arenas that keep the memory. A fixed threshold
// keeps the old behaviour: measured on the embedded database, peak resident memory through a
// list load, a sign-in load and a sign-in storm 377 MB → 287 MB. Other C libraries ignore it.
// MALLOC_ARENA_MAX=1: one malloc arena for every thread. Picture work (sharp/libvips threads) otherwise
// gets arenas of its own that each grow to a picture's working set: measured with five 12-megapixel
// uploads and then four at once, the peak resident memory they added was 86 MB (default), 62 MB
// (2 arenas), 46 MB (1 arena), at the same median upload time (441-464 ms). The picture process
// (src/server/tours/picture-worker.mjs) inherits this environment.
// A value already in the environment wins.
export function serverEnvironment(env) {
  return { MALLOC_MMAP_THRESHOLD_: '131072', MALLOC_ARENA_MAX: '1', ...env };
}

// Node flags the launchers start the server with (V8 reads them once, at start).
// - --liftoff-only: PostgreSQL's WebAssembly runs on V8's baseline compiler alone, never tiered up
//   to the optimising one. Tier-up compiles hot functions on background threads whose working
//   memory (30-60 MB of malloc'ed compiler zones, kept by glibc's per-thread arenas after they are
//   freed) came on top of the optimised code itself. Measured on a 100,000-user embedded
//   database (health, list, sign-in loads and a storm of 200 sign-ins): peak resident memory
//   245-259 MB -> 216-219 MB; at start 230 MB peak, 200 MB resident -> 165-176 MB. The price is paid by
//   queries that spend their time inside PostgreSQL: a search with no index over 100,000 users
//   (p50) 343-349 ms -> 427-478 ms. A page of the user list spends its time outside it and
//   measured the same (7-9 ms sequential p50 either way; the same rate under load).
// - --heap-growing-percent=50: a JavaScript heap grows to 1.5 times what survived the last full
//   collection before the next one; V8's default lets it reach up to 4 times under load (the main
//   thread's 30 MB of live objects reached 98 MB committed in a list load, the database thread's
//   11 MB reached 58 MB).
// - --wasm-lazy-compilation: PostgreSQL's WebAssembly is compiled function by function on first
//   call instead of all at start.
// - --max-semi-space-size=4: the main thread's young generation stays at 4 MB halves instead of 16.
// The three last, before --liftoff-only, took the same load sequence's peak from 295-318 MB to 245
// and 259 MB in two runs.
// - --no-maglev, --optimize-for-size, --max-semi-space-size=2, on the embedded database only
//   (Node 24): V8 13 compiles hot JavaScript with Maglev, a mid-tier compiler Node 20's V8 did not
//   run, whose code and compiler zones came on top; --optimize-for-size makes V8 prefer a smaller
//   heap and smaller code over speed; the young generation's halves go down to 2 MB. Measured with
//   `BENCH_SKIP=pg,browser,lighthouse,bookings npm run bench` and SERVER_NODE_FLAGS set (one run
//   each, concurrent health checks sharing one database ping): the embedded servers' peak resident
//   memory 292 MB with the four flags above (the uploads' server; 268-270 MB under the list loads and
//   the sign-in storm), 279 MB with --no-maglev, 249 MB with it and --optimize-for-size, 245 MB with
//   the young generation at 2 MB too; the user list at 100,000 users 638/s, 642/s, 584/s, 552/s.
//   On a PostgreSQL server the process holds no database and its peak stayed far below the budget
//   with the four flags alone (224 MB on Node 24), while --optimize-for-size took a third off its
//   throughput (the user list at 100,000 users 1,578/s -> 1,129/s): there it runs without these three.
// - --heap-growing-percent=20 instead of 50, on the embedded database only: under the OCTO sell
//   load (50 resellers' callers reserving and confirming) the main thread's heap stood at 82-91 MB
//   at the process's highest sample, 79-89 MB of it used and most of that garbage awaiting the next
//   full collection, which a 50% growth let come late. Measured with the bench's own breakdown of
//   the highest sample (`BENCH_SKIP=pg,users,storm,browser,lighthouse,catalogue,operations,bookings
//   npm run bench`, one run each, 2026-11-28): peak 256 and 258 MB (50%) -> 235 and 239 MB (20%),
//   the main heap at the highest sample 82-91 MB -> 60-67 MB; the sales 181/s and 161/s beside
//   staff's 156/s and 136/s (50%), 142/s and 167/s beside 128/s and 150/s (20%): the ratio the
//   budget reads (>= 80%) held either way, the machine's own speed moving more between runs than
//   the setting. The user list (users part, 20%): 86% and 81% of the database alone at 10,000 and
//   100,000 users (budget 70%), peak 226 MB. The bookings part (20%, one run): all 17 budgets pass,
//   peak 240 MB (246 MB at 50% last measured), but the customers list read 71% and 76% of the
//   database alone at 100,000 and 1,000,000 customers (budget 70%; 93% and 89% at 50% on another
//   day): more collections on the main thread may cost the lists their margin, or the machine's
//   speed moved; both sides in one run (SERVER_NODE_FLAGS) must settle it. Where the rest goes at that sample: the database
//   thread's heap 24-26 MB, the node binary's and libraries' mapped pages 63 MB, buffers 4-5 MB,
//   and 61-79 MB of PostgreSQL's WebAssembly memory (128 MB reserved), compiled code and malloc.
// SERVER_NODE_FLAGS in the environment (space-separated) replaces them, to measure others with the bench.
const BASE_FLAGS = ['--liftoff-only', '--wasm-lazy-compilation'];
const EMBEDDED_FLAGS = [...BASE_FLAGS, '--heap-growing-percent=20', '--max-semi-space-size=2', '--no-maglev', '--optimize-for-size'];
const SERVER_DATABASE_FLAGS = [...BASE_FLAGS, '--heap-growing-percent=50', '--max-semi-space-size=4'];

/** The node flags for a server started with `env`: on the embedded database unless DATABASE_URL is set. */
export function serverNodeFlags(env) {
  const chosen = process.env.SERVER_NODE_FLAGS?.split(' ').filter(Boolean);
  if (chosen) return chosen;
  return env.DATABASE_URL ? SERVER_DATABASE_FLAGS : EMBEDDED_FLAGS;
}
