export const DOCS_BASE = 'https://github.com/platlint/platlint/blob/main/rules';

/** A built-in rule's doc page on the web. */
export function docsUrlFor(ruleId: string): string {
  return `${DOCS_BASE}/${ruleId}/README.md`;
}
