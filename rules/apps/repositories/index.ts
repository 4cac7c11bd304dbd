import { absoluteUrlProblem, type DataPath, defineRule, displayPath, mappingItems, NOT_ABSOLUTE_URL, parseAbsoluteUrl, redactUrlPassword, repeatedField } from '../../api.js';
import { REPOSITORIES } from '../shared.js';

const rule = defineRule({
  meta: {
    id: 'apps/repositories',
    description: 'Require app chart repositories with an absolute URL and a unique name',
    severity: 'error',
    sources: ['spec'],
    kinds: ['Config'],
  },
  messages: {
    missingUrl: {
      text: '{{field}} has no url: the platform cannot fetch charts from a repository without its address.',
      note: 'Add url, e.g. url: https://charts.example.com/stable.',
    },
    notAbsolute: {
      text: NOT_ABSOLUTE_URL,
      note: 'The platform fetches the repository index from it. Write the full repository URL, e.g. https://charts.example.com/stable.',
    },
    duplicateName: {
      text: '{{field}} is "{{value}}", the same name as {{first}}.',
      note: 'Predefined apps refer to charts as <repository name>/<chart>, so the name must say which repository is meant. Give each repository its own name.',
    },
  },
  check(doc, ctx) {
    const repositories = mappingItems(doc.data, REPOSITORIES);
    for (const { value: repo, path } of repositories) {
      const url = repo['url'];
      const urlPath: DataPath = [...path, 'url'];
      if (url === undefined || url === null) {
        // null is the key without a value, which schema/empty-value reports; this says why it matters.
        ctx.report({ messageId: 'missingUrl', path: url === null ? urlPath : path, ...(url === null ? { at: 'key' as const } : {}), data: { field: displayPath(path) } });
      } else if (typeof url === 'string') {
        const parsed = parseAbsoluteUrl(url);
        if (!parsed.ok) {
          ctx.report({ messageId: 'notAbsolute', path: urlPath, data: { field: displayPath(urlPath), value: redactUrlPassword(url), reason: url === '' ? 'it is empty' : absoluteUrlProblem(parsed.reason) } });
        }
      }
    }

    for (const { path, value, first } of repeatedField(repositories, 'name')) {
      ctx.report({ messageId: 'duplicateName', path, data: { field: displayPath(path), value, first: displayPath(first) } });
    }
  },
});

export default rule;
