import { defineRule } from '../../api.js';

/** Reported by `platlint patch` while it reads and applies the patch (src/patch), not by a check of an object. */
const rule = defineRule({
  meta: {
    id: 'patch/document',
    description: 'Require a JSON Patch document to be a list of operation mappings',
    severity: 'error',
    sources: ['spec'],
    stages: ['patch'],
  },
  messages: {
    notList: { text: 'The patch is {{actual}}, not a list of operations.', note: 'A JSON Patch (RFC 6902) is an array of operations, e.g. [{op: add, path: /metadata/labels/team, value: a}].' },
    notMapping: { text: 'Operation {{index}} is not a mapping.', note: 'Each operation is a mapping with op, path and, depending on op, from or value.' },
  },
});

export default rule;
