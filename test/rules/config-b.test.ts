import { describe, expect, it } from 'vitest';
import { ids, lint, spans } from '../helpers/lint.js';

const HEAD = 'apiVersion: management.platform/v1\nkind: Config\nmetadata:\n  name: platform-config\n';

/** A Config with the given status lines (indented by the caller), linted with every rule on. */
function lintStatus(status: string): ReturnType<typeof lint> {
  return lint(`${HEAD}status:\n${status}`, { preset: 'strict' });
}

function of(rule: string, diagnostics: ReturnType<typeof lint>): ReturnType<typeof lint> {
  return diagnostics.filter((d) => d.ruleId === rule);
}

describe('vault/sync-interval-and-access', () => {
  it('reports an invalid sync interval with Go\'s reason, at the value', () => {
    const d = of('vault/sync-interval-and-access', lintStatus('  vault:\n    syncInterval: 1d\n'));
    expect(spans(d)).toEqual([['vault/sync-interval-and-access', 7, 19, 7, 21]]);
    expect(d[0]?.severity).toBe('error');
    expect(d[0]?.message).toBe(
      'status.vault.syncInterval is "1d", which Go\'s time.ParseDuration rejects (time: unknown unit "d" in duration "1d").',
    );
  });

  it('reports zero and negative intervals', () => {
    for (const value of ['0', '0s', '-1m', '-0.5h']) {
      const d = of('vault/sync-interval-and-access', lintStatus(`  vault:\n    syncInterval: "${value}"\n`));
      expect(d.map((x) => x.message)).toEqual([`status.vault.syncInterval is "${value}", but the sync interval must be greater than zero.`]);
    }
  });

  it('accepts what time.ParseDuration accepts', () => {
    for (const value of ['1m', '1h30m', '1.5h', '+500ms', '10µs', '300000000ns']) {
      expect(of('vault/sync-interval-and-access', lintStatus(`  vault:\n    syncInterval: "${value}"\n`))).toEqual([]);
    }
  });

  it('warns on an enabled vault without address and without auth, at the enabled key', () => {
    const d = of('vault/sync-interval-and-access', lintStatus('  vault:\n    enabled: true\n'));
    expect(spans(d)).toEqual([
      ['vault/sync-interval-and-access', 7, 5, 7, 12],
      ['vault/sync-interval-and-access', 7, 5, 7, 12],
    ]);
    expect(d.map((x) => x.severity)).toEqual(['warning', 'warning']);
    expect(d[0]?.message).toContain('status.vault.enabled is true but status.vault.address is not set');
    expect(d[1]?.message).toContain('status.vault.auth has neither a token nor a tokenSecretRef');
  });

  it('points the missing-auth warning at an empty auth object', () => {
    const d = of('vault/sync-interval-and-access', lintStatus('  vault:\n    enabled: true\n    address: https://vault.example.com\n    auth: {}\n'));
    expect(spans(d)).toEqual([['vault/sync-interval-and-access', 9, 5, 9, 9]]);
  });

  it('does not report a missing tokenSecretRef.key (schema/required does) nor a disabled vault', () => {
    const d = lintStatus('  vault:\n    enabled: true\n    address: https://vault.example.com\n    auth:\n      tokenSecretRef:\n        name: t\n');
    expect(ids(d)).toEqual(['schema/required']);
    expect(of('vault/sync-interval-and-access', lintStatus('  vault:\n    enabled: false\n'))).toEqual([]);
  });
});


describe('cloud/maintenance-window', () => {
  const window = (day: string, time: string): ReturnType<typeof lint> =>
    of('cloud/maintenance-window', lintStatus(`  cloud:\n    maintenanceWindow:\n      dayOfWeek: ${day}\n      timeWindow: ${time}\n`));

  it('accepts every Go weekday name and ranges across midnight', () => {
    for (const day of ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']) {
      expect(window(day, '"22:00-02:00"')).toEqual([]);
    }
  });

  it('reports an abbreviation with the full name, at the value, with a suggestion', () => {
    const d = window('Tues', '"02:00-04:00"');
    expect(spans(d)).toEqual([['cloud/maintenance-window', 8, 18, 8, 22]]);
    expect(d[0]?.message).toBe(
      'status.cloud.maintenanceWindow.dayOfWeek is "Tues", not a full day name: the maintenance window would never match a day.',
    );
    expect(d[0]?.suggestions?.[0]?.edits).toEqual([{ start: expect.any(Number), end: expect.any(Number), text: 'Tuesday' }]);
  });

  it('warns on another case and errs on a non-day', () => {
    expect(window('friday', '"02:00-04:00"').map((x) => [x.severity, x.message])).toEqual([
      ['warning', 'status.cloud.maintenanceWindow.dayOfWeek is "friday", not "Friday".'],
    ]);
    expect(window('"T"', '"02:00-04:00"').map((x) => x.message)).toEqual([
      'status.cloud.maintenanceWindow.dayOfWeek is "T", not a day name: the maintenance window would never match a day.',
    ]);
  });

  it('reports the form and the times of the window', () => {
    expect(window('Sunday', '"2:00-04:00"').map((x) => x.message)).toEqual([
      'status.cloud.maintenanceWindow.timeWindow is "2:00-04:00", not a time range of the form HH:MM-HH:MM (two-digit 24-hour times in UTC, no spaces).',
    ]);
    const d = window('Sunday', '"23:00-24:00"');
    expect(spans(d)).toEqual([['cloud/maintenance-window', 9, 19, 9, 32]]);
    expect(d[0]?.message).toContain('"24:00" is not a valid 24-hour time');
  });
});

