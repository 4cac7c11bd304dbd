import yamlSyntaxRule from '../../rules/yaml/syntax/index.js';
import type { Finding } from '../rule-model/types.js';
import { withoutComment } from './line-comment.js';
import type { ParsedYaml } from './parse.js';

const SPLIT_REASON = 'the platform splits a stream at `---` lines and reads the directive without its document';

const REPEATED_YAML = 'found duplicate %YAML directive';

/**
 * `%YAML` and `%TAG` as the platform meets them: kubectl and the API server split a stream at `---` lines before
 * yaml.v2 reads each part, so a directive always ends up alone, and yaml.v2 itself refuses any version but 1.1, a
 * repeated `%YAML`, and a tag handle its part does not declare. In a file without platform objects only what YAML
 * itself forbids is reported (a repeated `%YAML`, a tag handle used outside the document its `%TAG` belongs to: the
 * yaml-test-suite's SF5V and QLJ7), which the yaml package lets through.
 */
export function yamlDirectiveFindings(parsed: ParsedYaml, platformObjects = true): Finding[] {
  const { text, documents } = parsed;
  if (!(text.startsWith('%') || text.includes('\n%'))) return [];
  const contents = documents.map((doc) => doc.contents?.range).filter((r): r is NonNullable<typeof r> => r !== undefined);
  const findings: Finding[] = [];
  /** Handles declared by %TAG, with the index of the document they belong to. */
  const declared = new Map<string, number>();
  let yamlSeen = false;
  const lines = /^(%[^\r\n]*)|^---(?=[ \t\r\n]|$)/gm;
  for (let match = lines.exec(text); match; match = lines.exec(text)) {
    const start = match.index;
    if (contents.some(([from, , to]) => start > from && start < to)) continue;
    if (!match[1]) {
      yamlSeen = false;
      continue;
    }
    const directive = withoutComment(match[1]).trimEnd();
    const [name = '', ...args] = directive.split(/[ \t]+/);
    let reason = SPLIT_REASON;
    if (name === '%YAML') {
      if (yamlSeen) reason = REPEATED_YAML;
      else if (args[0] !== '1.1') reason = `found incompatible YAML document: the platform reads YAML 1.1 only, not ${args[0] ?? 'an unnamed version'}`;
      yamlSeen = true;
    }
    // The directive belongs to the next document: the one after every document that ends before it.
    const owner = Math.min(contents.filter(([, , to]) => to <= start).length, Math.max(0, documents.length - 1));
    if (name === '%TAG' && args[0]) declared.set(args[0], owner);
    if (!platformObjects && reason !== REPEATED_YAML) continue;
    findings.push({ ...yamlSyntaxRule.finding('directive', { directive, reason }), document: owner, range: [start, start + directive.length], pointer: '' });
  }
  // A handle declared for one document and used in a later one.
  documents.forEach((doc, index) => {
    // The whole document, `---` line included: a tag there (`--- !prefix!A`) belongs to the document's root.
    const range = doc.contents ? doc.range : undefined;
    if (!range || declared.size === 0) return;
    const body = text.slice(range[0], range[2]);
    for (const [handle, owner] of declared) {
      if (index <= owner || handle === '!' || handle === '!!') continue;
      const at = body.indexOf(handle);
      if (at < 0) continue;
      findings.push({ ...yamlSyntaxRule.finding('directive', { directive: `%TAG ${handle}`, reason: `found undefined tag handle: ${handle} is declared for another document` }), document: index, range: [range[0] + at, range[0] + at + handle.length], pointer: '' });
    }
  });
  return findings;
}
