import { defineRule } from '../../api.js';

/** Reported by `platlint patch` while it reads and applies the patch (src/patch), not by a check of an object. */
const rule = defineRule({
  meta: {
    id: 'patch/pointer',
    description: 'Require the path and from of JSON Patch operations to be RFC 6901 JSON Pointers',
    severity: 'error',
    sources: ['spec'],
    stages: ['patch'],
  },
  messages: {
    notString: { text: 'The {{member}} of an operation must be a JSON Pointer string, not {{actual}}.' },
    invalid: { text: '"{{pointer}}" is not a JSON Pointer: {{reason}}.', note: 'RFC 6901: every step starts with "/"; inside a key write "~1" for "/" and "~0" for "~", e.g. /metadata/annotations/example.com~1team.' },
  },
});

export default rule;