describe('storage/storage-class', () => {
  it('flags "-" and "" as info in every storage class, not null', () => {
    const d = of(
      'storage/storage-class',
      lintStatus('  platformDB:\n    storageClass: "-"\n  costControl:\n    global:\n      metrics:\n        storage:\n          storageClass: ""\n    cluster:\n      metrics:\n        storage:\n          storageClass: null\n'),
    );
    expect(spans(d)).toEqual([
      ['storage/storage-class', 7, 19, 7, 22],
      ['storage/storage-class', 12, 25, 12, 27],
    ]);
    expect(d.map((x) => x.severity)).toEqual(['info', 'info']);
    expect(d[0]?.message).toBe(
      'status.platformDB.storageClass is "-", which disables dynamic provisioning.',
    );
    expect(d[1]?.message).toContain('storage.storageClass is the empty string "", which disables');
  });

  it('does not report a key without a value (the cluster default)', () => {
    expect(of('storage/storage-class', lintStatus('  platformDB:\n    storageClass:\n'))).toEqual([]);
  });
});

describe('ui/urls', () => {
  it('reports relative URLs and other schemes with the field, at the value', () => {
    const d = of('ui/urls', lintStatus('  uiSettings:\n    logoURL: logo.svg\n    customJavaScript:\n      - ftp://example.com/a.js\n'));
    expect(spans(d)).toEqual([
      ['ui/urls', 7, 14, 7, 22],
      ['ui/urls', 9, 9, 9, 31],
    ]);
    expect(d[0]?.message).toBe(
      'status.uiSettings.logoURL is "logo.svg", not an absolute URL (missing scheme (e.g. https://)).',
    );
    expect(d[1]?.message).toBe(
      'status.uiSettings.customJavaScript[0] is "ftp://example.com/a.js": the UI can only load http:// or https:// URLs here, not "ftp:".',
    );
  });

  it('checks nav bar button icons and links, and never prints a URL password', () => {
    const d = of('ui/urls', lintStatus('  uiSettings:\n    navBarButtons:\n      - icon: ftp://user:s3cret@example.com/i.svg\n        link: wiki\n'));
    expect(d.map((x) => x.message.split(':')[0])).toEqual([
      'status.uiSettings.navBarButtons[0].icon is "ftp',
      'status.uiSettings.navBarButtons[0].link is "wiki", not an absolute URL (missing scheme (e.g. https',
    ]);
    expect(d[0]?.message).toContain('"ftp://user:****@example.com/i.svg"');
    expect(d.some((x) => x.message.includes('s3cret'))).toBe(false);
  });
});

describe('ui/colors', () => {
  it('reports invalid colors and offers the near color name', () => {
    const d = of('ui/colors', lintStatus('  uiSettings:\n    primaryColor: "#12345"\n    accentColor: Light Gray\n    sidebarColor: "0b1f3a"\n'));
    expect(spans(d)).toEqual([
      ['ui/colors', 7, 19, 7, 27],
      ['ui/colors', 8, 18, 8, 28],
      ['ui/colors', 9, 19, 9, 27],
    ]);
    expect(d.map((x) => x.message)).toEqual([
      'status.uiSettings.primaryColor is "#12345", not a CSS color: the browser ignores it and the UI keeps its default color.',
      'status.uiSettings.accentColor is "Light Gray", not a CSS color: the browser ignores it and the UI keeps its default color.',
      'status.uiSettings.sidebarColor is "0b1f3a", not a CSS color: a hex color starts with "#".',
    ]);
  });
});

