/** Words the synthetic Users and Configs are made of. */
export const FIRST = ['jane', 'john', 'maria', 'wei', 'aisha', 'lars', 'sofia', 'kenji', 'fatima', 'diego', 'olga', 'amir', 'priya', 'tom', 'lena', 'omar', 'yuki', 'emma', 'noah', 'ines'];
export const LAST = ['doe', 'smith', 'garcia', 'chen', 'khan', 'nielsen', 'rossi', 'tanaka', 'hassan', 'lopez', 'ivanova', 'haddad', 'patel', 'mueller', 'novak', 'silva', 'kim', 'brown', 'dubois', 'costa'];
export const TEAMS = ['platform-engineering', 'sre', 'security', 'data', 'payments', 'search', 'mobile', 'web', 'ml-infra', 'observability', 'identity', 'billing'];
export const DEPARTMENTS = ['engineering', 'operations', 'security', 'finance', 'research', 'support'];
export const CLUSTER_ROLES = ['platform-viewer', 'cluster-monitoring', 'namespace-admin', 'log-reader', 'cost-viewer', 'app-deployer'];
export const VERBS = ['get', 'list', 'create', 'update', 'patch', 'delete', 'bind'];
export const SUBRESOURCES = ['profile', 'accesskeys', 'permissions'];
export const DOMAINS = ['example.com', 'example.org', 'corp.example.net'];
export const HOSTS = ['platform.example.com', 'console.example.org', 'dev.platform.example.net', 'platform.corp.example.com'];

export function title(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

