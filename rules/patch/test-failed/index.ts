import { defineRule } from '../../api.js';

/** Reported by `platlint patch` while it reads and applies the patch (src/patch), not by a check of an object. */
const rule = defineRule({
  meta: {
    id: 'patch/test-failed',
    description: 'Report a JSON Patch test operation that fails on the base object',
    severity: 'error',
    sources: ['spec'],
    stages: ['patch'],
  },
  messages: {
    failed: { text: 'The test of {{pointer}} fails: the value is {{actual}}, not {{expected}}.', note: 'The server rejects the whole patch: the object changed since the patch was written. Re-read it.' },
  },
});

export default rule;
