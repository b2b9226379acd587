// The promise rules: the store is asynchronous (SQLite or PostgreSQL), and a forgotten `await` on a write, or a
// Promise tested as if it were the record, is a silent bug that type-checking does not catch. And no function in src/
// over 150 lines: one that long holds several jobs.
import path from 'node:path';
import tseslint from 'typescript-eslint';

const root = path.resolve(import.meta.dirname, '..', '..');

export default [
  {
    files: ['src/**/*.ts', 'src/**/*.tsx', 'test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { project: path.join(root, 'tsconfig.json'), tsconfigRootDir: root },
    },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // Callbacks typed to return void may be async (Fastify hooks, event handlers); conditions and spreads may not.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    // Split by their jobs (docs/architecture.md "The core" shows how); tests may be longer.
    files: ['src/**/*.ts', 'src/**/*.tsx'],
    rules: { 'max-lines-per-function': ['error', { max: 150, skipBlankLines: false, skipComments: false }] },
  },
];
