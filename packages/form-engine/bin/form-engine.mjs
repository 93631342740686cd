#!/usr/bin/env node
// Entry point of the `form-engine` command; the CLI itself is TypeScript, loaded through tsx.
import { tsImport } from 'tsx/esm/api';

const { main } = await tsImport('../src/node/cli.ts', import.meta.url);
process.exitCode = await main(process.argv.slice(2));
