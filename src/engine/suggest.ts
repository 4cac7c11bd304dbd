/**
 * Optimal-string-alignment distance (Levenshtein plus adjacent transpositions, so `emial` is one step from
 * `email`), bounded: returns limit + 1 as soon as the distance must exceed it.
 */
export function editDistance(a: string, b: string, limit = 3): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let beforePrevious: number[] = [];
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, (beforePrevious[j - 2] ?? 0) + 1);
      current.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > limit) return limit + 1;
    beforePrevious = previous;
    previous = current;
  }
  return previous[b.length] ?? limit + 1;
}

/**
 * The candidates a misspelt name most likely meant: an exact match ignoring case first (`clientID` → `clientId`),
 * otherwise the closest by edit distance, within a third of the word's length.
 */
export function didYouMean(name: string, candidates: Iterable<string>): string[] {
  const list = [...candidates];
  const lower = name.toLowerCase();
  const byCase = list.filter((c) => c.toLowerCase() === lower);
  if (byCase.length) return byCase;
  const limit = Math.max(1, Math.min(3, Math.floor(name.length / 3)));
  let best = limit + 1;
  let matches: string[] = [];
  for (const candidate of list) {
    const distance = editDistance(lower, candidate.toLowerCase(), limit);
    if (distance < best) {
      best = distance;
      matches = [candidate];
    } else if (distance === best && distance <= limit) {
      matches.push(candidate);
    }
  }
  return best <= limit ? matches : [];
}

/** `; did you mean "x"?` for the nearest candidate, or `fallback` when none is near. */
export function nearest(word: string, candidates: Iterable<string>, fallback = ''): string {
  const [best] = didYouMean(word, candidates);
  return best === undefined ? fallback : `; did you mean "${best}"?`;
}
