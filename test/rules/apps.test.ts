import { describe, expect, it } from 'vitest';
import { only } from '../helpers/config.js';
import { config } from '../helpers/manifests.js';
import { spans } from '../helpers/lint.js';

describe('apps/repositories', () => {
  it('reports a relative URL, a missing url and a duplicate name', () => {
    const diags = only(
      'apps/repositories',
      config('  apps:\n    repositories:\n      - name: a\n        url: charts.example.com\n      - name: a\n        password: hunter2\n'),
    );
    expect(spans(diags)).toEqual([
      ['apps/repositories', 9, 14, 9, 32],
      ['apps/repositories', 10, 9, 10, 16],
      ['apps/repositories', 10, 15, 10, 16],
    ]);
    expect(diags[0]?.message).toBe(
      'status.apps.repositories[0].url is "charts.example.com", not an absolute URL (missing scheme (e.g. https://)).',
    );
    expect(diags.map((d) => d.message).join('\n')).not.toContain('hunter2');
  });

  it('redacts a password in the URL', () => {
    const diags = only('apps/repositories', config('  apps:\n    repositories:\n      - name: a\n        url: "https://u:hunter2@charts example.com"\n'));
    expect(diags).toHaveLength(1);
    expect(diags[0]?.message).not.toContain('hunter2');
  });
});

describe('apps/predefined-apps', () => {
  it('reports a chart not of the form repo/chart', () => {
    const diags = only('apps/predefined-apps', config('  apps:\n    predefinedApps:\n      - chart: redis\n'));
    expect(spans(diags)).toEqual([['apps/predefined-apps', 8, 16, 8, 21]]);
  });

  it('warns on an unknown repository only with noDefault: true', () => {
    const apps = (noDefault: boolean) =>
      config(
        `  apps:\n    noDefault: ${noDefault}\n    repositories:\n      - name: internal\n        url: https://charts.example.com\n    predefinedApps:\n      - chart: bitnami/redis\n`,
      );
    expect(only('apps/predefined-apps', apps(false))).toEqual([]);
    const diags = only('apps/predefined-apps', apps(true));
    expect(spans(diags)).toEqual([['apps/predefined-apps', 12, 16, 12, 29]]);
    expect(diags[0]?.severity).toBe('warning');
    expect(diags[0]?.message).toBe(
      'status.apps.predefinedApps[0].chart is "bitnami/redis", but "bitnami" is not a configured repository and status.apps.noDefault is true.',
    );
  });

  it('requires absolute icon and readme URLs', () => {
    const diags = only('apps/predefined-apps', config('  apps:\n    predefinedApps:\n      - chart: a/b\n        iconUrl: icon.svg\n        readmeUrl: https://x.example.com/r\n'));
    expect(spans(diags)).toEqual([['apps/predefined-apps', 9, 18, 9, 26]]);
  });
});
