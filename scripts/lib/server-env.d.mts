/** The environment the launchers give the server process (server-env.mjs). */
export function serverEnvironment<T extends Record<string, string | undefined>>(env: T): T & { MALLOC_MMAP_THRESHOLD_: string };
/** Node flags the launchers start the server with (server-env.mjs). */
export const SERVER_NODE_FLAGS: string[];
