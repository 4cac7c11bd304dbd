import { defineRule } from '../../api.js';

/** Reported by the engine's document extraction; this module is its identity, messages and documentation. */
const rule = defineRule({
  meta: {
    id: 'resource/not-an-object',
    description: "Require every document to be a mapping",
    severity: 'error',
    sources: ['spec'],
    stages: ['extract'],
  },
  messages: {
    notObject: {
      text: 'This document is {{actual}}, not a mapping.',
      note: 'A platform object is a mapping with apiVersion, kind, metadata and spec.',
    },
    itemsNotList: "items must be a list of objects.",
    rawNotObject: "spec.raw must hold the platform config as a YAML mapping (auth:, audit:, …).",
    embeddedNotObject: {
      text: 'The embedded configuration at {{at}} is {{actual}}, not a mapping or YAML text.',
      note: "An `embedded` entry of .platlint.yaml names this path: its value must be the platform configuration, as a mapping (auth:, audit:, …) or as YAML text (a block scalar, or base64 under a Secret's data).",
    },
    embeddedMissing: {
      text: 'No value at {{at}}, the path an `embedded` entry of .platlint.yaml names for this file.',
      note: 'Nothing of the file was linted. Correct the entry\'s `at` or `files`, or add the configuration.',
      severity: 'warning',
    },
  },
});

export default rule;
