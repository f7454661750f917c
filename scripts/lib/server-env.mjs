// The environment the product's launchers (npm start, npm run serve) give the server process, and
// that the scripts measuring it (npm run bench, npm run timing) give it too, so they measure the
// product as it is run.
//
// MALLOC_MMAP_THRESHOLD_: glibc serves large allocations (argon2's 19 MiB per password check,
// HTTP buffers) with mmap and returns them on free, until the first such free raises the
// threshold; after that they come from per-thread arenas that keep the memory. A fixed threshold
// keeps the old behaviour: measured on the embedded database, peak resident memory through a
// list load, a sign-in load and a sign-in storm 377 MB → 287 MB. Other C libraries ignore it.
// A value already in the environment wins.
export function serverEnvironment(env) {
  return { MALLOC_MMAP_THRESHOLD_: '131072', ...env };
}

// Node flags the launchers start the server with (V8 reads them once, at start).
// - --heap-growing-percent=50: a JavaScript heap grows to 1.5 times what survived the last full
//   collection before the next one; V8's default lets it reach up to 4 times under load (the main
//   thread's 30 MB of live objects reached 98 MB committed in a list load, the database thread's
//   11 MB reached 58 MB).
// - --wasm-lazy-compilation: PostgreSQL's WebAssembly is compiled function by function on first
//   call instead of all at start; what it saves is mostly the compiler threads' memory.
// - --max-semi-space-size=4: the main thread's young generation stays at 4 MB halves instead of 16.
// Measured on a 100,000-user embedded database through a health, list, sign-in load and a storm of
// 200 sign-ins: peak resident memory 295-318 MB without them, 245 and 259 MB in two runs with them.
export const SERVER_NODE_FLAGS = ['--heap-growing-percent=50', '--wasm-lazy-compilation', '--max-semi-space-size=4'];
