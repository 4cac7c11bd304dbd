import { defineRule } from '../../api.js';

/** Reported by the engine's Go decoder and schema pass; this module is its identity, messages and documentation. */
const rule = defineRule({
  meta: {
    id: 'yaml/ambiguous-scalar',
    description: "Warn on values the platform's YAML 1.1 decoder reads differently from how they are written",
    severity: 'warning',
    sources: ['upstream'],
    stages: ['read', 'schema'],
  },
  messages: {
    octal: { text: '{{source}} is read by the platform as the octal number {{value}}, not as {{decimal}}.', note: 'YAML 1.1 reads a leading 0 as octal; drop the leading zeros for the decimal number, or quote the value where a string is meant.' },
    key: { text: 'The key {{source}} is read by the platform as "{{key}}".', note: "The platform's YAML 1.1 decoder reads the unquoted key as a boolean or number and writes it back as text; quote the key to keep it as written." },
    sameJsonKey: { text: 'The keys {{first}} and {{second}} are the same JSON key "{{key}}": the platform keeps only one of their values.', note: 'YAML reads them as two keys, but the platform turns keys into JSON text, where they are one; which value survives is not defined. Keep one of them.' },
    mergeOverrides: { text: 'The platform replaces {{key}} here with {{value}}, the value of the later `<<` merge.', note: "yaml.v2 applies a merge in the order written, so a key set before `<<` loses to the merged value; put the key after the merge to keep it." },
    converted: { text: '{{field}} is written {{source}}: the platform reads it as the string "{{value}}".', note: "The platform reads its raw config with a target-aware decoder that turns numbers and booleans into strings for string fields, after YAML 1.1 has read them; quote the value to keep it as written." },
    binary: { text: 'This !!binary value holds bytes that are not UTF-8 text: the platform reads it as {{value}}.', note: "The platform's decoder decodes a !!binary value to text, and each byte that is not UTF-8 becomes U+FFFD; write the text itself, or drop the tag to keep the base64 as written." },
    underflow: { text: '{{field}} is written {{source}}, a number too small for the platform: it stores 0.', note: "The platform's decoder reads the value as a 64-bit float, in which it rounds to 0; write 0, or the number you mean." },
    nullItem: { text: '{{field}} is null: the platform reads it as the empty string "".', note: 'A null in a list or map of strings becomes an empty string; remove the entry or write the string.' },
  },
});

export default rule;
