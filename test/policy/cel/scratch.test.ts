import { it } from 'vitest';
import { CelEnvironment, DYN } from '../../../src/policy/cel/index.js';

it('scratch', () => {
  const env = new CelEnvironment('1.37');
  for (const text of [
    '1 + 2 * 3',
    "'abc'.contains('b')",
    '[1, 2, 3].map(x, x * 2)',
    '[1, 2, 3].filter(x, x > 1).size()',
    "ip('192.168.0.1').family()",
    "isIP(cidr('192.168.0.0/24'))",
    "quantity('50k').add(20).sub(quantity('100k')).asInteger()",
    "type(ip('192.168.0.1')) == net.IP",
    "object.spec.x",
    "has(object.spec)",
    "{'a': 1}.?a.orValue(2)",
    "[1,2].all(i, v, v > i)",
    "semver('1.2.3').isGreaterThan(semver('1.2.0'))",
    "format.dns1123Label().validate('contains a space')",
    "'%s and %d'.format(['a', 1])",
    "1 == 'a'",
    "[1, 'a']",
    "sets.contains([1, 2], [2])",
    "[3,1,2].sort()",
    "[3,1,2].sortBy(x, -x)",
    "{'a': 1}.transformMap(k, v, v + 1)",
  ]) {
    const r = env.compile(text, { object: DYN });
    if (!r.ok) {
      console.log(text, '=> COMPILE', r.error.kind, r.error.message);
      continue;
    }
    const out = r.program.evaluate({ object: new Map([['spec', new Map([['y', 1n]])]]) }, {});
    console.log(text, '=>', out.kind, out.kind === 'value' ? out.value : out.message, 'cost', out.cost, 'est', r.program.estimateCost());
  }
});
