/**
 * The part of a rule's page the site writes from the rule's meta: its severity under each preset of `extends`, its
 * category, what it applies to, whether `--fix` fixes it, and its options with their JSON Schema.
 */
import { defaultOptionsOf } from '../engine/define-rule.js';
import { PRESET_NAMES, presetSettings, type PresetName } from '../engine/presets.js';
import { effectiveSeverity, isRuleEnabled, messageSpec } from '../engine/settings.js';
import { ruleCategory, type Rule, type Severity } from '../engine/types.js';

/** The severities a rule's messages get under a preset, or `off`; a rule whose messages differ has several. */
export function presetSeverities(rule: Rule, rules: readonly Rule[]): { preset: PresetName; severities: Severity[] | 'off' }[] {
  const { meta } = rule;
  return PRESET_NAMES.map((preset) => {
    const setting = presetSettings(preset, rules).get(meta.id);
    if (!isRuleEnabled(meta, setting)) return { preset, severities: 'off' };
    const severities = Object.keys(rule.messages).map((id) => effectiveSeverity(meta, messageSpec(rule, id), setting));
    return { preset, severities: (['error', 'warning', 'info'] as const).filter((severity) => severities.includes(severity)) };
  });
}

const PRESET_NOTES: Readonly<Record<PresetName, string>> = {
  recommended: 'the rules’ own defaults, and what applies without `extends`',
  strict: 'every rule on',
  security: 'the security rules’ warnings as errors',
  export: 'accepts the fields the server sets on exported objects',
};

function jsonBlock(value: unknown): string {
  return ['```json', JSON.stringify(value, null, 2), '```'].join('\n');
}

/** The Markdown of the facts section. */
export function ruleFacts(rule: Rule, rules: readonly Rule[]): string {
  const { meta } = rule;
  const rows = presetSeverities(rule, rules).map(({ preset, severities }) =>
    `| \`${preset}\` (${PRESET_NOTES[preset]}) | ${severities === 'off' ? 'off' : severities.join(', ')} |`);
  const lines = [
    '## Presets and options',
    '',
    `Its severity with each preset of \`extends\` in \`.platlint.yaml\` (a rule whose messages have severities of their own lists each):`,
    '',
    '| Preset | Severity |',
    '| --- | --- |',
    ...rows,
    '',
    `- Category: \`${ruleCategory(meta.id)}\`.`,
    `- Applies to: ${(meta.kinds ?? ['User', 'Config']).join(' and ')} manifests${meta.transition ? ', as an update of their previous version' : ''}.`,
    `- Fixable: ${meta.fixable ? 'yes, `platlint --fix` applies its fixes' : 'no'}.`,
    `- Options: ${meta.optionsSchema ? 'below' : 'none'}.`,
  ];
  if (meta.optionsSchema) {
    lines.push(
      '',
      `Options are given with the severity: \`rules: {${meta.id}: [warn, {...}]}\`. Their JSON Schema:`,
      '',
      jsonBlock(meta.optionsSchema),
      '',
      'The defaults:',
      '',
      jsonBlock(defaultOptionsOf(meta.optionsSchema)),
    );
  }
  return lines.join('\n');
}
