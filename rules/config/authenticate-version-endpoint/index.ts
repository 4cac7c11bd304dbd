import { type DataPath, defineRule, displayPath, getIn } from '../../api.js';

const FIELD: DataPath = ['status', 'authenticateVersionEndpoint'];

const rule = defineRule({
  meta: {
    id: 'config/authenticate-version-endpoint',
    description: 'Flag authenticateVersionEndpoint, which needs cluster-virtualization component v0.27 or later',
    severity: 'info',
    sources: ['spec'],
    sections: ['status.authenticateVersionEndpoint'],
    kinds: ['Config'],
  },
  messages: {
    needsVersion: {
      text: '{{field}} is true, which needs cluster-virtualization v0.27 or later.',
      note: 'The version endpoint then requires authentication, which works only with the cluster-virtualization component v0.27 or later. Make sure every connected virtual cluster runs v0.27+, or set it to false.',
    },
  },
  check(doc, ctx) {
    if (getIn(doc.data, FIELD) !== true) return;
    ctx.report({ messageId: 'needsVersion', path: FIELD, data: { field: displayPath(FIELD) } });
  },
});

export default rule;
