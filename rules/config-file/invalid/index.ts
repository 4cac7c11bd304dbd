import { defineRule } from '../../api.js';

/**
 * Reported where the settings file is loaded (`src/settings-file/`): the command line prints it and exits 2, the
 * language server shows it on the file. This module is its identity, message and documentation.
 */
const rule = defineRule({
  meta: {
    id: 'config-file/invalid',
    description: 'Report a mistake in the platlint configuration file (.platlint.yaml)',
    severity: 'error',
    sources: ['spec'],
    stages: ['settings'],
  },
  messages: {
    invalid: '{{detail}}',
  },
});

export default rule;
