/** JSON Schema of `Config` `status.auth`: the identity providers and their connectors. */
import {
  arr,
  bool,
  int,
  obj,
  str,
  strArray,
  strMap,
  type JsonSchema,
} from './metadata.js';
import type { PasswordLoginField } from '../platform/enumerations.js';

// ---------------------------------------------------------------------------------------------------------------
// status.auth: providers. Each is written once; the connector variants differ only where the spec says so.
// ---------------------------------------------------------------------------------------------------------------

function redirectURI(callback: string): JsonSchema {
  return str(
    `Platform callback URI (path ends in ${callback} at the top level and in /auth/<connector id>/callback inside a connector).`,
  );
}

/** The OAuth client of the git forges and web identity providers: id, secret and the platform's callback. */
function oauthClient(callback: string): Record<string, JsonSchema> {
  return { clientId: str('Client id.'), clientSecret: str('Client secret.'), redirectURI: redirectURI(callback) };
}

const OAUTH_CLIENT_REQUIRED = ['clientId', 'clientSecret', 'redirectURI'];

/** The `oidc` provider: `clientId`, `clientSecret` are required at the top level and optional in a connector. */
function oidcAuthSchema(inConnector: boolean): JsonSchema {
  return obj(
    'OIDC provider login.',
    {
      issuerUrl: str(
        'URL the provider signs ID tokens as (the `iss` claim). Used for discovery.',
      ),
      clientId: str('Client the token must be issued for.'),
      clientSecret: str('Secret used to obtain tokens.'),
      redirectURI: redirectURI('/auth/oidc/callback'),
      postLogoutRedirectURI: str('Platform URI to go to after logout at the provider.'),
      caFile: str('Path to a PEM root certificate of the provider.'),
      insecureCa: bool('Communicate without validating certificates.'),
      preferredUsername: str('Key holding the preferred-username claim.'),
      platformUsernameClaim: str('JWT field used as the platform username.'),
      usernameClaim: str('JWT field used as the user id.'),
      emailClaim: str('JWT field used as the e-mail.'),
      allowedExtraClaims: strArray('Extra claims of interest, not part of User by default.'),
      usernamePrefix: str('Prefix added to the mapped username (for example `oidc:`).'),
      groupsClaim: str("ID-token field that fills the user's groups: a string or list of strings."),
      groups: strArray('If non-empty, access is denied unless the user is in at least one listed group.'),
      scopes: strArray('Scopes sent. Empty means `email` and `profile`.', ['email', 'profile']),
      getUserInfo: bool('Also populate user information from the UserInfo endpoint.'),
      groupsPrefix: str('Prefix added to mapped group names.'),
      type: str('Type shown in the UI. Display only.'),
      resource: str("Value of the `resource` URL parameter on requests to the provider's token endpoint."),
    },
    inConnector ? [] : ['clientId', 'clientSecret'],
    inConnector ? 'AuthConnectorOIDC' : 'AuthOIDC',
  );
}

/** `gitForgeA`: `clientId` is optional at the top level and in a connector alike. */
const gitForgeAAuthSchema: JsonSchema = obj(
  'Git forge A login (a hosted git forge with organizations and teams).',
  {
    ...oauthClient('/auth/github/callback'),
    orgs: arr(
      'Organizations queried for groups (group claims `(org):(team)`). If set, the user must belong to at least one listed org.',
      obj(
        'An organization.',
        {
          name: str('Full organization name, not slug.'),
          teams: strArray(
            'The user must be in at least one listed team. If omitted every member of the org may authenticate.',
          ),
        },
        [],
        'AuthGitForgeAOrg',
      ),
    ),
    hostName: str('Enterprise variant only: host name of the enterprise account. Must be routable.'),
    rootCA: str('Enterprise variant only: root certificate for self-signed or untrusted CAs.'),
  },
  ['clientSecret', 'redirectURI'],
  'AuthGitForgeA',
);

const gitForgeBAuthSchema: JsonSchema = obj(
  'Git forge B login (a hosted git forge with groups).',
  {
    ...oauthClient('/auth/gitlab/callback'),
    baseURL: str('Base URL. Default is the public hosted instance of the forge.'),
    groups: strArray(
      'Whitelist via the `groups` scope: only listed groups enter the groups claim, and a user in none of them is not authenticated.',
    ),
  },
  OAUTH_CLIENT_REQUIRED,
  'AuthGitForgeB',
);

