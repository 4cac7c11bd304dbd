/**
 * Go regular expressions for `matches`, `find` and `findAll`, compiled with re2js (the RE2 port platlint checks Go
 * patterns with), a few hundred patterns kept per environment as cel-go keeps constant patterns compiled. An invalid
 * pattern is Go's "error parsing regexp: ..." error.
 */
import { RE2JS } from 're2js';
import { CelError } from '../values.js';

const CACHE_SIZE = 256;
const cache = new Map<string, RE2JS | CelError>();

export function compileRegex(pattern: string): RE2JS | CelError {
  let compiled = cache.get(pattern);
  if (compiled === undefined) {
    try {
      compiled = RE2JS.compile(pattern);
    } catch (error) {
      compiled = new CelError((error as Error).message);
    }
    if (cache.size >= CACHE_SIZE) cache.clear();
    cache.set(pattern, compiled);
  }
  return compiled;
}
