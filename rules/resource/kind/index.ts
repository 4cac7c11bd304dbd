import { defineRule } from '../../api.js';

/** Reported by the engine's document extraction; this module is its identity, messages and documentation. */
const rule = defineRule({
  meta: {
    id: 'resource/kind',
    description: "Require a kind the management API defines",
    severity: 'error',
    sources: ['spec'],
    stages: ['extract'],
  },
  messages: {
    wrongCase: { text: 'Unknown kind "{{kind}}"; did you mean "{{suggestion}}"?', note: 'Kinds are case-sensitive.' },
    misspelt: { text: 'Unknown kind "{{kind}}"; did you mean "{{suggestion}}"?', note: 'The platform management API defines no such kind and rejects the object.' },
    unknownKind: "Unknown kind \"{{kind}}\" in management.platform/v1; expected one of {{kinds}}.",
    groupList: {
      text: 'Kind "List" is not in {{apiVersion}}: the API server has no such kind.',
      note: 'kubectl applies the items of such a list one by one, and platlint lints them, but any other client sends the list as it is and is refused. A list of any objects is apiVersion v1, kind List; a list of Users or Configs only is a UserList or a ConfigList.',
    },
    listItemKind: "This item of a {{expected}}List has kind \"{{kind}}\"; expected {{expected}}.",
  },
});

export default rule;