const webIdentityAAuthSchema: JsonSchema = obj(
  'Web identity provider A login (hosted domains).',
  {
    ...oauthClient('/auth/google/callback'),
    scopes: strArray('Scopes. Defaults to `profile` and `email`.', ['profile', 'email']),
    hostedDomains: strArray('If non-empty, only users of a listed domain may log in.'),
    groups: strArray('If non-empty, only users of a listed group may log in.'),
    serviceAccountFilePath: str(
      'Path to a service-account file, used with the directory API to check groups.',
    ),
    adminEmail: str(
      'Required when serviceAccountFilePath is set: e-mail of a super user the service account impersonates when listing groups.',
    ),
  },
  OAUTH_CLIENT_REQUIRED,
  'AuthWebIdentityA',
);

const webIdentityBAuthSchema: JsonSchema = obj(
  'Web identity provider B login (tenants).',
  {
    ...oauthClient('/auth/microsoft/callback'),
    tenant: str(
      'Which accounts may authenticate: `common` (personal and business/school), `consumers`, `organizations`, or a tenant uuid or name.',
      'common',
    ),
    groups: strArray('The user must be a member of a listed group to authenticate.'),
    onlySecurityGroups: bool('Restrict the list to security groups.', false),
    useGroupsAsWhitelist: bool("Restrict the groups claims to the user's groups that are in the configured groups."),
  },
  OAUTH_CLIENT_REQUIRED,
  'AuthWebIdentityB',
);

/** `saml`: the required fields (`ssoURL`, `redirectURI`, ...) are checked by a rule, not by the schema. */
const samlAuthSchema: JsonSchema = obj(
  'SAML login.',
  {
    redirectURI: redirectURI('/auth/saml/callback'),
    ssoURL: str('SSO URL used for the POST value.'),
    caData: str(
      'Base64 CA certificate for validating the response signature. One of caData, ca or insecureSkipSignatureValidation must be defined.',
    ),
    ca: str('CA used to validate the response signature.'),
    insecureSkipSignatureValidation: bool('Ignore the CA certificate.'),
    usernameAttr: str('Assertion attribute mapped to the username.'),
    emailAttr: str('Assertion attribute mapped to the e-mail.'),
    groupsAttr: str('Assertion attribute mapped to groups.'),
    entityIssuer: str(
      'Sent as Issuer in the AuthnRequest; replaces redirectURI as the required audience when checking AudienceRestriction.',
    ),
    ssoIssuer: str('Issuer expected in the response.'),
    groupsDelim: str('If given, groups are a single string split by this delimiter.'),
    allowedGroups: strArray('Groups used to filter access by membership.'),
    filterGroups: bool('With allowedGroups, only the allowed groups are forwarded.'),
    nameIDPolicyFormat: str(
      'Requested NameID format, mapped to the `sub` claim. The last component alone (for example `emailAddress`) is accepted.',
      'urn:oasis:names:tc:SAML:2.0:nameid-format:persistent',
    ),
  },
  [],
  'AuthSAML',
);

/** The six login providers, at the top level of status.auth and in a connector. */
function providerSchemas(inConnector: boolean): Record<string, JsonSchema> {
  return {
    oidc: oidcAuthSchema(inConnector),
    gitForgeA: gitForgeAAuthSchema,
    gitForgeB: gitForgeBAuthSchema,
    webIdentityA: webIdentityAAuthSchema,
    webIdentityB: webIdentityBAuthSchema,
    saml: samlAuthSchema,
  };
}

const authConnectorSchema: JsonSchema = obj(
  'An additional connector: an id, a display name and one or more provider objects.',
  {
    id: str('Id shown in the URL (/auth/<id>/callback).'),
    displayName: str('Name shown in the UI.'),
    ...providerSchemas(true),
  },
  [],
  'AuthConnector',
);

/** Every field of the password login, no more, no fewer: the secrets' masking knows them by the list (PASSWORD_LOGIN_FIELDS). */
const passwordLoginFields: Record<PasswordLoginField, JsonSchema> = {
  disabled: bool('True disables password login.', false),
};

export const authSchema: JsonSchema = obj(
  'Authentication configuration.',
  {
    ...providerSchemas(false),
    password: obj('Password login.', passwordLoginFields, [], 'AuthPassword'),
    connectors: arr('Additional connectors.', authConnectorSchema),
    disableTeamCreation: bool(
      'True prevents creating teams for new groups of a user at single sign-on login.',
      false,
    ),
    disableUserCreation: bool('True prevents single sign-on from creating a user on first sign-in.', false),
    accessKeyMaxTTLSeconds: int(
      'Global maximum lifespan of an access key in seconds. 0 or unspecified disables it.',
      0,
    ),
    loginAccessKeyTTLSeconds: int(
      'Seconds a login access key is kept before deletion. Unspecified means 20 days. 0 disables the TTL.',
      1728000,
    ),
    customHttpHeaders: strMap('Headers set on the authentication endpoints.'),
    groupsFilters: strArray(
      'Regular expressions; only matching single sign-on groups are saved into the user resource.',
    ),
  },
  [],
  'Auth',
);
