// One flat config for the whole workspace, with the import boundaries of ARCHITECTURE.md.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const WEB_FEATURES = [
  'contact',
  'text-to-speech',
  'speech-to-text',
  'video-script',
  'blog',
  'story',
  'theme',
];

/** A feature may import shared code and the app's hooks, never another feature. */
const featureBoundaries = WEB_FEATURES.map((feature) => ({
  files: [`packages/web/src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `^\\.\\./(?!${feature}/)[a-z-]+/|/features/(?!${feature}/)`,
            message: 'Features never import each other: move shared code to components/ or lib/.',
          },
          {
            group: ['@ai-tools/server', '**/server/**'],
            message: 'The web never imports the server.',
          },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'models/**', 'coverage/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@ai-tools/server', '**/server/**'],
              message: 'The web never imports the server.',
            },
          ],
        },
      ],
    },
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
    files: ['packages/server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@ai-tools/web', '**/web/**', 'react', 'react-dom'],
              message: 'The server never imports the web.',
            },
          ],
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
