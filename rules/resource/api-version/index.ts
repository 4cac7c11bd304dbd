import { defineRule } from '../../api.js';

/** Reported by the engine's document extraction; this module is its identity, messages and documentation. */
const rule = defineRule({
  meta: {
    id: 'resource/api-version',
    description: "Require the management.platform/v1 API version",
    severity: 'error',
    sources: ['spec'],
    stages: ['extract'],
  },
  messages: {
    wrongGroup: {
      text: 'apiVersion "{{apiVersion}}" is not {{expected}}.',
      note: '{{kind}} is a kind of the platform management API, which serves it only as apiVersion: {{expected}}; the server rejects other groups.',
    },
    misspeltGroup: {
      text: 'apiVersion "{{apiVersion}}" is not a platform API group; did you mean "{{expected}}"?',
      note: 'The group is a few letters from management.platform, so this is linted as a platform object; the server serves no such group and rejects it.',
    },
    unrecognizedVersion: {
      text: 'Unrecognized version "{{version}}" of management.platform: the server may reject it.',
      note: 'Use apiVersion: {{expected}}.',
    },
  },
});

export default rule;
