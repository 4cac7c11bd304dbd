/**
 * ajv, loaded on first use. It is dozens of CommonJS modules: a lint run without a config file, rule options or
 * custom policies uses only the validators compiled ahead of time (build-validators.ts) and never needs it.
 */
import { createRequire } from 'node:module';
import type { Ajv, Options } from 'ajv';

const require = createRequire(import.meta.url);

export function createAjv(options: Options): Ajv {
  const { Ajv: AjvClass } = require('ajv') as typeof import('ajv');
  return new AjvClass(options);
}
