import { defineRule } from '../../api.js';

/** Reported by the engine's Go decoder (src/yaml/go-decode.ts); this module is its identity, messages and documentation. */
const rule = defineRule({
  meta: {
    id: 'yaml/invalid-value',
    description: "Disallow values the platform's YAML decoder refuses",
    severity: 'error',
    sources: ['upstream'],
    stages: ['read'],
  },
  messages: {
    badTag: { text: 'The platform cannot read this tagged value: {{reason}}.', note: "The platform's decoder (yaml.v2) checks an explicit tag against the value; remove the tag or fix the value." },
    notJson: { text: 'The platform cannot read {{value}}: it is {{reading}}, which JSON cannot hold.', note: 'The platform turns YAML into JSON, which has no NaN or infinity; write a finite number or quote the value.' },
    selfAlias: { text: 'The alias *{{anchor}} is used inside the value it names; the platform refuses a value that contains itself.', note: 'Anchor a separate value, or write the value out.' },
    badKey: { text: 'The platform cannot read this key: {{reason}}.', note: 'The platform turns YAML into JSON, whose keys are strings; write the key as a plain or quoted string.' },
    badMerge: { text: 'A `<<` merge needs a mapping or a list of mappings; the platform refuses this one.', note: 'Merge an anchored mapping (`<<: *base`), or quote the key ("<<") to write a key named <<.' },
  },
});

export default rule;
