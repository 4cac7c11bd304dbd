/** The three rows editDistance works in, reused across calls and grown to the longest second word so far. */
let rows: [Int32Array, Int32Array, Int32Array] = [new Int32Array(64), new Int32Array(64), new Int32Array(64)];

/**
 * Optimal-string-alignment distance (Levenshtein plus adjacent transpositions, so `emial` is one step from
 * `email`), bounded: returns limit + 1 as soon as the distance must exceed it.
 */
export function editDistance(a: string, b: string, limit = 3): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  // Did-you-mean compares a name with every known key: a fresh array a row was most of what a comparison allocated.
  if (rows[0].length <= b.length) rows = [new Int32Array(2 * b.length + 2), new Int32Array(2 * b.length + 2), new Int32Array(2 * b.length + 2)];
  let [beforePrevious, previous, current] = rows;
  for (let j = 0; j <= b.length; j++) previous[j] = j;
  for (let i = 1; i <= a.length; i++) {
    current[0] = i;
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) value = Math.min(value, beforePrevious[j - 2]! + 1);
      current[j] = value;
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > limit) return limit + 1;
    const oldest = beforePrevious;
    beforePrevious = previous;
    previous = current;
    current = oldest;
  }
  return previous[b.length]!;
}

/**
 * The candidates a misspelt name most likely meant: an exact match ignoring case first (`clientID` → `clientId`),
 * otherwise the closest by edit distance, within a third of the word's length. Never the name itself: a caller asks
 * because the name was refused, and "did you mean" the word written tells the reader nothing.
 */
export function didYouMean(name: string, candidates: Iterable<string>): string[] {
  const list = [...candidates].filter((candidate) => candidate !== name);
  const lowered = list.map((c) => c.toLowerCase());
  const lower = name.toLowerCase();
  const byCase = list.filter((_, i) => lowered[i] === lower);
  if (byCase.length) return byCase;
  const limit = Math.max(1, Math.min(3, Math.floor(name.length / 3)));
  let best = limit + 1;
  let matches: string[] = [];
  for (const [i, candidate] of list.entries()) {
    const distance = editDistance(lower, lowered[i] ?? '', limit);
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
