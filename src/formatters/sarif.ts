import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Diagnostic, FileResult, Severity, SeveritySetting } from '../engine/types.js';
import { relativeToCwd } from './github.js';
import type { FormatContext } from './summary.js';

export const SARIF_SCHEMA_URI = 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json';
export const INFORMATION_URI = 'https://github.com/platlint/platlint';
/** The `uriBaseId` of artifact URIs: the repository root, which is the working directory in CI. */
export const SRCROOT = '%SRCROOT%';
/** Key of `partialFingerprints`; bump the version when the hashed fields change. */
export const FINGERPRINT_KEY = 'platlint/v1';

/** What SARIF can say about a rule; `severity` (its default) is optional on top of the common rule info. */
export interface SarifRuleInfo {
  description: string;
  docsUrl?: string;
  severity?: SeveritySetting;
}

/** The format context, plus the tool's version (`tool.driver.version`) when the caller knows it. */
export interface SarifFormatContext extends FormatContext {
  toolVersion?: string;
  ruleInfo?: (ruleId: string) => SarifRuleInfo | undefined;
}

type SarifLevel = 'error' | 'warning' | 'note';

const LEVEL: Record<Severity, SarifLevel> = { error: 'error', warning: 'warning', info: 'note' };
const RANK: Record<Severity, number> = { info: 0, warning: 1, error: 2 };

interface ReportingDescriptor {
  id: string;
  shortDescription: { text: string };
  helpUri?: string;
  defaultConfiguration: { level: SarifLevel };
}

interface ArtifactLocation {
  uri: string;
  uriBaseId?: string;
}

/** A relative path as a URI reference under `%SRCROOT%`, or an absolute `file:` URI for a file outside `cwd`. */
export function artifactLocation(file: string, cwd: string): ArtifactLocation {
  const rel = relativeToCwd(file, cwd);
  if (rel === undefined) return { uri: pathToFileURL(resolve(cwd, file)).href };
  return { uri: rel.split('/').map(encodeURIComponent).join('/'), uriBaseId: SRCROOT };
}

/** Stable across runs and line shifts: the rule, the file, the document and data path, and the message. */
function fingerprint(file: string, d: Diagnostic): string {
  return createHash('sha256')
    .update([d.ruleId, file, String(d.document), d.path, d.message].join('\u0000'))
    .digest('hex')
    .slice(0, 32);
}

/**
 * Rule descriptors for the rules that reported, sorted by id. The default level is the rule's own default severity
 * when `ruleInfo` gives it (a rule off by default reports as a warning when turned on, as the engine does),
 * otherwise the most severe level the rule reported with in this run.
 */
function describeRules(results: readonly FileResult[], context: SarifFormatContext): ReportingDescriptor[] {
  const seen = new Map<string, { severity: Severity; docsUrl?: string }>();
  for (const result of results) {
    for (const d of result.diagnostics) {
      const previous = seen.get(d.ruleId);
      if (!previous) seen.set(d.ruleId, { severity: d.severity, ...(d.docsUrl ? { docsUrl: d.docsUrl } : {}) });
      else if (RANK[d.severity] > RANK[previous.severity]) previous.severity = d.severity;
    }
  }
  return [...seen.keys()].sort().map((id) => {
    const fromRun = seen.get(id) as { severity: Severity; docsUrl?: string };
    const info = context.ruleInfo?.(id);
    const severity: Severity =
      info?.severity === undefined ? fromRun.severity : info.severity === 'off' ? 'warning' : info.severity;
    const helpUri = info?.docsUrl ?? fromRun.docsUrl;
    return {
      id,
      shortDescription: { text: info?.description || id },
      ...(helpUri ? { helpUri } : {}),
      defaultConfiguration: { level: LEVEL[severity] },
    };
  });
}

/**
 * SARIF 2.1.0 for GitHub code scanning (`github/codeql-action/upload-sarif`) and other SARIF viewers: one run,
 * the reporting rules in `tool.driver.rules`, one result per diagnostic. Lines and columns are 1-based and
 * columns count UTF-16 code units, end exclusive, as in SARIF's defaults. Its context only adds optional fields to
 * `FormatContext`, so it is a `Formatter` like the others.
 */
export const formatSarif = (results: readonly FileResult[], context: SarifFormatContext): string => {
  const rules = describeRules(results, context);
  const ruleIndex = new Map(rules.map((rule, index) => [rule.id, index]));
  const sarifResults: unknown[] = [];
  const notifications: unknown[] = [];
  for (const result of results) {
    const location = artifactLocation(result.file, context.cwd);
    if (result.ioError !== undefined) {
      notifications.push({
        level: 'error',
        message: { text: result.ioError },
        locations: [{ physicalLocation: { artifactLocation: location } }],
      });
    }
    const occurrences = new Map<string, number>();
    for (const d of result.diagnostics) {
      const hash = fingerprint(location.uri, d);
      const occurrence = (occurrences.get(hash) ?? 0) + 1;
      occurrences.set(hash, occurrence);
      sarifResults.push({
        ruleId: d.ruleId,
        ruleIndex: ruleIndex.get(d.ruleId),
        level: LEVEL[d.severity],
        message: { text: d.message },
        locations: [
          {
            physicalLocation: {
              artifactLocation: location,
              region: {
                startLine: Math.max(1, d.line),
                startColumn: Math.max(1, d.column),
                endLine: Math.max(1, d.line, d.endLine),
                endColumn: Math.max(1, d.endColumn),
              },
            },
          },
        ],
        partialFingerprints: { [FINGERPRINT_KEY]: `${hash}:${occurrence}` },
        // With lint --base: SARIF's own word for what the change introduced.
        ...(d.introduced !== undefined ? { baselineState: d.introduced ? 'new' : 'unchanged' } : {}),
      });
    }
  }
  const driver = {
    name: 'platlint',
    informationUri: INFORMATION_URI,
    ...(context.toolVersion ? { version: context.toolVersion, semanticVersion: context.toolVersion } : {}),
    rules,
  };
  const log = {
    $schema: SARIF_SCHEMA_URI,
    version: '2.1.0',
    runs: [
      {
        tool: { driver },
        invocations: [
          {
            executionSuccessful: notifications.length === 0,
            ...(notifications.length ? { toolExecutionNotifications: notifications } : {}),
          },
        ],
        columnKind: 'utf16CodeUnits',
        results: sarifResults,
      },
    ],
  };
  return JSON.stringify(log, null, 2) + '\n';
};
