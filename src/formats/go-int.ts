/** The ranges of Go's int64 and uint64: the integers the platform's decoder, its schema and CEL hold. */
export const INT64_MIN = -(2n ** 63n);
export const INT64_MAX = 2n ** 63n - 1n;
export const UINT64_MAX = 2n ** 64n - 1n;
