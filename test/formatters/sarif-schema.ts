import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import AjvDraft04Module from 'ajv-draft-04';
import addFormatsModule from 'ajv-formats';
import { repoRoot } from './inputs.js';

// ajv-draft-04 and ajv-formats are CommonJS: under NodeNext a default import is typed as the module object, whose
// `default` is the class or plugin (at run time the default import may already be it).
type AjvClass = typeof AjvDraft04Module.default;
type Ajv = InstanceType<AjvClass>;
const Ajv = ((AjvDraft04Module as unknown as { default?: unknown }).default ?? AjvDraft04Module) as AjvClass;
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv) => Ajv;

/**
 * A check against the official OASIS SARIF 2.1.0 schema (errata01, from oasis-tcs/sarif-spec
 * sarif-2.1/schema/sarif-schema-2.1.0.json): undefined when the log is valid, else ajv's errors, one a line.
 */
export function sarifValidator(): (data: unknown) => string | undefined {
  const schema = JSON.parse(readFileSync(join(repoRoot, 'test', 'formatters', 'data', 'sarif-schema-2.1.0.json'), 'utf8')) as Record<string, unknown>;
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  const check = ajv.compile(schema);
  return (data) => (check(data) ? undefined : ajv.errorsText(check.errors, { separator: '\n' }));
}
