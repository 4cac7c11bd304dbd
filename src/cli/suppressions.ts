/** How the lint command wires a run's suppressions: the cache key, and where their own problems are reported. */
import { resolve } from 'node:path';
import micromatch from 'micromatch';
import type { RuleSettings } from '../engine/settings.js';
import type { ConfigFile } from '../settings-file/load.js';
import { relativeTo, shownPath } from '../settings-file/paths.js';
import type { Suppressions } from '../suppressions/suppressions.js';
import type { UnusedReporting } from '../suppressions/unused.js';
import { hashText } from './cache.js';
import { resolveInputs } from './files.js';

/** Changes whenever what a suppression matches may change: the cache key's part. */
export function suppressionsFingerprint(suppressions: Suppressions): string {
  const { baseline, exceptions, today } = suppressions.options;
  return hashText(baseline?.path ?? '', baseline?.text ?? '', JSON.stringify(exceptions), today);
}

interface ReportingSources {
  cwd: string;
  settingsFor(file: string): RuleSettings;
  configFile: ConfigFile | undefined;
  isIgnored(file: string): boolean;
}

export function unusedReporting(suppressions: Suppressions, sources: ReportingSources): UnusedReporting {
  const { configFile, cwd } = sources;
  const configDir = suppressions.options.configDir;
  const baseline = suppressions.options.baseline;
  return {
    settingsFor: (file) => sources.settingsFor(file),
    filesMatching: (globs) =>
      resolveInputs([configDir], cwd, { isIgnored: sources.isIgnored })
        .files.map((file) => resolve(cwd, file))
        .filter((file) => micromatch.isMatch(relativeTo(configDir, file), globs, { dot: true })),
    config: configFile && { path: configFile.path, name: shownPath(cwd, configFile.path), text: configFile.text, locationOf: (index) => configFile.locationOf(['exceptions', index]) },
    baselineName: baseline && shownPath(cwd, baseline.path),
  };
}
