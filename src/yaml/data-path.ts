/** A key or list index on the way from a document's root to a value. */
export type PathSegment = string | number;
/** Where a value is in a document's data: the keys and indexes from the root, as rules report it. */
export type DataPath = readonly PathSegment[];
