/**
 * The server's own folder: src/server from the sources, dist/server/server when built, whether the
 * built modules run one by one or bundled into server.bundle.mjs beside them (scripts/bundle-server.mjs).
 * Files the server starts as processes of their own are found from here, not from the module that
 * starts them, since a bundled module's URL is the bundle's.
 */
// Cut from the module's own URL rather than written new URL('./', import.meta.url): Vite's test
// environments rewrite that form as an asset's address, which drops the folder's last slash.
export const SERVER_DIR_URL = import.meta.url.slice(0, import.meta.url.lastIndexOf('/') + 1);
