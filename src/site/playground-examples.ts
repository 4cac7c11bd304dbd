/**
 * The playground's starting examples, built into the site: every YAML file of fixtures/ as the manifest, first the
 * repository's examples (fixtures/examples/), then the embedded texts (fixtures/embedded/, with the entry of its
 * `.platlint.yaml` that names the file, now naming `playground.yaml`), the policy packs' tests (fixtures/policies/
 * and fixtures/vap/, with their `policy.yaml` as the policy), and each folder's fixtures: a rule's with every rule on
 * (`extends: [strict]`, as its page shows them), the others with no settings. A policy pack's `policy.yaml` and the
 * settings file are the texts of the others, not examples of their own. test/e2e/playground.test.ts checks that the
 * JSON tab shows what the command prints for every one of them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parse, stringify } from 'yaml';
import { builtinRules } from '../../rules/index.js';
import { MANIFEST_FILE } from '../browser/playground-files.js';
import { isYamlFileName } from '../settings-file/paths.js';
import type { PlaygroundExample } from '../playground/protocol.js';

/** The folders of policy packs (`<pack>/policy.yaml` and `<pack>/tests/`), by the group their tests are shown in. */
const POLICY_PACKS: Readonly<Record<string, string>> = { policies: 'Policies', vap: 'ValidatingAdmissionPolicies' };

/** What a rule's fixtures are linted with on its page (./fixtures.ts): every rule on. */
export const RULE_FIXTURE_SETTINGS = 'extends: [strict]\n';

function yamlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? yamlFiles(join(dir, entry.name)) : isYamlFileName(entry.name) ? [join(dir, entry.name)] : []))
    .sort();
}

/** fixtures/embedded/.platlint.yaml's entry for `file`, naming the playground's manifest instead; '' for none. */
function embeddedSettings(settingsText: string, file: string): string {
  const { embedded = [] } = parse(settingsText) as { embedded?: { files: string[]; at: string }[] };
  const entry = embedded.find((candidate) => candidate.files.includes(file));
  return entry ? stringify({ embedded: [{ files: [MANIFEST_FILE], at: entry.at }] }) : '';
}

export function playgroundExamples(root: string): PlaygroundExample[] {
  const fixtures = join(root, 'fixtures');
  const ruleIds = new Set(builtinRules.map((rule) => rule.meta.id));
  const read = (file: string): string => readFileSync(file, 'utf8');
  const groups: Record<'examples' | 'embedded' | 'policies' | 'fixtures', PlaygroundExample[]> = { examples: [], embedded: [], policies: [], fixtures: [] };
  const embeddedSettingsText = read(join(fixtures, 'embedded', '.platlint.yaml'));
  for (const file of yamlFiles(fixtures)) {
    const path = relative(root, file);
    const [, folder = '', ...rest] = path.split('/');
    const manifest = read(file);
    if (folder === 'examples') groups.examples.push({ group: 'Examples', label: path, texts: { manifest, config: '', policy: '' } });
    else if (folder === 'embedded') {
      if (rest[0] !== '.platlint.yaml') groups.embedded.push({ group: 'Embedded texts', label: path, texts: { manifest, config: embeddedSettings(embeddedSettingsText, rest.join('/')), policy: '' } });
    } else if (POLICY_PACKS[folder] !== undefined) {
      // A pack's tests with its policy.yaml: platlint's own policies, and ValidatingAdmissionPolicies.
      if (rest[1] === 'tests') groups.policies.push({ group: POLICY_PACKS[folder], label: path, texts: { manifest, config: '', policy: read(join(fixtures, folder, rest[0] ?? '', 'policy.yaml')) } });
      else if (rest[1] !== 'policy.yaml') groups.fixtures.push({ group: `fixtures/${folder}`, label: path, texts: { manifest, config: '', policy: '' } });
    } else {
      const ruleId = rest.length > 1 ? `${folder}/${rest[0] ?? ''}` : '';
      groups.fixtures.push({ group: `fixtures/${folder}`, label: path, texts: { manifest, config: ruleIds.has(ruleId) ? RULE_FIXTURE_SETTINGS : '', policy: '' } });
    }
  }
  return [...groups.examples, ...groups.embedded, ...groups.policies, ...groups.fixtures];
}
