import type { Rule } from '../../api.js';

/** Reported by the engine's document extraction; this module is its identity, messages and documentation. */
const rule: Rule = {
  meta: {
    id: 'resource/not-an-object',
    description: "Require every document to be a mapping",
    severity: 'error',
    sources: ['spec'],
    reportedByEngine: true,
    messages: {
      notObject: {
        text: 'This document is {{actual}}, not a mapping.',
        note:
          'A platform object is a mapping with apiVersion, kind, metadata and spec.',
      },
      itemsNotList: "items must be a list of objects.",
      rawNotObject: "spec.raw must hold the platform config as a YAML mapping (auth:, audit:, …).",
    },
  },
};

export default rule;
