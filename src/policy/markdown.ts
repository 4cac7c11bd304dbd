/**
 * Markdown around text platlint does not write itself: inline code and fenced blocks for the pages of `platlint
 * explain` (text from policy files) and for the docs site's rule examples (fixture files).
 */
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
