import { defineRule } from '../../api.js';

/** Reported by `platlint patch` while it reads and applies the patch (src/patch), not by a check of an object. */
const rule = defineRule({
  meta: {
    id: 'patch/operation',
    description: 'Require each JSON Patch operation to have a known op and the members it needs',
    severity: 'error',
    sources: ['spec'],
    stages: ['patch'],
  },
  messages: {
    missingOp: { text: 'Operation {{index}} has no op.', note: 'Give op: add, remove, replace, move, copy or test.' },
    unknownOp: { text: 'Unknown op "{{op}}".', note: 'JSON Patch knows {{ops}}; the server rejects the whole patch.' },
    missingMember: { text: 'The {{op}} operation has no "{{member}}".', note: 'add, replace and test need path and value; move and copy need from and path; remove needs path.' },
    moveIntoChild: { text: 'A move cannot put a value inside itself: "from" is a prefix of "path".', note: 'RFC 6902 forbids moving a location into one of its children.' },
    failed: { text: 'The {{op}} operation cannot be applied: {{detail}}.' },
  },
});

export default rule;
