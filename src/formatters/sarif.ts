import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { textLines } from '../engine/message-text.js';
import type { Diagnostic, FileResult, Severity, SuppressedDiagnostic } from '../engine/types.js';
import { relativeToCwd } from './github.js';
import { bufferedWriter, notLinted, type FormatContext, type RuleInfo, type FormatModule } from './summary.js';
import { sha256 } from '../project/node-host.js';

export const SARIF_SCHEMA_URI = 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json';
export const INFORMATION_URI = 'https://github.com/platlint/platlint';
/** The `uriBaseId` of artifact URIs: the repository root, which is the working directory in CI. */
export const SRCROOT = '%SRCROOT%';
/** Key of `partialFingerprints`; bump the version when the hashed fields change. */
export const FINGERPRINT_KEY = 'platlint/v1';

/** What SARIF can say about a rule: the common rule info. */
export type SarifRuleInfo = RuleInfo;

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
  fullDescription?: { text: string };
  helpUri?: string;
  help?: { text: string; markdown?: string };
  defaultConfiguration: { level: SarifLevel };
  properties?: { tags: string[]; 'security-severity'?: string };
}

/**
 * GitHub code scanning ranks security alerts by `security-severity`, a CVSS-like score: 7.0 to 8.9 is "high",
 * 4.0 to 6.9 "medium", 0.1 to 3.9 "low". A security rule's default severity picks the band.
 */
const SECURITY_SEVERITY: Record<Severity, string> = { error: '8.0', warning: '5.0', info: '2.0' };

/** The first paragraph under a doc page's "## Why" (what the rule protects against), as one line. */
export function whyParagraph(doc: string): string | undefined {
  const why = /^## Why[ \t]*\n+([\s\S]*?)(?:\n[ \t]*\n|(?![\s\S]))/m.exec(doc);
  const text = why?.[1] === undefined ? undefined : textLines(why[1]).join(' ');
  return text || undefined;
}

function describeRule(id: string, severity: Severity, info: SarifRuleInfo | undefined, helpUri: string | undefined): ReportingDescriptor {
  const description = info?.description || id;
  const full = (info?.doc && whyParagraph(info.doc)) || undefined;
  const tags = [...new Set([...(info?.category ? [info.category] : []), ...(info?.sources ?? [])])];
  const security = info?.category === 'security' || info?.sources?.includes('security') === true;
  return {
    id,
    shortDescription: { text: description },
    ...(full ? { fullDescription: { text: full } } : {}),
    ...(helpUri ? { helpUri } : {}),
    ...(info?.doc || helpUri
      ? { help: { text: [full ?? description, helpUri ? `Documentation: ${helpUri}` : ''].filter(Boolean).join('\n\n'), ...(info?.doc ? { markdown: info.doc } : {}) } }
      : {}),
    defaultConfiguration: { level: LEVEL[severity] },
    ...(tags.length || security ? { properties: { tags, ...(security ? { 'security-severity': SECURITY_SEVERITY[severity] } : {}) } } : {}),
  };
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
  return sha256()
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
    for (const d of [...result.diagnostics, ...(result.suppressed ?? [])]) {
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
    return describeRule(id, severity, info, info?.docsUrl ?? fromRun.docsUrl);
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
    // What was not linted, and why, as the JSON report's `skipped` entries: notes, which fail nothing.
    for (const skip of result.skips ?? []) {
      notifications.push({
        level: 'note',
        message: { text: notLinted(skip) },
        locations: [{ physicalLocation: { artifactLocation: location, region: { startLine: Math.max(1, skip.line) } } }],
      });
    }
    const occurrences = new Map<string, number>();
    // Suppressed diagnostics are results too, marked as suppressed outside the source (SARIF 3.35): viewers hide them.
    for (const d of [...result.diagnostics, ...(result.suppressed ?? [])] as (Diagnostic & Partial<Pick<SuppressedDiagnostic, 'by' | 'reason'>>)[]) {
      const hash = fingerprint(location.uri, d);
      const occurrence = (occurrences.get(hash) ?? 0) + 1;
      occurrences.set(hash, occurrence);
      sarifResults.push({
        ruleId: d.ruleId,
        ruleIndex: ruleIndex.get(d.ruleId),
        level: LEVEL[d.severity],
        // SARIF viewers show a message's first sentence as its summary and the whole text on demand: the note follows.
        message: { text: d.note ? `${d.message} ${d.note}` : d.message },
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
        ...(d.by !== undefined ? { suppressions: [{ kind: 'external', ...(d.reason !== undefined ? { justification: d.reason } : {}) }] } : {}),
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
            executionSuccessful: !results.some((result) => result.ioError !== undefined),
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

/** SARIF names the reporting rules before the results: it is assembled at the end, from all the results. */
export const createSarifWriter = bufferedWriter(formatSarif);

export const format: FormatModule = { formatter: formatSarif, createWriter: createSarifWriter };
