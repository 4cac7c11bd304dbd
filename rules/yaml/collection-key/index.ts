import { defineRule } from '../../api.js';

/** Reported by the engine after parsing; this module is its identity, messages and documentation. */
const rule = defineRule({
  meta: {
    id: 'yaml/collection-key',
    description: 'Disallow a list or mapping used as a mapping key',
    severity: 'error',
    sources: ['upstream'],
    stages: ['read'],
  },
  messages: {
    collectionKey: {
      text: 'The key {{key}} is a {{type}}, not a string.',
      note: "YAML allows it (`? [a, b]`), but the platform's Go decoder rejects the document (\"invalid map key\") and JSON keys are strings. Write the key as a string.",
    },
  },
});

export default rule;
