/**
 * Where the cursor is in a YAML manifest, read from indentation rather than from the parser: while a person types,
 * the line under the cursor (`  ema`) rarely parses, but its indentation still says which mapping it belongs to.
 * Only block style is followed; flow collections (`{a: 1}`) end the walk.
 */

export interface LineShape {
  /** Columns of the `- ` sequence markers before the content. */
  dashes: number[];
  /** Column where the content (after indentation and dashes) starts. */
  contentColumn: number;
  /** The mapping key the line starts with, and where its text ends. */
  key?: string;
  keyEnd?: number;
  /** Column just after `key:` and the spaces after it. */
  valueColumn?: number;
  /** The value written on the line after `key:` (comment removed). */
  value?: string;
  blankOrComment: boolean;
}

// A plain key ends in a character that is not white space, so the white space before ":" has one reading: a lazy
// key followed by \s* retried at every space of a long run.
const KEY = /^("(?:[^"\\]|\\.)*"|'(?:[^']|'')*'|[^\s#'"{[\]},:&*!|>%@`](?:[^#:]*[^\s#:])?)\s*:(?=\s|$)/;

export function lineShape(text: string): LineShape {
  const dashes: number[] = [];
  let column = /^ */.exec(text)?.[0].length ?? 0;
  while (text[column] === '-' && (text[column + 1] === ' ' || column + 1 === text.length)) {
    dashes.push(column);
    column += 1;
    while (text[column] === ' ') column++;
  }
  const rest = text.slice(column);
  const blankOrComment = dashes.length === 0 && (rest.trim() === '' || rest.startsWith('#'));
  const match = KEY.exec(rest);
  if (!match?.[1]) return { dashes, contentColumn: column, blankOrComment };
  const rawKey = match[1].trim();
  const key = /^["']/.test(rawKey) ? rawKey.slice(1, -1) : rawKey;
  let valueColumn = column + match[0].length;
  while (text[valueColumn] === ' ') valueColumn++;
  const value = text.slice(valueColumn).replace(/(^|\s)#.*$/, '').trimEnd();
  return { dashes, contentColumn: column, key, keyEnd: column + match[1].trimEnd().length, valueColumn, value, blankOrComment };
}

/** A document marker line: `---` or `...` at column 0. */
export function isDocumentMarker(text: string): boolean {
  return /^(?:---|\.\.\.)(?:\s|$)/.test(text);
}

export type PathStep = string | number;

/**
 * The key path of the mapping that contains `column` on `line`: each ancestor is the nearest line above that is
 * indented less; a `- ` marker in between is an item of a sequence (index 0: the schema is the same for every item).
 */
export function containerPath(lines: readonly string[], line: number, column: number): PathStep[] {
  const path: PathStep[] = [];
  const own = lineShape(lines[line] ?? '');
  let limit = column;
  // Just left a `- ` item: its parent key may sit at the dash's own column (`rules:` then `- name: a` below it).
  let afterDash = false;
  const enterItems = (dashes: readonly number[]): void => {
    for (const dash of [...dashes].reverse()) {
      if (dash < limit) {
        path.unshift(0);
        limit = dash;
        afterDash = true;
      }
    }
  };
  enterItems(own.dashes);
  for (let i = line - 1; i >= 0 && (limit > 0 || afterDash); i--) {
    const text = lines[i] ?? '';
    if (isDocumentMarker(text)) break;
    const shape = lineShape(text);
    if (shape.blankOrComment) continue;
    const parentOfItems = afterDash && shape.dashes.length === 0 && shape.contentColumn === limit && shape.key !== undefined && /^[|>]?[-+0-9]*$/.test(shape.value ?? '');
    if (shape.key !== undefined && (shape.contentColumn < limit || parentOfItems)) {
      path.unshift(shape.key);
      limit = shape.contentColumn;
      afterDash = false;
      enterItems(shape.dashes);
      continue;
    }
    // Deeper lines, siblings and block scalar text are not ancestors; an item marker further left is.
    if (shape.dashes.some((d) => d < limit)) {
      enterItems(shape.dashes);
      continue;
    }
    if (shape.contentColumn < limit) break;
  }
  return path;
}

/** The lines of the YAML document around a line: from after the previous marker to before the next. */
export function documentLines(lines: readonly string[], line: number): { start: number; end: number } {
  let start = line;
  while (start > 0 && !isDocumentMarker(lines[start - 1] ?? '')) start--;
  let end = line;
  while (end + 1 < lines.length && !isDocumentMarker(lines[end + 1] ?? '')) end++;
  return { start, end };
}

/** The value of a top-level key (`kind`, `apiVersion`) in the document around a line. */
export function topLevelValue(lines: readonly string[], line: number, key: string): string | undefined {
  const { start, end } = documentLines(lines, line);
  for (let i = start; i <= end; i++) {
    const shape = lineShape(lines[i] ?? '');
    if (shape.contentColumn === 0 && shape.dashes.length === 0 && shape.key === key && shape.value) return shape.value.replace(/^["']|["']$/g, '');
  }
  return undefined;
}

/** Keys already written in the mapping the cursor line belongs to (its own line excluded): not worth offering. */
export function siblingKeys(lines: readonly string[], line: number, column: number): Set<string> {
  const keys = new Set<string>();
  const walk = (step: 1 | -1): void => {
    for (let i = line + step; i >= 0 && i < lines.length; i += step) {
      const text = lines[i] ?? '';
      if (isDocumentMarker(text)) return;
      const shape = lineShape(text);
      if (shape.blankOrComment) continue;
      const itemStart = shape.dashes.some((d) => d < column);
      if (shape.contentColumn < column && !itemStart) return;
      if (shape.contentColumn === column && shape.key !== undefined) keys.add(shape.key);
      // A `- ` marker to the left starts this item (going up) or the next one (going down).
      if (itemStart) return;
    }
  };
  // A `- ` marker on the cursor's own line starts its item: the keys above are an earlier item's.
  if (!lineShape(lines[line] ?? '').dashes.some((d) => d < column)) walk(-1);
  walk(1);
  return keys;
}
