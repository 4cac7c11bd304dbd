import { defineRule } from '../../api.js';

/** Reported by the engine's parser; this module is its identity, messages and documentation. */
const rule = defineRule({
  meta: {
    id: 'yaml/syntax',
    description: "Disallow YAML syntax errors",
    severity: 'error',
    sources: ['spec'],
    stages: ['read'],
  },
  messages: {
    syntax: "YAML syntax error: {{detail}}.",
    directive: { text: 'The platform cannot read the directive {{directive}}: {{reason}}.', note: 'The platform reads YAML 1.1 without any directive; remove it (and any tag handle it declares).' },
    tab: {
      text: 'YAML syntax error: a TAB {{place}}.',
      note: "The platform's YAML parser (go-yaml v2) refuses a TAB there (\"{{goError}}\") and rejects the whole file; use spaces.",
    },
    unclosedFlow: {
      text: 'YAML syntax error: the {{open}} here is never closed.',
      note: 'Close it with {{close}} before the next key, or continue it on lines indented more than its key.',
    },
    misaligned: {
      text: 'YAML syntax error: this key does not line up with the keys above it.',
      note: 'The keys of one mapping start in the same column. Indent it with as many spaces as the other keys of its mapping.',
    },
    overIndented: {
      text: 'YAML syntax error: this key is indented more than {{above}} above it.',
      note: 'Indented further, it reads as part of the value of {{above}}, which cannot hold a key. Line it up with {{above}} and the other keys of its mapping, using spaces.',
    },
    colonInValue: {
      text: 'YAML syntax error: this value has ": " in it, which starts a mapping.',
      note: 'Quote the whole value ("a: b"), or, for a nested mapping, put its keys on lines of their own, indented under the key.',
    },
    listInMapping: {
      text: 'YAML syntax error: a list item where a key was expected.',
      note: 'Keys and list items cannot be mixed at one level. Give the list a key of its own and indent its items under it.',
    },
    itemValueEnded: {
      text: 'YAML syntax error: this line is indented under a list item whose value has ended.',
      note: 'A list item holds one value, and a quoted, bracketed or commented value cannot go on or hold keys. To give the item keys, start it with one (- name: a) and line the others up under it; for an item of its own, start the line with "- ".',
    },
    missingColon: {
      text: 'YAML syntax error: this line is neither a "key: value" nor a list item.',
      note: 'A colon is probably missing after the key: write "key: value", with a space after the colon.',
    },
    missingSpace: {
      text: 'YAML syntax error: a space is missing after the colon of {{key}}.',
      note: 'Without the space, "{{key}}:" and its value read as one word. Write "{{key}}: value".',
    },
    reservedCharacter: {
      text: 'YAML syntax error: a value cannot start with {{char}} unless it is quoted.',
      note: '{{char}} is reserved in YAML. Put the value in quotes.',
    },
    emptyName: {
      text: 'YAML syntax error: {{char}} must be followed by a name here.',
      note: '& names an anchor and * refers to one (&admins, *admins). To write the character itself, quote the value.',
    },
    undefinedAlias: {
      text: 'YAML syntax error: the alias {{alias}} refers to no anchor defined before it.',
      note: 'Define the anchor with &{{name}} on a value above this one, or quote the value if the * is meant literally.',
    },
    afterValue: {
      text: 'YAML syntax error: there is more text after the closing quote.',
      note: 'A quoted value ends at its closing quote. Quote the whole value, or remove what follows the quote.',
    },
    afterEnd: {
      text: 'YAML syntax error: this text comes after the value above has ended, and belongs to nothing.',
      note: 'A list ends where a line is not one of its items ("- "), and a document holds one value: a list or a mapping, not both. Make the text an item or a key of the value above, start a new document with ---, or remove it.',
    },
    strayClose: {
      text: 'YAML syntax error: this {{char}} closes nothing.',
      note: 'Remove it, or quote the value if it belongs to it. An inline list or mapping opens with {{open}} in the same value.',
    },
    unclosedQuote: {
      text: 'YAML syntax error: the string quoted with {{quote}} here is never closed.',
      note: 'Without its closing {{quote}}, the string runs on to the end of the file and swallows everything after it. Close it on the same line.',
    },
  },
});

export default rule;
