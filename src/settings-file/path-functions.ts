/**
 * The path functions of what a run knows about its files (settings, suppressions, the rules in force): Node's, with
 * the separators of the platform it runs on. A browser build (the playground's worker, src/browser/playground.ts)
 * takes path-functions.browser.ts in this module's place, as the CLI bundle takes a `.bundled.ts` module: no Node
 * module is reached there.
 */
export { dirname, join, relative, resolve, sep } from 'node:path';
