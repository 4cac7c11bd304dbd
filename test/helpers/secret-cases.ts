/**
 * Manifests that hold secrets where platlint once showed them (an audit's findings), each file with the strings no
 * output may contain: test/cli/secrets.test.ts greps every output for them, test/cli/secret-places.test.ts pins how
 * each is masked.
 */
import { config, manifest } from './manifests.js';

/** `selfLink` gives --fix something to remove, so that --fix-dry-run reports the whole text. */
const fixable = (text: string): string => text.replace('  name: c\n', '  name: c\n  selfLink: /x\n');
const dataSource = (value: string): string => fixable(config(`  database:\n    enabled: true\n    dataSource: "${value}"\n`, 'c'));
const oidc = (secret: string): string => config(`  auth:\n    oidc:\n      clientId: platform\n      clientSecret:${secret}\n`, 'c');

/** The config a base64 `spec.raw` holds: a libpq password in its data source. */
export const RAW_CONFIG = 'database:\n  enabled: true\n  dataSource: "host=db password=B64Pa1rS3cret dbname=p"\n';
export const RAW_BASE64 = Buffer.from(RAW_CONFIG).toString('base64');

export const SECRET_CASES: Readonly<Record<string, { text: string; secrets: readonly string[] }>> = {
  // 1. Passwords security/plaintext-secret finds in connection strings, and a base64 spec.raw holding one.
  'dsn.yaml': {
    text: fixable(config('  database:\n    enabled: true\n    dataSource: "host=db password=Pa1rS3cret dbname=p"\n  audit:\n    dataStoreEndpoint: "platform:Dsn5S3cret@tcp(db:3306)/audit"\n', 'c')),
    secrets: ['Pa1rS3cret', 'Dsn5S3cret'],
  },
  'query.yaml': { text: dataSource('postgres://u@db/x?password=Qu3ryS3cret'), secrets: ['Qu3ryS3cret'] },
  'slash.yaml': { text: dataSource('mysql://u:Sl4shH4lf1/Sl4shH4lf2@tcp(h:3306)/d'), secrets: ['Sl4shH4lf1', 'Sl4shH4lf2'] },
  'at.yaml': { text: dataSource('postgres://u:AtH4lf1@AtH4lf2@db/x'), secrets: ['AtH4lf1', 'AtH4lf2'] },
  'raw.yaml': { text: fixable(manifest('Config', 'c', `spec:\n  raw: ${RAW_BASE64}\n`)), secrets: ['B64Pa1rS3cret', RAW_BASE64] },
  // 2. Lines after a secret key that the parser refuses (a tab) or cannot place (as deep as the key, or less).
  'tab-block.yaml': { text: oidc(' |\n\tT4bBl0ckS3cret'), secrets: ['T4bBl0ckS3cret'] },
  'tab-line.yaml': { text: oidc('\n\tT4bL1neS3cret'), secrets: ['T4bL1neS3cret'] },
  'same-depth.yaml': { text: oidc('\n      S4meDepthS3cret'), secrets: ['S4meDepthS3cret'] },
  'under-block.yaml': { text: oidc(' |\n        first\n       Und3rS3cret'), secrets: ['Und3rS3cret'] },
  // 3. A key of a mapping under a secret key.
  'key.yaml': { text: fixable(config('  auth:\n    password:\n      disabled: false\n      K3yN4meS3cret: 1\n', 'c')), secrets: ['K3yN4meS3cret'] },
};
