/** The repository on GitHub: rule pages link there, and so does the docs site for files that are not pages. */
export const REPOSITORY_URL = 'https://github.com/platlint/platlint';

export const DOCS_BASE = `${REPOSITORY_URL}/blob/main/rules`;

/** A built-in rule's doc page on the web. */
export function docsUrlFor(ruleId: string): string {
  return `${DOCS_BASE}/${ruleId}/README.md`;
}
