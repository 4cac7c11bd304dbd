import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT as repoRoot } from './cli.js';

/**
 * The fenced code block of README.md that follows the heading `heading` and contains `marker`: end-to-end tests run
 * the blocks users copy, not a paraphrase of them.
 */
export function readmeBlock(heading: string, marker: string): string {
  const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
  const start = readme.indexOf(`\n${heading}\n`);
  if (start < 0) throw new Error(`README.md has no heading "${heading}"`);
  for (const match of readme.slice(start).matchAll(/^```[a-z]*\n([\s\S]*?)^```$/gm)) {
    if ((match[1] as string).includes(marker)) return match[1] as string;
  }
  throw new Error(`README.md has no code block with "${marker}" under "${heading}"`);
}
