import { defineRule, displayPath, isEnvReference, parseGoUrl } from '../../api.js';

/** Schemes the key-value shim (kine) maps to MySQL and PostgreSQL; its registry is case-sensitive. */
const SCHEMES = ['mysql', 'postgres', 'postgresql'] as const;

/** Networks Go's net.Dial knows and the MySQL driver can use for a server address. */
const MYSQL_NETWORKS = new Set(['tcp', 'tcp4', 'tcp6', 'unix']);

const MYSQL_EXAMPLE = 'mysql://user:password@tcp(host:3306)/database';
const POSTGRES_EXAMPLE = 'postgres://user:password@host:5432/database';
const WRITE_EITHER = `Write ${MYSQL_EXAMPLE} or ${POSTGRES_EXAMPLE}.` as const;

type MysqlProblem = 'mysqlNoSlash' | 'mysqlAddress' | 'mysqlBareHost' | 'mysqlNetwork';

/**
 * The part of the Go MySQL driver's `ParseDSN` (github.com/go-sql-driver/mysql, dsn.go) and `normalize` that decides
 * whether `[user[:password]@][net[(addr)]]/dbname[?params]` can be dialled. Nothing of the DSN is returned, so no
 * part of it (the password) can end up in a message.
 */
function mysqlDsnProblem(dsn: string): MysqlProblem | undefined {
  const slash = dsn.lastIndexOf('/');
  if (slash < 0) return dsn.length > 0 ? 'mysqlNoSlash' : undefined;
  if (slash === 0) return undefined; // "/db": tcp to 127.0.0.1:3306
  const left = dsn.slice(0, slash);
  const at = left.lastIndexOf('@');
  const netStart = at + 1;
  let net = left.slice(netStart);
  let addr = '';
  const open = net.indexOf('(');
  if (open >= 0) {
    if (!left.endsWith(')')) return 'mysqlAddress';
    addr = net.slice(open + 1, -1);
    net = net.slice(0, open);
  }
  if (net === '') net = 'tcp';
  if (addr === '') return net === 'tcp' || net === 'unix' ? undefined : 'mysqlBareHost';
  return MYSQL_NETWORKS.has(net) ? undefined : 'mysqlNetwork';
}

const rule = defineRule({
  meta: {
    id: 'database/data-source',
    description: 'Require a mysql:// or postgres:// data source for the platform database',
    severity: 'error',
    sources: ['spec', 'upstream'],
    kinds: ['Config'],
  },
  messages: {
    noScheme: {
      text: '{{field}} does not start with mysql:// or postgres://.',
      note: `The key-value shim reads a data source without a scheme as "use the embedded SQLite database" and ignores the rest. ${WRITE_EITHER}`,
    },
    schemeCase: {
      text: '{{field}} starts with "{{scheme}}://", but schemes are matched exactly.',
      note: 'The key-value shim knows no such backend and does not start. Write "{{expected}}://".',
    },
    unsupportedScheme: {
      text: '{{field}} starts with "{{scheme}}://", which is not a MySQL or PostgreSQL data source.',
      note: `The platform database is MySQL or PostgreSQL. ${WRITE_EITHER}`,
    },
    mysqlNoSlash: {
      text: '{{field}} is not a data source the Go MySQL driver accepts: it needs a "/" before the database name.',
      note: `Write ${MYSQL_EXAMPLE}.`,
    },
    mysqlAddress: {
      text: '{{field}} is not a data source the Go MySQL driver accepts.',
      note: `The address in "(" must end with ")" right before the "/" of the database name. Write ${MYSQL_EXAMPLE}.`,
    },
    mysqlBareHost: {
      text: '{{field}} names the MySQL server without its protocol.',
      note: `The Go MySQL driver reads host:port after the "@" as a network name and fails ("default addr for network ... unknown"). Wrap the address in tcp(...): ${MYSQL_EXAMPLE}.`,
    },
    mysqlNetwork: {
      text: '{{field}} gives the MySQL server address with a network other than tcp or unix, which the Go MySQL driver cannot dial.',
      note: `Write ${MYSQL_EXAMPLE}, or unix(/path/to/mysqld.sock) for a socket.`,
    },
    postgresInvalid: {
      text: '{{field}} is not a valid PostgreSQL URL ({{reason}}): the database connection cannot be opened.',
      note: `Write ${POSTGRES_EXAMPLE}, percent-encoding special characters of the user name and password (%40 for "@", %2F for "/", %3A for ":").`,
    },
    postgresTcp: {
      text: '{{field}} uses MySQL\'s tcp(host:port) form in a PostgreSQL URL, where the host is written directly.',
      note: `The URL cannot be parsed. Write ${POSTGRES_EXAMPLE}.`,
    },
  },
  // Empty means "not set" (optional for an external database).
  given: { path: ['status', 'database', 'dataSource'], type: 'string' },
  check(value, ctx, { path }) {
    // A whole-value $REFERENCE cannot be checked.
    if (isEnvReference(value)) return;
    const field = displayPath(path);

    // kine's networkAndAddress: everything before the first "://" is the backend name.
    const sep = value.indexOf('://');
    const scheme = sep >= 0 ? value.slice(0, sep) : '';
    if (sep < 0 || !/^[A-Za-z][A-Za-z0-9+.-]*$/.test(scheme)) return ctx.report({ messageId: 'noScheme', path, data: { field } });
    const known = SCHEMES.find((s) => s === scheme.toLowerCase());
    if (!known) return ctx.report({ messageId: 'unsupportedScheme', path, data: { field, scheme } });
    if (known !== scheme) return ctx.report({ messageId: 'schemeCase', path, data: { field, scheme, expected: known } });

    const rest = value.slice(sep + 3);
    if (known === 'mysql') {
      const problem = mysqlDsnProblem(rest);
      if (problem) ctx.report({ messageId: problem, path, data: { field } });
      return;
    }
    // kine's PostgreSQL driver prefixes the rest with postgres:// and parses it with Go's url.Parse.
    const parsed = parseGoUrl(`postgres://${rest}`);
    if (parsed.ok) return;
    const authority = rest.split('/')[0] ?? '';
    if (/@tcp\(|^tcp\(/.test(authority)) return ctx.report({ messageId: 'postgresTcp', path, data: { field } });
    // Go's errors quote the offending piece, which may be part of the password: drop the quoted parts.
    ctx.report({ messageId: 'postgresInvalid', path, data: { field, reason: parsed.reason.replace(/ ?"[^"]*"/g, '').replace(/^net\/url: /, '') } });
  },
});

export default rule;