describe('ui/external-urls', () => {
  it('warns at the allow key when block is not true', () => {
    const d = of('ui/external-urls', lintStatus('  uiSettings:\n    externalURLs:\n      allow: [https://status.example.com]\n'));
    expect(spans(d)).toEqual([['ui/external-urls', 8, 7, 8, 12]]);
    expect(d[0]?.severity).toBe('warning');
    expect(d[0]?.message).toBe(
      'status.uiSettings.externalURLs.allow lists URLs but status.uiSettings.externalURLs.block is not set.',
    );
  });
});

describe('container-resources/quantities', () => {
  const resources = (limits: string, requests: string): ReturnType<typeof lint> =>
    of('container-resources/quantities', lintStatus(`  imageBuilder:\n    resources:\n      limits:\n${limits}      requests:\n${requests}`));

  it('accepts every quantity form Kubernetes accepts', () => {
    for (const q of ['500m', '"1.5Gi"', '1e3', '"+1"', '"1."', '.5', '0', '2', '"1E3"', '"100Ki"', '"5e-3"']) {
      expect(resources(`        cpu: ${q}\n`, '')).toEqual([]);
    }
  });

  it('reports a request above its limit across units, at the request', () => {
    const d = resources('        memory: 1500Mi\n', '        memory: 2Gi\n');
    expect(spans(d)).toEqual([['container-resources/quantities', 11, 17, 11, 20]]);
    expect(d[0]?.message).toBe(
      'status.imageBuilder.resources.requests.memory is "2Gi", more than its limit "1500Mi".',
    );
    expect(resources('        cpu: 1\n', '        cpu: 1000m\n')).toEqual([]);
    expect(resources('        cpu: 1\n', '        cpu: 1001m\n').map((x) => x.message.split(',')[0])).toEqual([
      'status.imageBuilder.resources.requests.cpu is "1001m"',
    ]);
  });

  it('reports byte units with both spellings, and invalid and negative quantities', () => {
    const d = resources('        memory: 6GB\n        cpu: 2 cores\n', '        cpu: "-1"\n');
    expect(d.map((x) => x.message)).toEqual([
      'status.imageBuilder.resources.limits.memory is "6GB", not a Kubernetes quantity.',
      'status.imageBuilder.resources.limits.cpu is "2 cores", not a Kubernetes quantity.',
      'status.imageBuilder.resources.requests.cpu is "-1", a negative quantity.',
    ]);
  });

  it('warns on a digitless quantity once, without comparing it', () => {
    const d = resources('        memory: Gi\n', '        memory: 1Gi\n');
    expect(d.map((x) => [x.severity, x.line])).toEqual([['warning', 9]]);
  });

  it('covers every resources object and the metrics volume size', () => {
    const d = of(
      'container-resources/quantities',
      lintStatus(
        '  costControl:\n    global:\n      metrics:\n        resources:\n          limits: {cpu: 1x}\n        storage:\n          size: "0"\n' +
          '    cluster:\n      metrics:\n        resources:\n          requests: {cpu: 1x}\n      opencost:\n        resources:\n          limits: {memory: 1x}\n',
      ),
    );
    expect(d.map((x) => x.path)).toEqual([
      '/status/costControl/global/metrics/resources/limits/cpu',
      '/status/costControl/global/metrics/storage/size',
      '/status/costControl/cluster/metrics/resources/requests/cpu',
      '/status/costControl/cluster/opencost/resources/limits/memory',
    ]);
  });

  it('leaves a missing claim name to schema/required', () => {
    const d = lintStatus('  imageBuilder:\n    resources:\n      claims:\n        - request: fast\n');
    expect(ids(d)).toEqual(['schema/required']);
  });
});

