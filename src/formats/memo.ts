/**
 * Remembering the answers of pure, costly checks of one string (compiling a regular expression, parsing a
 * certificate): a repository repeats the same values in file after file. Bounded, so that no input can make it grow
 * without limit; strings longer than `maxLength` are not kept.
 */
export function memoizeByString<T>(check: (value: string) => T, maxEntries = 256, maxLength = 16_384): (value: string) => T {
  const answers = new Map<string, T>();
  return (value) => {
    if (typeof value !== 'string' || value.length > maxLength) return check(value);
    // One lookup for a value seen before (most are): a long string (a certificate) is hashed and compared once.
    const known = answers.get(value);
    if (known !== undefined || answers.has(value)) return known as T;
    const answer = check(value);
    if (answers.size >= maxEntries) answers.clear();
    answers.set(value, answer);
    return answer;
  };
}
