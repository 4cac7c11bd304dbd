import { byteLength, DNS1123_SUBDOMAIN_MAX_LENGTH, maxLenError, regexError } from '../../api.js';

const CONFIG_MAP_KEY_FMT = '[-._a-zA-Z0-9]+';
const CONFIG_MAP_KEY_RE = new RegExp(`^${CONFIG_MAP_KEY_FMT}$`);
const CONFIG_MAP_KEY_ERR_MSG = "a valid config key must consist of alphanumeric characters, '-', '_' or '.'";

/**
 * apimachinery `IsConfigMapKey`: the keys a Secret's (and ConfigMap's) data may have. Local to this rule because
 * `src/formats` has no such checker; it belongs there if another rule needs it.
 */
export function isConfigMapKey(value: string): string[] {
  const errs: string[] = [];
  if (byteLength(value) > DNS1123_SUBDOMAIN_MAX_LENGTH) errs.push(maxLenError(DNS1123_SUBDOMAIN_MAX_LENGTH));
  if (!CONFIG_MAP_KEY_RE.test(value)) errs.push(regexError(CONFIG_MAP_KEY_ERR_MSG, CONFIG_MAP_KEY_FMT, 'key.name', 'KEY_NAME', 'key-name'));
  if (value === '.') errs.push("must not be '.'");
  else if (value === '..') errs.push("must not be '..'");
  else if (value.startsWith('..')) errs.push("must not start with '..'");
  return errs;
}
