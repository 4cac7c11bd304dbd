/** Markdown for the pages of `platlint explain`: inline code and fenced blocks around text from policy files. */
import { goTrimRight } from '../formats/go-text.js';

/** Inline code; text with a backtick gets a double-backtick span. */
export function code(text: string): string {
  return text.includes('`') ? `\`\` ${text} \`\`` : `\`${text}\``;
}

/** A fenced block, its fence one backtick longer than the longest run in the text (CEL strings may hold some). */
export function fence(text: string, lang: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = '`'.repeat(longest + 1);
  return `${ticks}${lang}\n${goTrimRight(text, '\n')}\n${ticks}`;
}
