// One flat config for the whole workspace, with the import boundaries of ADR 001 and ADR 034.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import { readdirSync } from 'node:fs';

/**
 * The tools, each with one folder in the web, the server and the contracts: the folders of the
 * contracts' tool descriptors (ADR 054), read from disk since this file cannot import TypeScript.
 */
const TOOLS = readdirSync(new URL('packages/contracts/src/features/', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const WEB_FEATURES = [...TOOLS, 'theme'];

/** The pattern that catches an import of another feature's folder than `feature`. */
function otherFeature(feature, message) {
  return { regex: `^\\.\\./(?!${feature}/)[a-z-]+/|/features/(?!${feature}/)`, message };
}

/** What no web file imports: the server, and Redux's untyped hooks. */
const WEB_NEVER_IMPORTS = {
  paths: [
    {
      name: 'react-redux',
      importNames: ['useDispatch', 'useSelector'],
      message: 'Use useAppDispatch and useAppSelector from app/hooks.ts: they know the store.',
    },
  ],
  patterns: [
    {
      group: ['@ai-tools/server', '**/server/**'],
      message: 'The web never imports the server.',
    },
  ],
};

/** A feature may import shared code and the app's hooks, never another feature. */
const featureBoundaries = WEB_FEATURES.map((feature) => ({
  files: [`packages/web/src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: WEB_NEVER_IMPORTS.paths,
        patterns: [
          otherFeature(
            feature,
            'Features never import each other: move shared code to components/ or lib/.',
          ),
          ...WEB_NEVER_IMPORTS.patterns,
        ],
      },
    ],
  },
}));

/** What no server file imports. */
const SERVER_NEVER_IMPORTS = {
  group: ['@ai-tools/web', '**/web/**', 'react', 'react-dom'],
  message: 'The server never imports the web.',
};

/** A server tool's folder may import the layers below it (writers, http, providers), never another tool. */
const serverFeatureBoundaries = TOOLS.map((feature) => ({
  files: [`packages/server/src/features/${feature}/**/*.ts`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          otherFeature(
            feature,
            'A tool never imports another tool: move shared code to writers/, http/, text/, audio/ or providers/.',
          ),
          SERVER_NEVER_IMPORTS,
        ],
      },
    ],
  },
}));

/**
 * The server's layers, lowest first (ADR 051): a file imports its own layer and those below it,
 * never one above, so no import runs back up. Paths are from the workspace root.
 */
const SERVER_LAYERS = [
  {
    name: "the server's shared ground (errors, config, text, audio, models, db)",
    paths: [
      'errors.ts',
      'config.ts',
      'child-process.ts',
      'visitor.ts',
      'memory-allocator.ts',
      'text',
      'audio',
      'models',
      'db',
    ],
  },
  { name: 'providers/ (the engines)', paths: ['providers'] },
  { name: 'http/ (the helpers every answer uses)', paths: ['http'] },
  { name: 'writers/ (what the writers share)', paths: ['writers'] },
  { name: 'features/ (the tools)', paths: ['features'] },
  { name: 'plugins/ (the Fastify plugins)', paths: ['plugins'] },
  { name: 'routes/ (the route list and the routes every tool shares)', paths: ['routes'] },
  {
    name: 'the app (app.ts, server.ts) and the AI worker (worker.ts)',
    paths: ['app.ts', 'server.ts', 'worker.ts'],
  },
].map((layer) => ({
  ...layer,
  paths: layer.paths.map((path) => `packages/server/src/${path}`),
}));

/** One zone per layer: the files of every layer above it are out of its reach. */
const serverLayerZones = SERVER_LAYERS.slice(0, -1).map((layer, index) => ({
  target: layer.paths,
  from: SERVER_LAYERS.slice(index + 1).flatMap((above) => above.paths),
  message: `${layer.name} never imports a layer above it: move the shared code down (ADR 051).`,
}));

/** The provider interfaces name no engine's types: the adapters implement them, not the reverse. */
const providerInterfaceZone = {
  target: 'packages/server/src/providers/types.ts',
  from: ['packages/server/src/providers/local', 'packages/server/src/providers/openai-compatible'],
  message: 'The provider interfaces never import an adapter: put the shared type in providers/.',
};

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'models/**', 'coverage/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    // No import cycles: a module and what it imports form a tree, so each reads on its own.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver()],
      // The imported modules are TypeScript too: read them with the TypeScript parser.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      // Fastify plugins and engine interfaces are async by contract, with or without an await.
      '@typescript-eslint/require-await': 'off',
      // node:test's test() and describe() return promises the runner itself awaits.
      '@typescript-eslint/no-floating-promises': [
        'error',
        {
          allowForKnownSafeCalls: [
            { from: 'package', package: 'node:test', name: ['test', 'describe', 'it', 'suite'] },
          ],
        },
      ],
    },
  },
  {
    // Plain JavaScript (scripts, the config itself) has no types to check.
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', WEB_NEVER_IMPORTS],
    },
  },
  {
    // The one place that wraps Redux's hooks with the store's types.
    files: ['packages/web/src/app/hooks.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Plain scripts the browser loads as they are (public/theme-init.js).
    files: ['packages/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Components render and dispatch; thunks call the API client, which alone may fetch.
    files: ['packages/web/src/**/*.tsx'],
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Components never fetch: dispatch a thunk.' },
      ],
    },
  },
  ...featureBoundaries,
  {
    // Settings come from config.ts alone, checked once at start-up (tests and scripts set them).
    files: ['packages/server/src/**/*.ts'],
    ignores: ['packages/server/src/config.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read settings from the Config of config.ts, never from process.env.',
        },
      ],
    },
  },
  {
    files: ['packages/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [SERVER_NEVER_IMPORTS] }] },
  },
  // After the server's own rule, which they extend: flat config keeps the last options given.
  ...serverFeatureBoundaries,
  {
    // Each layer of the server imports only the layers below it (ADR 051).
    files: ['packages/server/src/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [...serverLayerZones, providerInterfaceZone],
        },
      ],
    },
  },
  {
    files: ['packages/contracts/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'react', 'react-dom', '@ai-tools/server', '@ai-tools/web'],
              message:
                'Contracts hold zod and constants only: no Node APIs, no React, no app code.',
            },
          ],
        },
      ],
    },
  },
);
