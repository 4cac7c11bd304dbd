import type { Rule } from '../api.js';
import loginPossible from './login-possible/index.js';
import redirectUri from './redirect-uri/index.js';
import oidcIssuer from './oidc-issuer/index.js';
import oidcGroups from './oidc-groups/index.js';
import forgeAOrgs from './forge-a-orgs/index.js';
import forgeARootCa from './forge-a-root-ca/index.js';
import forgeAHostName from './forge-a-host-name/index.js';
import forgeBBaseUrl from './forge-b-base-url/index.js';
import webIdentityAGroups from './web-identity-a-groups/index.js';
import webIdentityAHostedDomains from './web-identity-a-hosted-domains/index.js';
import webIdentityBTenant from './web-identity-b-tenant/index.js';
import webIdentityBGroups from './web-identity-b-groups/index.js';
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
  forgeAOrgs,
  forgeARootCa,
  forgeAHostName,
  forgeBBaseUrl,
  webIdentityAGroups,
  webIdentityAHostedDomains,
  webIdentityBTenant,
  webIdentityBGroups,
  samlCa,
  samlRequired,
  samlNameIdFormat,
  samlGroups,
  connectors,
  accessKeyTtl,
  groupsFilters,
  customHttpHeaders,
];
