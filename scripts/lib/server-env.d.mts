/** The environment the launchers give the server process (server-env.mjs). */
export function serverEnvironment<T extends Record<string, string | undefined>>(env: T): T & { MALLOC_MMAP_THRESHOLD_: string };
/** Node flags the launchers start a server with `env` with: on the embedded database unless DATABASE_URL is set (server-env.mjs). */
export function serverNodeFlags(env: Record<string, string | undefined>): string[];
