import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfigFile } from '../../src/settings-file/load.js';
import { ROOT, runCli } from '../helpers/cli.js';

/** docs/configuration-sources.md: every example is a file of fixtures/embedded, every command is run there. */
const PAGE = readFileSync(join(ROOT, 'docs/configuration-sources.md'), 'utf8');
const EXAMPLES = join(ROOT, 'fixtures/embedded');

interface Block {
  language: string;
  text: string;
  /** The page's text before the block, since the previous one. */
  before: string;
}

function blocks(page: string): Block[] {
  const out: Block[] = [];
  let last = 0;
  for (const match of page.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)) {
    out.push({ language: match[1] ?? '', text: match[2] ?? '', before: page.slice(last, match.index) });
    last = match.index + match[0].length;
  }
  return out;
}

const all = blocks(PAGE);
const consoles = all.filter((b) => b.language === 'console');
/** A YAML block is the whole file its paragraph names (`values.yaml`:), or the .platlint.yaml the commands run with. */
const files = all.filter((b) => b.language === 'yaml').map((b) => ({ ...b, file: /(?:^|\n)`([\w.-]+\.yaml)`:/.exec(b.before)?.[1] ?? (/this `\.platlint\.yaml`:\s*$/.test(b.before) ? '.platlint.yaml' : undefined) }));

describe('docs/configuration-sources.md', () => {
  it('shows the four places and the commands run on them', () => {
    expect(files.map((b) => b.file)).toEqual(['.platlint.yaml', 'config.yaml', 'config-raw.yaml', 'values.yaml', 'config-secret.yaml', 'sealed-secret.yaml', undefined]);
    expect(consoles).toHaveLength(6);
  });

  it.each(files.filter((b) => b.file !== undefined).map((b) => [b.file, b.text]))('shows %s as it is', (file, text) => {
    expect(text).toBe(readFileSync(join(EXAMPLES, String(file)), 'utf8'));
  });

  it('describes the entry with a valid .platlint.yaml', () => {
    const example = files.find((b) => b.file === undefined)?.text ?? '';
    expect(example).toContain('embedded:');
    expect(loadConfigFile(join(EXAMPLES, 'example.yaml'), example).problems).toEqual([]);
  });

  it.each(consoles.map((b) => [b.text.split('\n')[0], b.text]))('%s prints what the page shows', (_, text) => {
    const [command = '', ...output] = text.split('\n');
    expect(command.startsWith('$ platlint ')).toBe(true);
    const run = runCli(command.slice('$ platlint '.length).split(' '), { cwd: EXAMPLES });
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe(output.join('\n'));
  });
});
