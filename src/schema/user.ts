/** JSON Schema of a `User` document (`management.platform/v1`). */
import {
  arr,
  bool,
  int,
  obj,
  objectMetaSchema,
  openObj,
  str,
  strArray,
  typeMetaProperties,
  type JsonSchema,
} from './metadata.js';

/** `passwordRef`, `codesRef`: a key of a secret. */
function secretKeyRef(description: string, title: string): JsonSchema {
  return obj(
    description,
    {
      secretName: str('Name of the secret.'),
      secretNamespace: str('Namespace of the secret.'),
      key: str('Key in the secret data.'),
    },
    [],
    title,
  );
}

export const userAccessRuleSchema: JsonSchema = obj(
  'Access rule: grants verbs on this user to users and teams.',
  {
    name: str('Optional name of the rule.'),
    verbs: strArray(
      'Verbs applying to all resource kinds and restrictions in the rule: get, list, create, update, patch, delete, bind, makeowner, or `*` for all.',
    ),
    subresources: strArray('Allowed subresources.'),
    users: strArray('Users that get the verbs.'),
    teams: strArray('Teams that get the verbs.'),
  },
  ['verbs'],
  'UserAccessRule',
);

export const userSpecSchema: JsonSchema = obj(
  'Desired state of the user.',
  {
    displayName: str('Name shown in the UI.'),
    description: str('Description of the object.'),
    owner: obj(
      'Owner of the object.',
      {
        user: str('A platform user.'),
        team: str('A platform team.'),
      },
      [],
      'UserOwner',
    ),
    username: str('Username used to log in.'),
    icon: str('URL of an icon to show for the user.'),
    email: str("The user's e-mail address."),
    subject: str('The user subject as presented by the token.'),
    groups: strArray('Groups the user has access to.'),
    ssoGroups: strArray('Groups remembered from single sign-on.'),
    passwordRef: secretKeyRef("Reference to the user's password.", 'UserPasswordRef'),
    codesRef: secretKeyRef("Reference to the user's access keys.", 'UserCodesRef'),
    imagePullSecrets: arr(
      'Image pull secrets the user can use.',
      obj(
        'Reference to an image pull secret.',
        {
          apiGroup: str('API group of the secret object.'),
          kind: str('Kind of the secret object.'),
          secretName: str('Name of the secret.'),
          secretNamespace: str('Namespace of the secret.'),
          key: str('Key in the secret data.'),
        },
        [],
        'UserImagePullSecret',
      ),
    ),
    tokenGeneration: int('Can be changed to invalidate all tokens of the user.'),
    disabled: bool(
      'When true the user cannot log in. Other user resources are unaffected and other users can still interact with this user.',
    ),
    clusterRoles: arr(
      'Cluster roles assigned in the cluster.',
      obj('A cluster role assignment.', { name: str('The cluster role.') }, [], 'UserClusterRole'),
    ),
    access: arr('Access rights for users and teams.', userAccessRuleSchema),
    extraClaims: openObj('Additional claims added by an administrator.'),
  },
  [],
  'UserSpec',
);

/** The whole `User` document. */
export const userSchema: JsonSchema = obj(
  'A user that can access the platform: identity data, group membership, cluster-role assignments and access rules.',
  {
    ...typeMetaProperties,
    metadata: objectMetaSchema,
    spec: userSpecSchema,
    status: openObj('Observed state of the user, set by the server.'),
  },
);
