import { defineRule, writtenScalar } from '../../api.js';

/** A number of seconds as written (`0x100`, `1e6` stay so), with the days or hours it comes to. */
function seconds(n: number, written: string): string {
  const days = n / 86400;
  if (Number.isInteger(days) && days > 0) return `${written} seconds (${days} day${days === 1 ? '' : 's'})`;
  const hours = n / 3600;
  if (Number.isInteger(hours) && hours > 0) return `${written} seconds (${hours} hour${hours === 1 ? '' : 's'})`;
  return `${written} seconds`;
}

const rule = defineRule({
  meta: {
    id: 'auth/access-key-ttl',
    description: 'Require access-key lifetimes to be non-negative and the login key lifetime within the global maximum',
    severity: 'error',
    sources: ['spec'],
    kinds: ['Config'],
  },
  messages: {
    negative: {
      text: '{{field}} is {{value}}: a lifetime in seconds cannot be negative.',
      note: 'Write a number of seconds (e.g. 2592000 for 30 days), or {{zero}}.',
    },
    loginAboveMax: {
      text: 'status.auth.loginAccessKeyTTLSeconds is {{login}}, longer than status.auth.accessKeyMaxTTLSeconds, {{max}}.',
      note: 'accessKeyMaxTTLSeconds is the global maximum lifespan of every access key, and login keys cannot live longer. Lower loginAccessKeyTTLSeconds to at most {{maxValue}}, or raise the maximum.',
      severity: 'warning',
    },
  },
  given: { path: ['status', 'auth'], type: 'mapping' },
  check(auth, ctx, { path: authPath }) {
    const max = auth['accessKeyMaxTTLSeconds'];
    const login = auth['loginAccessKeyTTLSeconds'];
    const zero = {
      accessKeyMaxTTLSeconds: '0 to have no global maximum',
      loginAccessKeyTTLSeconds: '0 to keep login keys without a time limit (leave it out for the default of 20 days)',
    };
    for (const key of ['accessKeyMaxTTLSeconds', 'loginAccessKeyTTLSeconds'] as const) {
      const value = auth[key];
      if (typeof value === 'number' && Number.isInteger(value) && value < 0) {
        ctx.report({ messageId: 'negative', path: [...authPath, key], data: { field: `status.auth.${key}`, value: writtenScalar(ctx.facts, [...authPath, key], value), zero: zero[key] } });
      }
    }
    if (typeof max === 'number' && typeof login === 'number' && Number.isInteger(max) && Number.isInteger(login) && max > 0 && login > max) {
      ctx.report({
        messageId: 'loginAboveMax',
        path: [...authPath, 'loginAccessKeyTTLSeconds'],
        data: { login: seconds(login, writtenScalar(ctx.facts, [...authPath, 'loginAccessKeyTTLSeconds'], login)), max: seconds(max, writtenScalar(ctx.facts, [...authPath, 'accessKeyMaxTTLSeconds'], max)), maxValue: max },
      });
    }
  },
});

export default rule;
