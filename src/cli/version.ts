/** platlint's version as package.json has it: `--version` and the reports' tool version (a test keeps them equal). */
export const VERSION = '0.1.0';
