import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/engine/types.js';
import { lintStatus, of } from '../helpers/config.js';
import { ids, spans } from '../helpers/lint.js';

describe('container-resources/quantities', () => {
  const resources = (limits: string, requests: string): Diagnostic[] =>
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
