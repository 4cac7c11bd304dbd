import { type DataPath, defineRule, displayPath } from '../../api.js';

const EXTERNAL_URLS: DataPath = ['status', 'uiSettings', 'externalURLs'];

const rule = defineRule({
  meta: {
    id: 'ui/external-urls',
    description: 'Warn when externalURLs.allow is set without block: true, where it has no effect',
    severity: 'warning',
    sources: ['spec'],
    kinds: ['Config'],
  },
  messages: {
    allowWithoutBlock: {
      text: '{{field}} lists URLs but {{blockState}}.',
      note: 'The allow list is only consulted while external requests are blocked, so it has no effect and the UI may call any URL. Set {{block}}: true to restrict the UI to these URLs, or remove allow.',
    },
  },
  given: { path: EXTERNAL_URLS, type: 'mapping' },
  check(external, ctx) {
    const allow = external['allow'];
    if (!Array.isArray(allow) || allow.length === 0 || external['block'] === true) return;
    const block = displayPath([...EXTERNAL_URLS, 'block']);
    const blockState = external['block'] === false ? `${block} is false` : `${block} is not set`;
    const path: DataPath = [...EXTERNAL_URLS, 'allow'];
    ctx.report({ messageId: 'allowWithoutBlock', path, at: 'key', data: { field: displayPath(path), blockState, block } });
  },
});

export default rule;
