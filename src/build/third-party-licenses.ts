/**
 * The bundle carries code of the packages it takes in (yaml, commander, picomatch, CEL, the LSP library, ...). Their
 * licenses (MIT, ISC, Apache-2.0) ask that their notices travel with copies: this collects, from esbuild's metafile,
 * every package the bundle holds and writes each one's license text into one file beside the bundle.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Metafile } from 'esbuild';

export const THIRD_PARTY_LICENSES_FILE = 'THIRD-PARTY-LICENSES.txt';

interface BundledPackage {
  name: string;
  version: string;
  license: string;
  text: string | undefined;
}

/** `node_modules/@scope/name/lib/x.js` -> `node_modules/@scope/name` (the innermost node_modules, for nested copies). */
function packageDirOf(input: string): string | undefined {
  const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
  return match?.[1];
}

function readPackage(root: string, dir: string): BundledPackage {
  const manifest = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as { name: string; version: string; license?: string };
  const licenseFile = readdirSync(join(root, dir)).find((name) => /^(licen[cs]e|copying)(\.|$)/i.test(name));
  return {
    name: manifest.name,
    version: manifest.version,
    license: manifest.license ?? 'see the package',
    text: licenseFile === undefined ? undefined : readFileSync(join(root, dir, licenseFile), 'utf8').trim(),
  };
}

/** The packages whose code is in the bundle, by name and version, without duplicates. */
export function bundledPackages(root: string, metafile: Metafile): BundledPackage[] {
  const dirs = new Set<string>();
  for (const input of Object.keys(metafile.inputs)) {
    const dir = packageDirOf(input);
    if (dir !== undefined && existsSync(join(root, dir, 'package.json'))) dirs.add(dir);
  }
  const byId = new Map<string, BundledPackage>();
  for (const dir of dirs) {
    const pkg = readPackage(root, dir);
    byId.set(`${pkg.name}@${pkg.version}`, pkg);
  }
  return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/** Packages whose license text is word for word one printed above (the LSP packages, for one) point to it. */
export function thirdPartyLicensesText(packages: readonly BundledPackage[]): string {
  const firstWithText = new Map<string, string>();
  const sections = packages.map((pkg) => {
    const heading = `${pkg.name} ${pkg.version} (${pkg.license})`;
    const same = pkg.text === undefined ? undefined : firstWithText.get(pkg.text);
    if (pkg.text !== undefined && same === undefined) firstWithText.set(pkg.text, `${pkg.name} ${pkg.version}`);
    const body = pkg.text === undefined ? `The package ships no license file; its package.json says: ${pkg.license}.` : same !== undefined ? `The same license text as ${same}, above.` : pkg.text;
    return `${heading}\n${'-'.repeat(heading.length)}\n\n${body}\n`;
  });
  return `platlint's CLI bundle (dist/src/bin) contains code of the following packages, under these licenses.\n\n${sections.join('\n\n')}`;
}
