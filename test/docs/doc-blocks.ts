import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../helpers/cli.js';

/** A fenced code block of a documentation page. */
export interface DocBlock {
  /** The page, relative to the repository root: `README.md`, `docs/rules.md`. */
  file: string;
  /** The text of the nearest heading above the block, without its `#`s. */
  heading: string;
  /** The fence's info string: `sh`, `console`, `yaml`... (empty when the fence has none). */
  lang: string;
  /** The block's 1-based line in the page (the opening fence). */
  line: number;
  text: string;
}

/** README.md and every Markdown page of docs/: pages added later are covered without being named here. */
export function documentationPages(): string[] {
  const docs = join(ROOT, 'docs');
  const pages = existsSync(docs) ? readdirSync(docs).filter((name) => name.endsWith('.md')).sort().map((name) => `docs/${name}`) : [];
  return ['README.md', ...pages];
}

/** The fenced blocks of a page, in order. Fences may be indented (inside a list item); the indentation is removed. */
export function blocksOf(file: string): DocBlock[] {
  const lines = readFileSync(join(ROOT, file), 'utf8').split('\n');
  const blocks: DocBlock[] = [];
  let heading = '';
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    const heads = /^#{1,6} (.*)$/.exec(line);
    if (heads) {
      heading = (heads[1] as string).trim();
      continue;
    }
    const fence = /^( *)(```+)([\w-]*)\s*$/.exec(line);
    if (!fence) continue;
    const indent = (fence[1] as string).length;
    const close = `${fence[1] as string}${fence[2] as string}`;
    const body: string[] = [];
    let j = i + 1;
    for (; j < lines.length && (lines[j] as string).trimEnd() !== close; j++) body.push((lines[j] as string).slice(indent));
    if (j === lines.length) throw new Error(`${file}:${i + 1}: unclosed code fence`);
    blocks.push({ file, heading, lang: fence[3] as string, line: i + 1, text: body.join('\n') + '\n' });
    i = j;
  }
  return blocks;
}

/** `file > heading (line N)`: how a failing test names its block. */
export function describeBlock(block: DocBlock): string {
  return `${block.file} > ${block.heading} (line ${block.line}, ${block.lang || 'no language'})`;
}

/** One `$ command` of a console block and the output shown under it. */
export interface ConsoleStep {
  command: string;
  output: string;
}

/** A console block split into its commands (lines starting with `$ `) and the output shown after each. */
export function consoleSteps(text: string): ConsoleStep[] {
  const steps: ConsoleStep[] = [];
  for (const line of text.replace(/\n$/, '').split('\n')) {
    if (line.startsWith('$ ')) steps.push({ command: line.slice(2), output: '' });
    else {
      const step = steps.at(-1);
      if (!step) throw new Error(`console block output before any "$ " command: ${line}`);
      step.output += `${line}\n`;
    }
  }
  return steps;
}

/**
 * The block of `file` under the heading `heading` that contains `marker`: end-to-end tests run the blocks users copy,
 * not a paraphrase of them.
 */
export function docBlock(file: string, heading: string, marker: string): string {
  const block = blocksOf(file).find((b) => b.heading === heading && b.text.includes(marker));
  if (!block) throw new Error(`${file} has no code block with "${marker}" under the heading "${heading}"`);
  return block.text;
}

/** The yaml block under a rule doc page's `## Invalid`, `## Valid`, `## Previous` or `## Base` heading. */
export function ruleDocExample(doc: string, heading: 'Invalid' | 'Valid' | 'Previous' | 'Base'): string | undefined {
  const match = new RegExp(`^## ${heading}\\s*\\n+\`\`\`yaml\\n([\\s\\S]*?)\`\`\``, 'm').exec(doc);
  return match?.[1];
}
