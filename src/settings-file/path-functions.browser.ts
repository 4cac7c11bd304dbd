/**
 * path-functions.ts in a browser build: POSIX paths (pathe, Node's path functions for every runtime), in the folder of
 * the files the page lints in memory.
 */
export { dirname, join, relative, resolve, sep } from 'pathe';
