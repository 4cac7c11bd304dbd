import type { Formatter } from './summary.js';

export const FORMAT_NAMES = ['stylish', 'json'] as const;
export type FormatName = (typeof FORMAT_NAMES)[number];

export function isFormatName(name: string): name is FormatName {
  return (FORMAT_NAMES as readonly string[]).includes(name);
}

/** Formatters load on demand: a pre-commit run that prints stylish output should not pay for SARIF. */
export async function loadFormatter(name: FormatName): Promise<Formatter> {
  switch (name) {
    case 'stylish':
      return (await import('./stylish.js')).formatStylish;
    case 'json':
      return (await import('./json.js')).formatJson;
  }
}
