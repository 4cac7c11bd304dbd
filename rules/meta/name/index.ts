import { defineRule, isGenerateNamePrefix, isSet, nameIsDNSSubdomain, problemsText, recordAt, type RuleContext, shown } from '../../api.js';
import { METADATA } from '../helpers.js';

/** A likely intended name: lower case, `_` and spaces as `-`; offered only when that is a valid name. */
function normalized(value: string, prefix: boolean): string | undefined {
  const candidate = value.trim().toLowerCase().replace(/[_\s]+/g, '-');
  if (candidate === value || candidate === '') return undefined;
  return nameIsDNSSubdomain(candidate, prefix).length === 0 ? candidate : undefined;
}

/** `name` or `generateName` (a prefix), checked as the server checks it, with the likely intended value to write. */
function reportInvalid(ctx: Context, field: 'name' | 'generateName', value: string): void {
  const prefix = field === 'generateName';
  const problems = prefix ? isGenerateNamePrefix(value) : nameIsDNSSubdomain(value, false);
  if (problems.length === 0) return;
  const path = ['metadata', field];
  const better = normalized(value, prefix);
  ctx.report({
    messageId: prefix ? 'invalidGenerateName' : 'invalidName',
    path,
    data: { value: shown(value), problems: problemsText(problems), hint: better ? `; for example "${better}"` : '' },
    ...(better ? { suggestions: [{ description: `Use "${better}"`, fix: { op: 'set-scalar' as const, path, value: better } }] } : {}),
  });
}

type Context = RuleContext<typeof rule.messages>;

const rule = defineRule({
  meta: {
    id: 'meta/name',
    description: 'Require a valid metadata.name or metadata.generateName',
    severity: 'error',
    sources: ['spec', 'upstream'],
  },
  messages: {
    missing: {
      text: 'metadata has neither name nor generateName.',
      note: 'The server rejects the object ("name or generateName is required"). Add metadata.name, a lowercase DNS-1123 subdomain such as jane-doe.',
    },
    invalidName: {
      text: 'metadata.name "{{value}}" is not a valid object name.',
      note: 'Names are lowercase DNS-1123 subdomains: at most 253 characters of a-z, 0-9, "-" and ".", starting and ending with a letter or digit{{hint}}. Validation says: {{problems}}.',
    },
    invalidGenerateName: {
      text: 'metadata.generateName "{{value}}" is not a valid name prefix.',
      note: 'A prefix is the start of a lowercase DNS-1123 subdomain (a-z, 0-9, "-" and "."); a trailing "-" is fine, the server appends a random suffix{{hint}}. Validation says: {{problems}}.',
    },
    generateNameIgnored: {
      text: 'metadata.generateName is ignored because metadata.name is set.',
      note: 'The server uses generateName only when name is absent. Remove generateName, or remove name to get a generated one.',
      severity: 'info',
    },
  },
  check(doc, ctx) {
    const meta = recordAt(doc.data, METADATA);
    if (!meta) {
      // `metadata:` with no value (or null) carries no name either; a metadata of another type is a schema error.
      if (!isSet(doc.data.metadata)) ctx.report({ messageId: 'missing', path: METADATA, at: 'key' });
      return;
    }
    const { name, generateName } = meta;
    const hasName = typeof name === 'string' && name !== '';
    const hasGenerate = typeof generateName === 'string' && generateName !== '';

    if (typeof generateName === 'string' && hasGenerate) reportInvalid(ctx, 'generateName', generateName);
    if (typeof name === 'string' && hasName) {
      reportInvalid(ctx, 'name', name);
      if (hasGenerate) ctx.report({ messageId: 'generateNameIgnored', path: ['metadata', 'generateName'], at: 'key' });
      return;
    }
    if (hasGenerate) return;
    // A name of another type (a number) is the schema pass's; only a truly absent name is "missing".
    if (isSet(name) && typeof name !== 'string') return;
    if (isSet(generateName) && typeof generateName !== 'string') return;
    const own = (key: string): boolean => Object.prototype.hasOwnProperty.call(meta, key);
    const where = own('name') ? ['metadata', 'name'] : own('generateName') ? ['metadata', 'generateName'] : ['metadata'];
    ctx.report({ messageId: 'missing', path: where, at: 'key' });
  },
});

export default rule;
