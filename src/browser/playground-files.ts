/**
 * The playground's folder and its three files, the working directory and the files of the command it stands for
 * (./playground.ts): in a module of their own, so that the page names them without bundling the engine.
 */
export const PLAYGROUND_DIR = '/playground';
export const MANIFEST_FILE = 'playground.yaml';
export const CONFIG_FILE = '.platlint.yaml';
export const POLICY_FILE = 'policy.yaml';
