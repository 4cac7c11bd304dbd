/**
 * The CEL twins of the built-in rules (rules/twins.ts) as rules to export: one per check, with the severity the
 * settings give the check's messages (`user/access-verbs: warn` makes both of its checks warnings; off, none).
 */
import { celTwins } from '../../../rules/twins.js';
import { effectiveSeverity, isRuleEnabled, messageSpec, type RuleSettings } from '../../engine/settings.js';
import type { PolicyRuleSpec } from '../types.js';
import type { ExportRule } from './index.js';
import type { CelTwin, TwinCheck } from '../../../rules/twin.js';

/** The id a check is exported as: the rule's, or `<rule id>/<name>` for a rule's further checks. */
export function twinCheckId(twin: CelTwin, check: TwinCheck): string {
  return check.name === undefined ? twin.rule.meta.id : `${twin.rule.meta.id}/${check.name}`;
}

/** A twin's check as the policy rule it is written as. */
export function twinCheckSpec(twin: CelTwin, check: TwinCheck, severity: PolicyRuleSpec['severity']): PolicyRuleSpec {
  const { meta } = twin.rule;
  const given = check.given === undefined ? undefined : typeof check.given === 'string' ? check.given : [...check.given];
  return {
    id: twinCheckId(twin, check),
    description: check.description ?? meta.description,
    severity,
    match: { kinds: [...(meta.kinds ?? ['User'])] },
    ...(given !== undefined ? { given } : {}),
    expression: check.expression,
    ...(check.message !== undefined ? { message: check.message } : {}),
    ...(check.messageExpression !== undefined ? { messageExpression: check.messageExpression } : {}),
  };
}

/** Every check of every twin, with its severity under the settings. */
export function builtinExportRules(settings: RuleSettings, twins: readonly CelTwin[] = celTwins): ExportRule[] {
  return twins.flatMap((twin) => {
    const { meta } = twin.rule;
    const setting = settings.get(meta.id);
    return twin.checks.map((check) => {
      const first = check.messages[0];
      const severity = !isRuleEnabled(meta, setting) || first === undefined ? 'off' : effectiveSeverity(meta, messageSpec(twin.rule, first), setting);
      return { spec: twinCheckSpec(twin, check, severity === 'off' ? meta.severity === 'off' ? 'warning' : meta.severity : severity), severity };
    });
  });
}
