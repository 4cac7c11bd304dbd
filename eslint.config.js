import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'src/schema/types.generated.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', ignoreRestSiblings: true }],
      'no-console': 'error',
    },
  },
  {
    // Rules reach the engine and the platform helpers through rules/api.ts only, so src/ can move without them.
    files: ['rules/**/*.ts'],
    ignores: ['rules/api.ts', 'rules/index.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/src/**'], message: 'Import from rules/api.ts instead.' }] }],
    },
  },
);
