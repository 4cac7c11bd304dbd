import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT as repoRoot } from './cli.js';

/**
 * The fenced code block of a Markdown file of the repository (`README.md`, `docs/editors.md`) that follows the
 * heading `heading` and contains `marker`: end-to-end tests run the blocks users copy, not a paraphrase of them.
 */
export function docBlock(file: string, heading: string, marker: string): string {
  const text = readFileSync(join(repoRoot, file), 'utf8');
  const start = text.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`${file} has no heading "${heading}"`);
  // A longer fence (````markdown) holds a page with fenced blocks of its own.
  for (const match of text.slice(start).matchAll(/^(`{3,})[a-z]*\n([\s\S]*?)^\1$/gm)) {
    if ((match[2] as string).includes(marker)) return match[2] as string;
  }
  throw new Error(`${file} has no code block with "${marker}" under "${heading}"`);
}

/** The fenced code block of README.md under `heading` that contains `marker`. */
export function readmeBlock(heading: string, marker: string): string {
  return docBlock('README.md', heading, marker);
}

/** The yaml block under a rule doc page's `## Invalid`, `## Valid`, `## Previous` or `## Base` heading. */
export function ruleDocExample(doc: string, heading: 'Invalid' | 'Valid' | 'Previous' | 'Base'): string | undefined {
  const match = new RegExp(`^## ${heading}\\s*\\n+\`\`\`yaml\\n([\\s\\S]*?)\`\`\``, 'm').exec(doc);
  return match?.[1];
}
