/**
 * A line of YAML without its comment: YAML starts a comment at a "#" after white space. Found with the two-character
 * search for white space and "#", then walked back over the white space before it: the pattern /\s+#.*$/ retries at
 * every character of a long run of spaces that no "#" follows, so takes time quadratic in the run.
 */
export function withoutComment(line: string): string {
  const hash = line.search(/\s#/);
  if (hash < 0) return line;
  let start = hash;
  while (start > 0 && /\s/.test(line[start - 1] as string)) start--;
  return line.slice(0, start);
}
