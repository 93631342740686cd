import { pathToFileURL } from 'node:url';

/**
 * Runs a command's `run` with its arguments when `moduleUrl` (the caller's
 * import.meta.url) is the script node was started with, and exits with its
 * code; an error is printed in one line (the Spanish message) and exits 1.
 * Imported by a test, the module runs nothing.
 */
export function runCommand(moduleUrl: string, run: (args: string[]) => Promise<number>): void {
  if (process.argv[1] === undefined || moduleUrl !== pathToFileURL(process.argv[1]).href) return;
  run(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
