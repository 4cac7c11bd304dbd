import { describe, expect, it } from 'vitest';
import { lint, spans } from '../helpers/lint.js';

const MINE = /^(config|oidc-provider|apps|audit)\//;

/** A Config document with the given `status` body (indented by the caller by two spaces). */
function config(status: string, name = 'platform-config'): string {
  return `apiVersion: management.platform/v1\nkind: Config\nmetadata:\n  name: ${name}\nstatus:\n${status}`;
}

function only(id: string, text: string) {
  return lint(text, { preset: 'strict' }).filter((d) => d.ruleId === id);
}

describe('kinds', () => {
  it('User documents are not checked by Config rules', () => {
    const text = 'apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: jane\nstatus:\n  platformHost: https://x\n';
    expect(lint(text, { preset: 'strict' }).filter((d) => MINE.test(d.ruleId))).toEqual([]);
  });
});

describe('config/platform-host', () => {
  it('proposes the host of a URL, at the value', () => {
    const diags = only('config/platform-host', config('  platformHost: https://platform.example.com:8443/login\n'));
    expect(spans(diags)).toEqual([['config/platform-host', 6, 17, 6, 56]]);
    expect(diags[0]?.message).toBe(
      'status.platformHost is "https://platform.example.com:8443/login", a URL with a scheme.',
    );
    expect(diags[0]?.suggestions?.[0]?.edits[0]?.text).toContain('platform.example.com:8443');
  });

  it('explains bad ports and host names', () => {
    expect(only('config/platform-host', config('  platformHost: platform.example.com:0\n'))[0]?.note).toContain('invalid port 0: must be between 1 and 65535');
    expect(only('config/platform-host', config('  platformHost: platform.example.com/ui\n'))[0]?.message).toContain('with a path, query or fragment');
  });

  it('never shows a password of user info', () => {
    for (const value of ['https://admin:hunter2@platform.example.com', 'admin:hunter2@platform.example.com']) {
      const diags = only('config/platform-host', config(`  platformHost: ${value}\n`));
      expect(diags).toHaveLength(1);
      expect(diags[0]?.message).not.toContain('hunter2');
      expect(diags[0]?.message).toContain('****');
    }
  });

  it('checks the host inside spec.raw at its own line', () => {
    const text = 'apiVersion: management.platform/v1\nkind: Config\nmetadata:\n  name: c\nspec:\n  raw: |\n    platformHost: platform.example.com/\n';
    expect(spans(only('config/platform-host', text))).toEqual([['config/platform-host', 7, 19, 7, 40]]);
  });
});

describe('config/project-namespace-prefix', () => {
  it('reports characters, a leading dash and length at the value', () => {
    const diags = only('config/project-namespace-prefix', config('  projectNamespacePrefix: Team_\n'));
    expect(spans(diags)).toEqual([['config/project-namespace-prefix', 6, 27, 6, 32]]);
    expect(diags[0]?.message).toBe(
      'status.projectNamespacePrefix is "Team_", with characters a namespace name cannot contain.',
    );
    expect(only('config/project-namespace-prefix', config('  projectNamespacePrefix: "-x"\n'))[0]?.note).toContain('must start with a lowercase letter or a digit');
    expect(only('config/project-namespace-prefix', config(`  projectNamespacePrefix: ${'a'.repeat(63)}\n`))[0]?.message).toContain('is 63 characters long');
    expect(only('config/project-namespace-prefix', config(`  projectNamespacePrefix: ${'a'.repeat(62)}\n`))).toEqual([]);
  });

  it('accepts the empty prefix and a prefix without a trailing dash', () => {
    expect(only('config/project-namespace-prefix', config('  projectNamespacePrefix: ""\n'))).toEqual([]);
    expect(only('config/project-namespace-prefix', config('  projectNamespacePrefix: proj\n'))).toEqual([]);
  });
});

