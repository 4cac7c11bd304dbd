import { describe, expect, it } from 'vitest';
import { lintStatus, of } from '../helpers/config.js';
import { spans } from '../helpers/lint.js';

describe('cost/prices and cost/replicas', () => {
  it('report negative prices and replicas at the value, each under its own id', () => {
    const d = lintStatus('  costControl:\n    cluster:\n      opencost:\n        replicas: -1\n    settings:\n      averageCPUPricePerNode:\n        price: -0.5\n');
    expect(spans(d)).toEqual([
      ['cost/replicas', 9, 19, 9, 21],
      ['cost/prices', 12, 16, 12, 20],
    ]);
    expect(d.map((x) => x.message)).toEqual([
      'status.costControl.cluster.opencost.replicas is -1, a negative replica count: Kubernetes rejects the deployment of this component.',
      'status.costControl.settings.averageCPUPricePerNode.price is -0.5, a negative price: the ROI dashboard would compute negative costs and savings.',
    ]);
  });

  it('report the image builder\'s replicas too, as written', () => {
    const d = lintStatus('  imageBuilder:\n    enabled: true\n    replicas: -0x2\n');
    expect(spans(d)).toEqual([['cost/replicas', 8, 15, 8, 19]]);
    expect(d[0]?.message).toBe('status.imageBuilder.replicas is -0x2, a negative replica count: Kubernetes rejects the deployment of this component.');
  });
});

describe('cost/price-currency', () => {
  it('checks the currency code', () => {
    const currency = (code: string): string[] =>
      of('cost/price-currency', lintStatus(`  costControl:\n    settings:\n      priceCurrency: ${code}\n`)).map((x) => `${x.severity}: ${x.message}`);
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
});

describe('cost/retention', () => {
  it('checks retentions with Prometheus\' duration parser', () => {
    const retention = (value: string): string[] =>
      of('cost/retention', lintStatus(`  costControl:\n    global:\n      metrics:\n        retention: ${value}\n`)).map((x) => `${x.message} ${x.note ?? ''}`);
    for (const ok of ['1y', '30d', '1w3d12h', '2160h', '0']) expect(retention(ok)).toEqual([]);
    expect(retention('1.5d')).toEqual([expect.stringMatching(/^status\.costControl\.global\.metrics\.retention is "1\.5d", not a retention duration: .* The parser says: unknown unit "\." in duration "1\.5d"\.$/)]);
    expect(retention('12h1d')).toEqual([expect.stringMatching(/^status\.costControl\.global\.metrics\.retention is "12h1d", not a retention duration: .* The parser says: not a valid duration string/)]);
  });
});
