import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { existsSync, readdirSync } from 'node:fs';

// The server's domains and the edges between them. A domain is a folder of src/server with an
// index.ts (its module); the platform folders below serve every domain. A domain imports no other
// domain's files (types aside): what it needs of another it is given by its module's wiring, and
// work that changes several domains is a flow in src/server/flows, the one folder that imports them all.
const PLATFORM = ['auth', 'audit', 'captcha', 'db', 'flows', 'http', 'mail', 'security', 'static', 'system'];
const serverFolders = readdirSync('src/server', { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
const DOMAINS = serverFolders.filter((name) => !PLATFORM.includes(name) && existsSync(`src/server/${name}/index.ts`));
const importsOf = (names) => names.flatMap((name) => [`../${name}/*`, `../../${name}/*`, `../${name}`, `../../${name}`]);
const domainEdges = [
  ...DOMAINS.map((domain) => ({
    files: [`src/server/${domain}/**/*.ts`],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: importsOf(DOMAINS.filter((other) => other !== domain)),
              allowTypeImports: true,
              message: 'A domain does not import another domain: take what it needs through the module wiring (index.ts), or make the work a flow (src/server/flows).',
            },
          ],
        },
      ],
    },
  })),
  {
    files: PLATFORM.filter((name) => name !== 'flows').map((name) => `src/server/${name}/**/*.ts`),
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: importsOf([...DOMAINS, 'flows']), allowTypeImports: true, message: 'The platform serves the domains and never imports one: modules.ts lists them.' }] },
      ],
    },
  },
];

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', 'coverage/', 'screenshots/', 'test-results/', 'bench/.out/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/client/**/*.{ts,tsx}', 'tests/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    files: ['bench/**/*.mjs', 'src/server/**/*.mjs'],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', fetch: 'readonly', performance: 'readonly', Buffer: 'readonly', FormData: 'readonly', Blob: 'readonly' },
    },
  },
  {
    // The shop's own scripts run in the customer's browser (and the widget's in the operator's website): plain ES2019, no module.
    files: ['src/server/shop/assets/**/*.js'],
    languageOptions: {
      sourceType: 'script',
      ecmaVersion: 2019,
      globals: Object.fromEntries(
        ['window', 'document', 'location', 'sessionStorage', 'localStorage', 'fetch', 'URLSearchParams', 'Intl', 'setInterval', 'clearInterval', 'setTimeout', 'clearTimeout', 'customElements', 'HTMLElement', 'CustomEvent', 'URL'].map((name) => [name, 'readonly']),
      ),
    },
    rules: { '@typescript-eslint/no-this-alias': 'off' },
  },
  {
    files: ['scripts/**/*.mjs', '.ci/**'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', fetch: 'readonly', performance: 'readonly' } },
  },
  ...domainEdges,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
