/** Lines of a text by offsets: where the line of an offset starts and ends, and where the next one starts. */

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