describe('config/deprecated', () => {
  it('warns at the keys and errs on a devPodSubDomain of the wrong form', () => {
    const diags = only('config/deprecated', config('  oidc:\n    enabled: false\n  devPodSubDomain: workspace.example.com\n'));
    expect(spans(diags)).toEqual([
      ['config/deprecated', 6, 3, 6, 7],
      ['config/deprecated', 8, 3, 8, 18],
      ['config/deprecated', 8, 20, 8, 41],
    ]);
    expect(diags.map((d) => d.severity)).toEqual(['warning', 'warning', 'error']);
    expect(diags[2]?.message).toBe(
      'status.devPodSubDomain is "workspace.example.com", not of the form *.workspace.<domain>.',
    );
  });

  it('ignores explicit nulls', () => {
    expect(only('config/deprecated', config('  oidc: null\n  devPodSubDomain: null\n'))).toEqual([]);
  });
});

describe('config/authenticate-version-endpoint', () => {
  it('is an info at the value', () => {
    const diags = only('config/authenticate-version-endpoint', config('  authenticateVersionEndpoint: true\n'));
    expect(spans(diags)).toEqual([['config/authenticate-version-endpoint', 6, 32, 6, 36]]);
    expect(diags[0]?.severity).toBe('info');
  });
});

describe('oidc-provider/clients', () => {
  const clients = (uris: string, extra = '') =>
    config(`  oidc:\n    enabled: true\n${extra}    clients:\n      - name: a\n        clientId: grafana\n        clientSecret: s3cr3t-value\n        redirectURIs:\n${uris}`);

  it('reports a relative URI at the value, without the client secret', () => {
    const diags = only('oidc-provider/clients', clients('          - /callback\n'));
    expect(spans(diags)).toEqual([['oidc-provider/clients', 13, 13, 13, 22]]);
    expect(diags[0]?.message).toBe(
      'status.oidc.clients[0].redirectURIs[0] is "/callback", not an absolute URL (missing scheme (e.g. https://)).',
    );
  });

  it('allows a wildcard only with wildcardRedirect: true', () => {
    const uri = '          - https://*.example.com/callback\n';
    expect(only('oidc-provider/clients', clients(uri)).map((d) => d.message)).toEqual([
      expect.stringContaining('which contains "*", but status.oidc.wildcardRedirect is not true'),
    ]);
    expect(only('oidc-provider/clients', clients(uri, '    wildcardRedirect: true\n'))).toEqual([]);
  });

  it('redacts URL passwords', () => {
    const diags = only('oidc-provider/clients', clients('          - https://user:topsecret@app.example.com:x/cb\n'));
    expect(diags).toHaveLength(1);
    expect(diags[0]?.message).not.toContain('topsecret');
    expect(diags.map((d) => d.message).join('\n')).not.toContain('s3cr3t-value');
  });

  it('reports duplicate client ids at the later one and an enabled provider without clients', () => {
    const dup = config(
      '  oidc:\n    clients:\n      - clientId: a\n        redirectURIs: [https://a.example.com/cb]\n      - clientId: a\n        redirectURIs: [https://b.example.com/cb]\n',
    );
    const diags = only('oidc-provider/clients', dup);
    expect(spans(diags)).toEqual([['oidc-provider/clients', 10, 19, 10, 20]]);
    expect(diags[0]?.message).toContain('the same client id as status.oidc.clients[0].clientId');
    const empty = only('oidc-provider/clients', config('  oidc:\n    enabled: true\n'));
    expect(spans(empty)).toEqual([['oidc-provider/clients', 7, 14, 7, 18]]);
    expect(empty[0]?.severity).toBe('warning');
  });
});

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

describe('audit/path', () => {
  it('reports a missing path at the audit key', () => {
    const diags = only('audit/path', config('  audit:\n    enabled: true\n    level: 1\n'));
    expect(spans(diags)).toEqual([['audit/path', 6, 3, 6, 8]]);
    expect(diags[0]?.message).toBe(
      'status.audit.enabled is true but status.audit.path is not set.',
    );
  });
});

describe('audit/level-or-policy', () => {
  it('reports a level beside a policy at the level key', () => {
    const diags = only('audit/level-or-policy', config('  audit:\n    level: 3\n    policy:\n      rules:\n        - level: Metadata\n'));
    expect(spans(diags)).toEqual([['audit/level-or-policy', 7, 5, 7, 10]]);
    expect(diags[0]?.severity).toBe('error');
  });

  it('warns on levels outside 1..4', () => {
    const diags = only('audit/level-or-policy', config('  audit:\n    level: 9\n'));
    expect(spans(diags)).toEqual([['audit/level-or-policy', 7, 12, 7, 13]]);
    expect(diags[0]?.severity).toBe('warning');
    expect(diags[0]?.message).toBe(
      'status.audit.level is 9, not an audit level from 1 to 4.',
    );
  });
});

