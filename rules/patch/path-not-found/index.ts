import { defineRule } from '../../api.js';

/** Reported by `platlint patch` while it reads and applies the patch (src/patch), not by a check of an object. */
const rule = defineRule({
  meta: {
    id: 'patch/path-not-found',
    description: 'Require the locations a JSON Patch operation reads or writes to exist',
    severity: 'error',
    sources: ['spec'],
    stages: ['patch'],
  },
  messages: {
    missing: { text: 'The {{member}} {{pointer}} of the {{op}} operation does not exist.', note: 'remove, replace, move, copy and test need an existing location; the server rejects the whole patch.' },
    noParent: { text: 'The {{op}} operation cannot create {{pointer}}: its parent does not exist.', note: 'It creates only the last step of its path: add the parent first (e.g. the whole annotations map with its entry).' },
    badIndex: { text: 'The {{op}} operation cannot insert at {{pointer}}: the list has no such position.', note: 'A list index is digits without a leading zero, at most the length of the list; append with "-".' },
  },
});

export default rule;
