// Lint: typescript-eslint's recommended rules, prettier owns formatting, and one local rule that
// keeps the group boundaries (docs/plugins.md, "The public surface").
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import { groupBoundaries } from './scripts/lint/group-boundaries.js';

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
