/**
 * A value of decoded data as a message names it: a string quoted (JSON), a list or a mapping by its kind, another
 * scalar as written. In yaml/, below the platform layer, so that the platform decoder's messages name values as the
 * policy loader's and the assertions' do.
 */
export function describeValue(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object' && value !== null) return 'a mapping';
  return typeof value === 'string' ? JSON.stringify(value) : String(value);
}
