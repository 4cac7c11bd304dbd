/**
 * Rule handles: what `defineRule` gives the engine at run time, and what it lets the compiler refuse. The lines
 * marked `@ts-expect-error` are the refusals: `npm run typecheck` fails if any of them compiles.
 */
import { describe, expect, it } from 'vitest';
import yamlSyntaxRule from '../../rules/yaml/syntax/index.js';
import uiScriptsRule from '../../rules/security/ui-scripts/index.js';
import { defineRule, defaultOptionsOf, type OptionsOf } from '../../src/engine/define-rule.js';
import { lintText } from '../../src/engine/lint.js';
import type { RuleContext } from '../../src/engine/types.js';

const OPTIONS = {
  type: 'object',
  additionalProperties: false,
  properties: { names: { type: 'array', items: { type: 'string' }, default: ['a'] }, limit: { type: 'integer' } },
} as const;

const example = defineRule({
  meta: { id: 'acme/example', description: 'Flag an example', severity: 'warning', sources: ['spec'], optionsSchema: OPTIONS },
  messages: {
    named: '{{field}} is {{value}}.',
    plain: 'Nothing to fill in.',
    noted: { text: 'Text of {{field}}.', note: 'Note naming {{other}}.' },
  },
  check(doc, ctx) {
    const names: readonly string[] = ctx.options.names;
    const limit: number | undefined = ctx.options.limit;
    if (doc.data['metadata'] === undefined) ctx.report({ messageId: 'plain', path: [] });
    ctx.report({ messageId: 'named', path: ['metadata'], data: { field: 'metadata', value: `${names.join(',')}/${limit ?? 'none'}` } });
  },
});

/** Never run: each statement marked below must not compile. */
export function refused(ctx: RuleContext<typeof example.messages, OptionsOf<typeof OPTIONS>>): void {
  // @ts-expect-error a misspelt message id
  ctx.report({ messageId: 'nammed', path: [], data: { field: 'a', value: 'b' } });
  // @ts-expect-error a data key of the template is missing
  ctx.report({ messageId: 'named', path: [], data: { field: 'a' } });
  // @ts-expect-error a data key the template does not name
  ctx.report({ messageId: 'named', path: [], data: { field: 'a', value: 'b', extra: 1 } });
  // @ts-expect-error the note's placeholders count too
  ctx.report({ messageId: 'noted', path: [], data: { field: 'a' } });
  // @ts-expect-error a message without placeholders takes no data
  ctx.report({ messageId: 'plain', path: [], data: { field: 'a' } });
  // @ts-expect-error a misspelt message id in an engine stage's finding
  yamlSyntaxRule.finding('unclosedQuotes', { quote: '"' });
  // @ts-expect-error the data of the stage's message is incomplete
  yamlSyntaxRule.finding('tab', { place: 'before a key' });
  // @ts-expect-error options are typed from the schema: `names` is a list of strings
  const wrong: number = ctx.options.names;
  void wrong;
  defineRule({
    meta: { id: 'acme/concatenated', description: 'Flag', severity: 'warning', sources: ['spec'] },
    // @ts-expect-error a template built with + is a string to the compiler, which could not check its data
    messages: { built: ('{{a}}' + ' and more') as string },
  });
  // @ts-expect-error a rule with a `given` has that field as its section: it declares no sections of its own
  defineRule({
    meta: { id: 'acme/both', description: 'Flag', severity: 'warning', sources: ['spec'], sections: ['spec'] },
    messages: { plain: 'Nothing to fill in.' },
    given: { path: ['spec'], type: 'mapping' },
    check() {},
  });
  defineRule({
    meta: { id: 'acme/typed', description: 'Flag', severity: 'warning', sources: ['spec'] },
    messages: { plain: 'Nothing to fill in.' },
    given: { path: ['spec', 'email'], type: 'string' },
    check(email) {
      // @ts-expect-error a given string is handed as a string
      const count: number = email;
      void count;
    },
  });
}

/** Reports where its check ran, with what it was handed: a mapping's keys, or a string. */
function givenRule(type: 'mapping' | 'string') {
  return defineRule({
    meta: { id: `acme/given-${type}`, description: 'Flag', severity: 'warning', sources: ['spec'] },
    messages: { ran: 'Ran on {{value}} of {{name}}.' },
    given: { path: ['spec', 'field'], type },
    check(value, ctx, { path, doc }) {
      const shownValue = typeof value === 'string' ? value : Object.keys(value).join('+');
      ctx.report({ messageId: 'ran', path, data: { value: shownValue, name: String((doc.data['metadata'] as { name: string }).name) } });
    },
  });
}

