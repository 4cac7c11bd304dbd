import { parseDocument } from 'yaml';

/**
 * What a plain scalar means under YAML 1.2's core schema, which most editors and JS tools use, when it differs
 * from the YAML 1.1 meaning the platform's Go decoder gives it (`yes` is true there, `0755` is 493, `1:20` is 80).
 * Returns undefined when both agree.
 */
export function yaml12Reading(source: string, yaml11Value: unknown): unknown {
  const core: unknown = parseDocument(source, { version: '1.2', schema: 'core' }).toJS();
  return Object.is(core, yaml11Value) ? undefined : core;
}

export function describeValue(value: unknown): string {
  if (typeof value === 'string') return `the string "${value}"`;
  if (typeof value === 'boolean') return `the boolean ${String(value)}`;
  if (typeof value === 'number') return `the number ${String(value)}`;
  if (value === null) return 'null';
  return typeof value;
}
