import { builtinModules } from 'node:module';
import js from '@eslint/js';
import regexp from 'eslint-plugin-regexp';
import tseslint from 'typescript-eslint';

/** Only the entry points meet the process: the library below them takes what it needs as arguments. */
const processRestriction = {
  message: 'Only the entry points (src/bin/, src/cli/, src/lsp/server.ts, build scripts) touch the process: take it as a parameter.',
};
const processPaths = ['node:process', 'process'].map((name) => ({ name, ...processRestriction }));

/**
 * The platform-neutral core: it runs in a browser too (src/browser/), so it imports no Node module and nothing
 * outside the core; file access, hashing and certificates come in from the project layer (src/project/).
 */
const CORE = ['src/engine/**', 'src/yaml/**', 'src/rule-model/**', 'src/schema/**', 'src/formats/**', 'src/platform/**', 'src/policy/**', 'rules/**'];
const coreRestriction = { message: 'The core (engine, yaml, rule model, schema, formats, platform, policy, rules) runs outside Node too: take it from the project layer.' };
const NOT_CORE = ['bin', 'browser', 'build', 'change', 'cli', 'formatters', 'lsp', 'patch', 'project', 'settings-file', 'suppressions'];
const coreImports = {
  paths: [...processPaths, ...builtinModules.filter((name) => name !== 'process').map((name) => ({ name, ...coreRestriction }))],
  patterns: [
    { group: ['node:*'], ...coreRestriction },
    // From a core folder of src/ (`../project/…`), or from rules/api.ts (`../src/project/…`).
    { regex: `^\\.\\./(${NOT_CORE.join('|')})/|(^|/)src/(${NOT_CORE.join('|')})/`, ...coreRestriction },
  ],
};
const coreGlobals = [
  { name: 'process', ...processRestriction },
  ...['Buffer', 'global', 'setImmediate', 'clearImmediate', '__dirname', '__filename', 'require'].map((name) => ({ name, ...coreRestriction })),
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'src/schema/types.generated.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', ignoreRestSiblings: true }],
      'no-console': 'error',
      'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }],
    },
  },
  {
    files: ['src/**', 'rules/**'],
    ignores: [
      'src/bin/**',
      'src/cli/**',
      'src/lsp/server.ts',
      // Build scripts, run by `npm run build`.
      'src/build/**',
      // The docs site's build and local server, run by `npm run site` and `npm run site:serve`.
      'src/site/build.ts',
      'src/site/serve.ts',
    ],
    rules: {
      'no-restricted-globals': ['error', { name: 'process', ...processRestriction }],
      'no-restricted-imports': ['error', { paths: processPaths }],
    },
  },
  {
    files: CORE,
    rules: {
      'no-restricted-globals': ['error', ...coreGlobals],
      'no-restricted-imports': ['error', coreImports],
    },
  },
  {
    // A pattern whose time grows with the square of a run of one character hangs on hostile text (docs/contributing.md).
    files: ['src/**/*.ts', 'rules/**/*.ts'],
    plugins: { regexp },
    rules: {
      'regexp/no-super-linear-move': 'error',
      'regexp/no-super-linear-backtracking': 'error',
    },
  },
  {
    // Every test runs: a skipped, focused or to-do test hides what it checks (the closing line counts skips anyway).
    files: ['test/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'MemberExpression[object.name=/^(it|test|describe|suite)$/][property.name=/^(skip|only|todo|skipIf|runIf|fails)$/]',
          message: 'No skipped, focused or to-do tests: a test that needs a program npm does not install belongs to test/e2e/.',
        },
        { selector: 'CallExpression[callee.property.name="skip"][callee.object.name=/^(ctx|context|t)$/]', message: 'No skipped tests.' },
      ],
    },
  },
  {
    // Rules reach the engine and the platform helpers through rules/api.ts only, so src/ can move without them.
    files: ['rules/**/*.ts'],
    ignores: ['rules/api.ts', 'rules/index.ts'],
    rules: {
      'no-restricted-imports': ['error', { ...coreImports, patterns: [...coreImports.patterns, { group: ['**/src/**'], message: 'Import from rules/api.ts instead.' }] }],
    },
  },
);
