import { defineRule, displayPath, isBlank, isEnvReference, parseAbsoluteUrl, absoluteUrlProblem, redactUrlPassword, shown } from '../../api.js';
import { VAULT } from '../shared.js';

const ADDRESS = [...VAULT, 'address'];

/**
 * Why the vault client cannot send a request to `address`, or undefined when it can. It parses the address with Go's
 * `url.Parse` and sends each request to that URL's scheme and host; only an address starting `unix://` (exactly so)
 * is a socket instead.
 */
function addressProblem(address: string): string | undefined {
  if (address.startsWith('unix://')) return undefined;
  // Go reads "vault.example.com:8200" as the scheme "vault.example.com": say what is missing, not what Go made of it.
  if (!address.includes('://')) return 'it has no scheme: write https:// before the host';
  const parsed = parseAbsoluteUrl(address);
  if (!parsed.ok) return absoluteUrlProblem(parsed.reason);
  if (parsed.scheme !== 'http' && parsed.scheme !== 'https') return `the scheme is "${parsed.scheme}": the client speaks http, https or unix`;
  return undefined;
}

const rule = defineRule({
  meta: {
    id: 'vault/address-url',
    description: 'Require the vault address to be an http(s) URL with a host, or a unix:// socket',
    severity: 'error',
    sources: ['spec', 'upstream'],
    kinds: ['Config'],
  },
  messages: {
    unusable: {
      text: '{{field}} is "{{value}}", which the vault client cannot send requests to ({{reason}}).',
      note: 'The client sends every request to the scheme and host of the address (or over the socket of a unix:// address), so no request would reach the vault and no secret would sync. Write the full URL, e.g. https://vault.example.com:8200.',
    },
  },
  given: { path: VAULT, type: 'mapping' },
  check(vault, ctx) {
    const address = vault['address'];
    // Not a string is the schema's to report, a missing one vault/address's; an environment reference is not ours to judge.
    if (typeof address !== 'string' || isBlank(address) || isEnvReference(address)) return;
    const reason = addressProblem(address);
    if (reason !== undefined) ctx.report({ messageId: 'unusable', path: ADDRESS, data: { field: displayPath(ADDRESS), value: shown(redactUrlPassword(address)), reason } });
  },
});

export default rule;
