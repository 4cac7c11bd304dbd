import { describe, expect, it } from 'vitest';
import { builtinRules } from '../../rules/index.js';
import { only } from '../helpers/config.js';
import { config } from '../helpers/manifests.js';
import { lint, spans } from '../helpers/lint.js';

const configOnly = new Set(builtinRules.filter((r) => r.meta.kinds?.length === 1 && r.meta.kinds[0] === 'Config').map((r) => r.meta.id));

describe('Config rules', () => {
  it('do not check a User, even one with a status', () => {
    const text = 'apiVersion: management.platform/v1\nkind: User\nmetadata:\n  name: jane\nstatus:\n  platformHost: https://x\n';
    expect(configOnly.size).toBe(55);
    expect(lint(text, { preset: 'strict' }).filter((d) => configOnly.has(d.ruleId))).toEqual([]);
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