describe('cost/prices-currency-retention-replicas', () => {
  it('reports negative prices and replicas at the value', () => {
    const d = of(
      'cost/prices-currency-retention-replicas',
      lintStatus('  costControl:\n    cluster:\n      opencost:\n        replicas: -1\n    settings:\n      averageCPUPricePerNode:\n        price: -0.5\n'),
    );
    expect(spans(d)).toEqual([
      ['cost/prices-currency-retention-replicas', 9, 19, 9, 21],
      ['cost/prices-currency-retention-replicas', 12, 16, 12, 20],
    ]);
    expect(d.map((x) => x.message)).toEqual([
      'status.costControl.cluster.opencost.replicas is -1, a negative replica count: Kubernetes rejects the deployment of this component.',
      'status.costControl.settings.averageCPUPricePerNode.price is -0.5, a negative price: the ROI dashboard would compute negative costs and savings.',
    ]);
  });

  it('checks the currency code', () => {
    const currency = (code: string): string[] =>
      of('cost/prices-currency-retention-replicas', lintStatus(`  costControl:\n    settings:\n      priceCurrency: ${code}\n`)).map((x) => `${x.severity}: ${x.message}`);
    expect(currency('USD')).toEqual([]);
    expect(currency('usd')).toEqual([
      'warning: status.costControl.settings.priceCurrency is "usd", not in upper case.',
    ]);
    expect(currency('VEF')).toEqual([
      'error: status.costControl.settings.priceCurrency is "VEF", an ISO 4217 code that has been withdrawn: current software may not know it.',
    ]);
    expect(currency('€')).toEqual([
      'error: status.costControl.settings.priceCurrency is "€", not an ISO 4217 currency code: the ROI dashboard cannot format prices in it.',
    ]);
  });

  it('checks retentions with Prometheus\' duration parser', () => {
    const retention = (value: string): string[] =>
      of('cost/prices-currency-retention-replicas', lintStatus(`  costControl:\n    global:\n      metrics:\n        retention: ${value}\n`)).map((x) => `${x.message} ${x.note ?? ''}`);
    for (const ok of ['1y', '30d', '1w3d12h', '2160h', '0']) expect(retention(ok)).toEqual([]);
    expect(retention('1.5d')).toEqual([expect.stringMatching(/^status\.costControl\.global\.metrics\.retention is "1\.5d", not a retention duration: .* The parser says: unknown unit "\." in duration "1\.5d"\.$/)]);
    expect(retention('12h1d')).toEqual([expect.stringMatching(/^status\.costControl\.global\.metrics\.retention is "12h1d", not a retention duration: .* The parser says: not a valid duration string/)]);
  });
});

describe('database/data-source', () => {
  const source = (value: string): ReturnType<typeof lint> =>
    of('database/data-source', lintStatus(`  database:\n    enabled: true\n    dataSource: ${value}\n`));

  it('accepts both documented forms', () => {
    expect(source('mysql://user:pass@tcp(host:3306)/db')).toEqual([]);
    expect(source('postgres://user:pass@host:5432/db')).toEqual([]);
    expect(source('postgresql://user:pass@host:5432/db?sslmode=require')).toEqual([]);
    expect(source('mysql://user:pass@/db')).toEqual([]);
  });

  it('reports a MySQL host without tcp(), at the value, without printing the password', () => {
    const d = source('mysql://user:hunter2@db.example.com:3306/db');
    expect(spans(d)).toEqual([['database/data-source', 8, 17, 8, 60]]);
    expect(d[0]?.message).toBe(
      'status.database.dataSource names the MySQL server without its protocol.',
    );
  });

  it('never prints any part of the value but its scheme', () => {
    const secret = 'Xq/7%zzK:9Jw';
    const values = [
      `postgres://user:${secret}@host/db`,
      `user:${secret}@tcp(host)/db`,
      `mysql://user:${secret}@udp(host)/db`,
      `Mysql://user:${secret}@tcp(host)/db`,
      `redis://user:${secret}@host/0`,
      `user:${secret}@host://x`,
    ];
    for (const value of values) {
      const d = source(JSON.stringify(value));
      expect(d, value).toHaveLength(1);
      for (const piece of ['Xq', '7%', '%zz', 'zzK', ':9Jw', '9Jw']) expect(d[0]?.message, value).not.toContain(piece);
    }
  });

  it('reports the scheme case and unsupported schemes', () => {
    expect(source('MySQL://u@tcp(h:3306)/db').map((x) => x.message)).toEqual([
      'status.database.dataSource starts with "MySQL://", but schemes are matched exactly.',
    ]);
    expect(source('https://etcd.example.com:2379').map((x) => x.message.split(',')[0])).toEqual([
      'status.database.dataSource starts with "https://"',
    ]);
  });

  it('skips whole-value environment references and empty values', () => {
    expect(source('$DATA_SOURCE')).toEqual([]);
    expect(source('"${DATA_SOURCE}"')).toEqual([]);
    expect(source('""')).toEqual([]);
  });
});

describe('the example manifests', () => {
  it('get nothing from these rules', async () => {
    const { readFileSync } = await import('node:fs');
    const mine = /^(ui|vault|cloud|resources|cost|storage|database)\//;
    for (const file of ['maximal-config.yaml', 'maximal-user.yaml', 'exported-user.yaml']) {
      const text = readFileSync(new URL(`../../fixtures/examples/${file}`, import.meta.url), 'utf8');
      expect(lint(text, { preset: 'strict' }).filter((d) => mine.test(d.ruleId)), file).toEqual([]);
    }
  });
});
