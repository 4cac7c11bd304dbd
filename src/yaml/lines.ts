/** Lines of a text by offsets: where the line of an offset starts and ends, where the next one starts, and their index. */
import { LineCounter } from 'yaml';

/** The offset where the line holding `offset` starts. */
export function lineStart(text: string, offset: number): number {
  return text.lastIndexOf('\n', offset - 1) + 1;
}

/** The offset where the line holding `offset` ends: its line break, or the `\r` of a `\r\n`, or the end of the text. */
export function lineEnd(text: string, offset: number): number {
  const end = text.indexOf('\n', offset);
  return (end < 0 ? text.length : end) - (text[end - 1] === '\r' ? 1 : 0);
}

/** The offset where the line after the one holding `offset` starts, or the end of the text. */
export function nextLineStart(text: string, offset: number): number {
  const end = text.indexOf('\n', offset);
  return end < 0 ? text.length : end + 1;
}

/**
 * The line index of a text, counted from the text itself: the parser's own count (Parser's newline callback) misses
 * the line break after some syntax errors (`m:---` followed by a line), which put every later line one short.
 */
export function lineCounterOf(text: string): LineCounter {
  const counter = new LineCounter();
  counter.addNewLine(0);
  for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) counter.addNewLine(at + 1);
  return counter;
}
