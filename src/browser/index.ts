/**
 * The core as a web page runs it (a playground, in a Web Worker): a text linted with the built-in rules in one of
 * the presets, by the same engine as the CLI, with nothing of Node. What plain JavaScript cannot do, the page brings:
 * reading an X.509 certificate (WebCrypto parses no certificate). test/browser/bundle.test.ts bundles this module
 * for the browser and runs it where no Node global exists.
 */
import { builtinRules } from '../../rules/index.js';
import { docsUrlFor } from '../engine/docs.js';
import { lintText as lintWithEngine } from '../engine/lint.js';
import { DEFAULT_PRESET, presetSettings, type PresetName } from '../engine/presets.js';
import type { RuleSettings } from '../engine/settings.js';
import type { FileResult } from '../engine/types.js';
import { installCertificateReader, type CertificateReader } from '../formats/certificate-reader.js';

export type { CertificateReader } from '../formats/certificate-reader.js';
export type { Diagnostic, FileResult } from '../engine/types.js';

/** What the page brings to the core. */
export interface BrowserHost {
  readCertificate: CertificateReader;
}

/** Installs the page's services: before the first lint. */
export function useBrowserHost(host: BrowserHost): void {
  installCertificateReader(host.readCertificate);
}

export interface BrowserLintOptions {
  /** The name the diagnostics are reported for (and templates told by: `templates/` folders). */
  filename?: string;
  preset?: PresetName;
}

/** One settings map per preset, so that the engine works out its rule plan once, not on every keystroke. */
const settingsByPreset = new Map<PresetName, RuleSettings>();

/** Lints a manifest's text as `platlint --config` with only `extends: [PRESET]` would. */
export function lintText(text: string, options: BrowserLintOptions = {}): FileResult {
  const preset = options.preset ?? DEFAULT_PRESET;
  let settings = settingsByPreset.get(preset);
  if (!settings) settingsByPreset.set(preset, (settings = presetSettings(preset, builtinRules)));
  return lintWithEngine(text, { filename: options.filename ?? 'manifest.yaml', rules: builtinRules, settings, docsUrl: docsUrlFor });
}