describe('defineRule', () => {
  it('makes a handle whose findings name the rule, the message and its data', () => {
    expect(yamlSyntaxRule.finding('tab', { place: 'before a key', goError: 'found character that cannot start any token' })).toEqual({
      rule: yamlSyntaxRule,
      messageId: 'tab',
      data: { place: 'before a key', goError: 'found character that cannot start any token' },
    });
    expect(example.finding('plain')).toEqual({ rule: example, messageId: 'plain' });
  });

  it('takes the default options from the schema, and the check sees them merged with the settings', () => {
    expect(defaultOptionsOf(example.meta.optionsSchema)).toEqual({ names: ['a'] });
    expect(defaultOptionsOf(uiScriptsRule.meta.optionsSchema)).toEqual({ trustedOrigins: [] });
    const text = 'apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: jane\n';
    const lint = (options?: Record<string, unknown>): string[] =>
      lintText(text, { filename: 'u.yaml', rules: [example], settings: new Map(options ? [['acme/example', { options }]] : []) }).diagnostics.map((d) => d.message);
    expect(lint()).toEqual(['metadata is a/none.']);
    expect(lint({ names: ['x', 'y'], limit: 3 })).toEqual(['metadata is x,y/3.']);
  });

  it('runs a check with a `given` only where that field has its type, hands it over, and makes it the section', () => {
    const user = (field: string): string => `apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: jane\nspec:\n  field: ${field}\n`;
    const lint = (type: 'mapping' | 'string', field: string): [string, number, number][] =>
      lintText(user(field), { filename: 'u.yaml', rules: [givenRule(type)], settings: new Map() }).diagnostics.map((d) => [d.message, d.line, d.column]);
    expect(givenRule('mapping').meta.sections).toEqual(['spec.field']);
    expect(lint('mapping', '{a: 1, b: 2}')).toEqual([['Ran on a+b of jane.', 6, 3]]);
    expect(lint('mapping', 'text')).toEqual([]);
    expect(lint('mapping', '[a]')).toEqual([]);
    expect(lint('string', 'text')).toEqual([['Ran on text of jane.', 6, 10]]);
    // "" is what Go's omitempty leaves out: the platform reads it as unset, so the check is not run.
    expect(lint('string', '""')).toEqual([]);
    expect(lint('string', '12')).toEqual([]);
    expect(lint('string', '{a: 1}')).toEqual([]);
    expect(lintText('apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: jane\n', { filename: 'u.yaml', rules: [givenRule('string')], settings: new Map() }).diagnostics).toEqual([]);
  });

  it('runs a check given a provider once for each login provider of that type, top-level and in connectors', () => {
    const samlRule = defineRule({
      meta: { id: 'acme/given-provider', description: 'Flag', severity: 'warning', sources: ['spec'] },
      messages: { ran: 'Ran on {{type}} with entityIssuer {{issuer}}.' },
      given: { provider: 'saml' },
      check(entry, ctx, { path }) {
        ctx.report({ messageId: 'ran', path, at: 'key', data: { type: entry.type, issuer: String(entry.config['entityIssuer']) } });
      },
    });
    expect(samlRule.meta.sections).toEqual(['status.auth']);
    const config = [
      'apiVersion: management.platform/v1',
      'kind: Config',
      'metadata:',
      '  name: platform',
      'status:',
      '  auth:',
      '    saml:',
      '      entityIssuer: top',
      '    oidc:',
      '      issuerUrl: https://issuer.example.com',
      '    connectors:',
      '      - id: corp',
      '        saml:',
      '          entityIssuer: connector',
      '      - id: other',
      '        oidc:',
      '          issuerUrl: https://other.example.com',
      '',
    ].join('\n');
    const found = lintText(config, { filename: 'c.yaml', rules: [samlRule], settings: new Map() }).diagnostics.map((d) => [d.message, d.line, d.column, d.path]);
    expect(found).toEqual([
      ['Ran on saml with entityIssuer top.', 7, 5, '/status/auth/saml'],
      ['Ran on saml with entityIssuer connector.', 13, 9, '/status/auth/connectors/0/saml'],
    ]);
  });
});
