import { absoluteUrlProblem, type DataPath, defineRule, displayPath, getIn, mappingItems, NOT_ABSOLUTE_URL, parseAbsoluteUrl, redactUrlPassword } from '../../api.js';
import { APPS, PREDEFINED_APPS, REPOSITORIES } from '../shared.js';

/** `repo/chart`: a repository name and a chart name, both non-empty, one slash, no white space. */
const CHART = /^([^/\s]+)\/([^/\s]+)$/;

const URL_FIELDS = ['iconUrl', 'readmeUrl'] as const;

const rule = defineRule({
  meta: {
    id: 'apps/predefined-apps',
    description: 'Require predefined apps to name their chart as repo/chart and to use absolute icon and readme URLs',
    severity: 'error',
    sources: ['spec'],
    kinds: ['Config'],
  },
  messages: {
    missingChart: {
      text: '{{field}} has no chart: a predefined app is a chart the space menu offers, so it needs one.',
      note: 'Add chart: <repository>/<chart>, e.g. chart: bitnami/redis.',
    },
    chartForm: {
      text: '{{field}} is "{{value}}", not of the form <repository>/<chart>.',
      note: 'The platform looks the chart up by repository name and chart name. Write e.g. "bitnami/redis", where bitnami is the name of a repository, not its URL.',
    },
    unknownRepository: {
      text: '{{field}} is "{{value}}", but "{{repo}}" is not a configured repository and {{noDefault}} is true.',
      note: 'The repositories in {{repositories}} are {{known}}, and no default repository exists, so the app cannot be found. Use one of the configured repository names, or add the repository.',
      severity: 'warning',
    },
    notAbsolute: {
      text: NOT_ABSOLUTE_URL,
      note: 'The UI loads it as is, so a relative or malformed URL shows nothing. Write a full URL such as https://charts.example.com/icons/app.svg, or leave it out for the default.',
    },
  },
  check(doc, ctx) {
    const noDefault = getIn(doc.data, [...APPS, 'noDefault']) === true;
    const repoNames = mappingItems(doc.data, REPOSITORIES).flatMap(({ value }) => (typeof value['name'] === 'string' ? [value['name']] : []));

    for (const { value: app, path } of mappingItems(doc.data, PREDEFINED_APPS)) {
      const chart = app['chart'];
      const chartPath: DataPath = [...path, 'chart'];
      if (chart === undefined || chart === null) {
        ctx.report({ messageId: 'missingChart', path: chart === null ? chartPath : path, ...(chart === null ? { at: 'key' as const } : {}), data: { field: displayPath(path) } });
      } else if (typeof chart === 'string') {
        const match = CHART.exec(chart);
        if (!match) {
          ctx.report({ messageId: 'chartForm', path: chartPath, data: { field: displayPath(chartPath), value: redactUrlPassword(chart) } });
        } else if (noDefault && !repoNames.includes(match[1] ?? '')) {
          // Only with noDefault: true is the set of repositories known; otherwise the platform's default repositories
          // (which the spec does not list) may hold the chart.
          ctx.report({
            messageId: 'unknownRepository',
            path: chartPath,
            data: {
              field: displayPath(chartPath),
              value: chart,
              repo: match[1] ?? '',
              repositories: displayPath(REPOSITORIES),
              known: repoNames.length > 0 ? `configured: ${repoNames.join(', ')}` : 'none is configured',
              noDefault: displayPath([...APPS, 'noDefault']),
            },
          });
        }
      }

      for (const name of URL_FIELDS) {
        const url = app[name];
        // "" is what Go's omitempty leaves out: the default applies.
        if (typeof url !== 'string' || url === '') continue;
        const parsed = parseAbsoluteUrl(url);
        if (!parsed.ok) {
          const urlPath: DataPath = [...path, name];
          ctx.report({ messageId: 'notAbsolute', path: urlPath, data: { field: displayPath(urlPath), value: redactUrlPassword(url), reason: absoluteUrlProblem(parsed.reason) } });
        }
      }
    }
  },
});

export default rule;
