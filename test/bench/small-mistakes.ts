/**
 * The mistakes of the small-file corpus with problems (small-corpus.ts): what people get wrong when they write a
 * User or a Config by hand, each a change of the file's text. Typos in field names, numbers and booleans in quotes,
 * names that are not DNS names, an access rule for everyone, a group listed twice, an e-mail without its `@`, a verb
 * in the wrong case. A mistake that has nothing to change in a file (no `disabled` field to quote) gives undefined.
 */
import type { Random } from './random.js';

export type Mistake = (text: string, random: Random) => string | undefined;

/** Replaces the first match of `pattern` by `replace`'s result, or undefined when nothing matches. */
function edit(text: string, pattern: RegExp, replace: (...groups: string[]) => string): string | undefined {
  const match = pattern.exec(text);
  if (!match) return undefined;
  return text.slice(0, match.index) + replace(...match) + text.slice(match.index + match[0].length);
}

/** One of the lines that match `pattern` (global and multiline), picked at random, changed by `replace`. */
function editOne(text: string, pattern: RegExp, random: Random, replace: (...groups: string[]) => string): string | undefined {
  const matches = [...text.matchAll(pattern)];
  if (matches.length === 0) return undefined;
  const match = random.pick(matches);
  return text.slice(0, match.index) + replace(...match) + text.slice(match.index + match[0].length);
}

/** Two neighbouring letters of a word swapped, away from its first letter: `emial`, `enalbed`. */
function swapLetters(word: string, random: Random): string {
  const at = 1 + random.int(word.length - 2);
  return word.slice(0, at) + (word[at + 1] ?? '') + (word[at] ?? '') + word.slice(at + 2);
}

const USER_FIELDS = ['email', 'displayName', 'groups', 'description', 'clusterRoles', 'tokenGeneration', 'ssoGroups', 'subject', 'imagePullSecrets'];

/** A metadata.name written as a person's name: capitals and an underscore. */
const badName: Mistake = (text) => edit(text, /^ {2}name: ([a-z0-9]+)[-.]([a-z0-9.-]+)$/m, (_, first = '', rest = '') => `  name: ${first.charAt(0).toUpperCase()}${first.slice(1)}_${rest}`);

export const USER_MISTAKES: Readonly<Record<string, Mistake>> = {
  'field typo': (text, random) => editOne(text, new RegExp(`^ {2}(${USER_FIELDS.join('|')}):`, 'gm'), random, (_, field = '') => `  ${swapLetters(field, random)}:`),
  'number in quotes': (text) => edit(text, /^ {2}tokenGeneration: (\d+)$/m, (_, n = '') => `  tokenGeneration: "${n}"`),
  'boolean as text': (text) => edit(text, /^ {2}disabled: (true|false)$/m, (_, value = '') => `  disabled: "${value === 'true' ? 'yes' : 'no'}"`),
  'bad name': badName,
  'access for everyone': (text) =>
    edit(text, /^ {2}access:\n/m, (line = '') => `${line}    - name: everyone\n      verbs: ["*"]\n      users: ["*"]\n`) ??
    edit(text, /^status:/m, (line = '') => `  access:\n    - verbs: ["*"]\n      users: ["*"]\n${line}`),
  'group twice': (text) => edit(text, /^ {2}groups:\n( {4}- \S+\n)/m, (block = '', item = '') => `${block}${item}`),
  'e-mail without @': (text) => edit(text, /^ {2}email: (\S+)@(\S+)$/m, (_, local = '', domain = '') => `  email: ${local}.${domain}`),
  'verb in capitals': (text) => edit(text, /^( {6}verbs:\n {8}- )(\w+)$/m, (_, head = '', verb = '') => `${head}${verb.charAt(0).toUpperCase()}${verb.slice(1)}`),
};

export const CONFIG_MISTAKES: Readonly<Record<string, Mistake>> = {
  'field typo': (text, random) => editOne(text, /^( {4,})([a-zA-Z]{6,}):/gm, random, (_, indent = '', field = '') => `${indent}${swapLetters(field, random)}:`),
  'boolean in quotes': (text, random) => editOne(text, /^( +[a-zA-Z]+): (true|false)$/gm, random, (_, key = '', value = '') => `${key}: "${value}"`),
  'number in quotes': (text, random) => editOne(text, /^( +[a-zA-Z]+): (\d+)$/gm, random, (_, key = '', value = '') => `${key}: "${value}"`),
  'bad name': badName,
};
