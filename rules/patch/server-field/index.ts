import { defineRule } from '../../api.js';

/** Reported by `platlint patch` while it reads and applies the patch (src/patch), not by a check of an object. */
const rule = defineRule({
  meta: {
    id: 'patch/server-field',
    description: 'Disallow JSON Patch operations that write fields the server owns',
    severity: 'warning',
    sources: ['spec'],
    stages: ['patch'],
  },
  messages: {
    serverOwned: { text: 'The {{op}} operation writes {{field}}, which the server owns.', note: 'The server sets it itself and ignores or rejects the change. A test operation on it (optimistic concurrency) is fine.' },
  },
});

export default rule;
