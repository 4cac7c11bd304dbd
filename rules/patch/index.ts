import type { Rule } from '../api.js';
import documentRule from './document/index.js';
import operationRule from './operation/index.js';
import pointerRule from './pointer/index.js';
import pathNotFoundRule from './path-not-found/index.js';
import testFailedRule from './test-failed/index.js';
import serverFieldRule from './server-field/index.js';

/** Problems of JSON Patch documents, reported by `platlint patch`. */
export const rules: readonly Rule[] = [documentRule, operationRule, pointerRule, pathNotFoundRule, testFailedRule, serverFieldRule];
