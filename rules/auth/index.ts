import type { Rule } from '../api.js';
import loginPossible from './login-possible/index.js';
import redirectUri from './redirect-uri/index.js';
import oidcIssuer from './oidc-issuer/index.js';
import oidcGroups from './oidc-groups/index.js';
import forgeA from './forge-a/index.js';
import forgeB from './forge-b/index.js';
import webIdentityA from './web-identity-a/index.js';
import webIdentityB from './web-identity-b/index.js';
import samlCa from './saml-ca/index.js';
import samlRequired from './saml-required/index.js';
import samlNameIdFormat from './saml-name-id-format/index.js';
import samlGroups from './saml-groups/index.js';
import connectors from './connectors/index.js';
import accessKeyTtl from './access-key-ttl/index.js';
import groupsFilters from './groups-filters/index.js';
import customHttpHeaders from './custom-http-headers/index.js';

export const rules: readonly Rule[] = [
  loginPossible,
  redirectUri,
  oidcIssuer,
  oidcGroups,
  forgeA,
  forgeB,
  webIdentityA,
  webIdentityB,
  samlCa,
  samlRequired,
  samlNameIdFormat,
  samlGroups,
  connectors,
  accessKeyTtl,
  groupsFilters,
  customHttpHeaders,
];
