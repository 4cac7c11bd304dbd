import { defineRule, lastComponent, NAME_ID_FORMATS, shown } from '../../api.js';
import { filledFields } from '../shared.js';

/** Dex's lookup: every full URN and its last component, exactly (case-sensitive). */
const LOOKUP: ReadonlyMap<string, string> = new Map(NAME_ID_FORMATS.flatMap((urn) => [[urn, urn], [lastComponent(urn), urn]]));

/** The accepted spelling the user most likely meant: a case slip, or the right last component under a wrong prefix. */
function intendedFormat(value: string): string | undefined {
  const lower = value.trim().toLowerCase();
  for (const accepted of LOOKUP.keys()) if (accepted.toLowerCase() === lower) return accepted;
  const last = lastComponent(value.trim()).toLowerCase();
  if (value.includes(':')) return NAME_ID_FORMATS.find((urn) => lastComponent(urn).toLowerCase() === last);
  return undefined;
}

const SHORT = NAME_ID_FORMATS.map(lastComponent).join(', ');

const rule = defineRule({
  meta: {
    id: 'auth/saml-name-id-format',
    description: 'Require nameIDPolicyFormat to be a SAML name-id format URN or its last component',
    severity: 'error',
    sources: ['spec', 'upstream'],
    sections: ['status.auth'],
    kinds: ['Config'],
  },
  messages: {
    unknown: {
      text: '{{field}} is "{{value}}", not a name-id format the SAML connector knows.',
      note: 'The connector refuses to start ("invalid nameIDPolicyFormat"). Write a full SAML name-id format URN or its last component, exactly as spelled: {{known}}.',
    },
    didYouMean: {
      text: '{{field}} is "{{value}}", not a name-id format the SAML connector knows; did you mean "{{suggestion}}"?',
      note: 'The lookup is exact and case-sensitive, and the connector refuses to start with an unknown format.',
    },
  },
  check(doc, ctx) {
    for (const { value, path, field } of filledFields(doc.data, 'saml', 'nameIDPolicyFormat')) {
      if (LOOKUP.has(value)) continue;
      const suggestion = intendedFormat(value);
      const data = { field, value: shown(value) };
      if (suggestion === undefined) {
        ctx.report({ messageId: 'unknown', path, data: { ...data, known: SHORT } });
      } else {
        ctx.report({
          messageId: 'didYouMean',
          path,
          data: { ...data, suggestion },
          suggestions: [{ description: `Replace with "${suggestion}"`, fix: { op: 'set-scalar', path, value: suggestion } }],
        });
      }
    }
  },
});

export default rule;
