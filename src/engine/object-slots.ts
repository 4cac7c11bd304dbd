/**
 * Where the objects of a file are: a linted object is kept under its document and the JSON Pointer of its data in the
 * file, and a diagnostic's path is matched to the innermost object holding it. The baseline and exceptions (the
 * engine's suppression subjects) and the GitLab report's fingerprints both say what a problem is about this way.
 */
export function objectSlot(document: number, pointer: string): string {
  return `${document}\u0000${pointer}`;
}

/**
 * The innermost object whose data holds the pointer (a List's item, not its List) and the pointer inside it: one
 * lookup per segment of the pointer, however many objects the file holds. Undefined when no object holds it.
 */
export function innermostObject<T>(objects: ReadonlyMap<string, T>, document: number, pointer: string): { object: T; pointer: string } | undefined {
  for (let end = pointer.length; end >= 0; end = pointer.lastIndexOf('/', end - 1)) {
    const object = objects.get(objectSlot(document, pointer.slice(0, end)));
    if (object !== undefined) return { object, pointer: pointer.slice(end) };
    if (end === 0) break;
  }
  return undefined;
}
