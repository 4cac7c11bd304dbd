import type { Rule } from '../api.js';
import platformHostRule from './platform-host/index.js';
import projectNamespacePrefixRule from './project-namespace-prefix/index.js';
import deprecatedRule from './deprecated/index.js';
import authenticateVersionEndpointRule from './authenticate-version-endpoint/index.js';

export const rules: readonly Rule[] = [platformHostRule, projectNamespacePrefixRule, deprecatedRule, authenticateVersionEndpointRule];