describe('audit/policy-rules', () => {
  const rules = (body: string) => config(`  audit:\n    policy:\n      rules:\n${body}`);

  it('follows Kubernetes validateNonResourceURLs', () => {
    const diags = only('audit/policy-rules', rules('        - level: None\n          nonResourceURLs: ["*", /a/*, /a, a, /a/*/b, /a*]\n'));
    expect(diags.map((d) => [d.severity, d.message])).toEqual([
      ['error', 'status.audit.policy.rules[0].nonResourceURLs[3] is "a", which does not start with "/".'],
      ['error', 'status.audit.policy.rules[0].nonResourceURLs[4] is "/a/*/b", with a "*" before the end.'],
      ['warning', 'status.audit.policy.rules[0].nonResourceURLs[5] "/a*" is a prefix match: it matches every path that starts with "/a".'],
    ]);
    expect(spans(diags)[0]).toEqual(['audit/policy-rules', 10, 44, 10, 45]);
  });

  it('follows Kubernetes validateResources and validatePolicyRule', () => {
    const diags = only(
      'audit/policy-rules',
      rules(
        '        - level: None\n          resources:\n            - group: "*"\n            - group: apps/v1\n            - resourceNames: [x]\n        - level: None\n          namespaces: [a]\n          nonResourceURLs: [/healthz]\n',
      ),
    );
    expect(spans(diags)).toEqual([
      ['audit/policy-rules', 12, 22, 12, 29],
      ['audit/policy-rules', 13, 15, 13, 28],
      ['audit/policy-rules', 16, 11, 16, 26],
    ]);
    expect(diags[1]?.note).toContain('using resourceNames requires at least one resource');
    expect(diags[2]?.message).toContain('is set together with status.audit.policy.rules[1].namespaces');
  });
});

describe('audit/request-targets', () => {
  it('suggests the right case', () => {
    const diags = only('audit/request-targets', config('  audit:\n    policy:\n      rules:\n        - level: None\n          requestTargets: [vcluster, Nope]\n'));
    expect(spans(diags)).toEqual([
      ['audit/request-targets', 10, 28, 10, 36],
      ['audit/request-targets', 10, 38, 10, 42],
    ]);
    expect(diags[0]?.note).toContain('Write "VCluster"');
    expect(diags[0]?.suggestions?.[0]?.edits[0]?.text).toBe('VCluster');
    expect(diags[1]?.message).toContain('(Management, Cluster, VCluster, ProjectSpace, ProjectVCluster)');
  });
});

describe('audit/unreachable-rule', () => {
  it('reports each rule after the first catch-all at the rule item', () => {
    const diags = only(
      'audit/unreachable-rule',
      config('  audit:\n    policy:\n      rules:\n        - level: Metadata\n          users: []\n        - level: None\n          verbs: [get]\n        - level: Request\n'),
    );
    expect(spans(diags).map(([id, line, col]) => [id, line, col])).toEqual([
      ['audit/unreachable-rule', 11, 11],
      ['audit/unreachable-rule', 13, 11],
    ]);
    expect(diags[0]?.message).toBe(
      'status.audit.policy.rules[1] never applies.',
    );
  });
});

describe('audit/nothing-logged', () => {
  it('warns at enabled', () => {
    const diags = only('audit/nothing-logged', config('  audit:\n    enabled: true\n    path: /var/log/a\n'));
    expect(spans(diags)).toEqual([['audit/nothing-logged', 7, 14, 7, 18]]);
  });

  it('does not pile on a level of the wrong type', () => {
    expect(only('audit/nothing-logged', config('  audit:\n    enabled: true\n    path: /var/log/a\n    level: "2"\n'))).toEqual([]);
  });
});

describe('audit/retention', () => {
  it('reports negatives at the value', () => {
    const diags = only('audit/retention', config('  audit:\n    maxBackups: -3\n    maxSize: 1.5\n'));
    expect(spans(diags)).toEqual([['audit/retention', 7, 17, 7, 19]]);
    expect(diags[0]?.message).toBe(
      'status.audit.maxBackups is -3, but it is a number of rotated log files to keep and cannot be negative.',
    );
  });
});
