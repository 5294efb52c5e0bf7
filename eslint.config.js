// Lint: typescript-eslint's recommended rules, prettier owns formatting, and one local rule that
// keeps the group boundaries (docs/plugins.md, "Services": a group imports another group's types from its surface.ts only).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import { groupBoundaries } from './scripts/lint/group-boundaries.js';

/**
 * Baileys brings in libsignal (GPL-3.0): only the direct session service, a program of its own
 * with its own node_modules, may load it (README, "Licences").
 */
const ENGINE_IMPORTS = {
  regex: '^(baileys|libsignal|whatsapp-rust-bridge|@whiskeysockets/[^/]+)(/|$)',
  message:
    'The WhatsApp Web library (and libsignal, GPL-3.0) is loaded only inside plugins/whatsapp_ops/session-service.',
};

/** The main server talks to the session service over HTTP; it never loads its code. */
const SESSION_SERVICE_IMPORTS = {
  regex: '(^|/)session-service/',
  message:
    'The main server talks to the session service over HTTP (channel/session-service-adapter.ts); it never loads its code.',
};

/** The kernel owns the DI container: a group's services get what they resolve, its setup provides and resolves. */
const CONTAINER_IMPORTS = {
  regex: '^(awilix|@fastify/awilix)(/|$)',
  message:
    'The kernel owns the DI container: a group provides values and resolves services through its SetupContext (docs/plugins.md, "Setup and lifecycle").',
};

/**
 * A test file is loaded once per process: imported by another, its suites register under the
 * importer's name and then not at all when mocha loads it (the runner fails such a lane).
 */
const TEST_FILE_IMPORTS = {
  regex: '\\.test(\\.[jt]s)?$',
  message: 'Import shared test code from a helper module, not from another test file.',
};

const restrictImports = (...patterns) => ({
  'no-restricted-imports': ['error', { patterns: [...patterns, TEST_FILE_IMPORTS] }],
});

export default tseslint.config(
  { ignores: ['node_modules/**', 'data/**', 'dist/**', 'tmp/**', 'coverage/**', 'examples/*/node_modules/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    plugins: { switchboard: { rules: { 'group-boundaries': groupBoundaries } } },
    rules: {
      'switchboard/group-boundaries': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': [
        'error',
        { selector: 'TSAsExpression > TSAnyKeyword', message: 'No casts to any: type the value.' },
      ],
    },
  },
  {
    // The server and its groups log through the logger (levels, request ids, redaction); a
    // console line there is a debugging leftover. Scripts, benches and tests print.
    files: ['core/**/*.ts', 'plugins/**/*.ts'],
    ignores: ['**/*.test.ts', 'plugins/*/test/**'],
    rules: { 'no-console': 'error' },
  },
  {
    // mocha loads reporters with require(): the one CommonJS file, run by Node.
    files: ['**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { require: 'readonly', module: 'writable', process: 'readonly', globalThis: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The engine's packages stay in the session service; the main server never loads the service
    // itself either (below). Tests, scripts and benches start the service in their own process.
    files: ['**/*.{ts,js,mjs}'],
    ignores: ['plugins/whatsapp_ops/session-service/**'],
    rules: restrictImports(ENGINE_IMPORTS),
  },
  {
    files: ['plugins/**/*.ts', 'examples/**/*.ts'],
    ignores: ['plugins/whatsapp_ops/session-service/**'],
    rules: restrictImports(ENGINE_IMPORTS, CONTAINER_IMPORTS),
  },
  {
    files: ['core/**/*.ts', 'config/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: restrictImports(ENGINE_IMPORTS, SESSION_SERVICE_IMPORTS),
  },
  {
    files: ['plugins/**/*.ts'],
    ignores: ['plugins/whatsapp_ops/session-service/**', '**/*.test.ts', 'plugins/*/test/**'],
    rules: restrictImports(ENGINE_IMPORTS, SESSION_SERVICE_IMPORTS, CONTAINER_IMPORTS),
  },
  {
    // Tests poke at payloads whose shape the test itself asserts.
    files: ['**/*.test.ts', 'test/**', 'plugins/*/test/**', 'examples/*/test/**'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      'no-restricted-syntax': 'off',
      // chai's property assertions (`.to.be.true`, `.not.NaN`) are expressions by design.
      '@typescript-eslint/no-unused-expressions': 'off',
    },
  },
);
