/**
 * V8's explicit compile hint (Chromium 136 and later): a script or module whose very first
 * characters are this comment has all its functions compiled on the background thread that streams
 * it, instead of each one on the main thread the first time it is called. Elsewhere in the file the
 * comment does nothing. The portal's code (every chunk) and a published version's validators run
 * when a page loads, and a step's load spent ~145 ms of the main thread (desktop core) compiling
 * them lazily; with the hint, ~12 ms (docs/architecture.md, issue 27). Other browsers ignore it.
 */
import type { Plugin } from 'vite';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** Puts the hint first in every JavaScript chunk of a build, after every other plugin has written it. */
export function compileHintPlugin(): Plugin {
  return {
    name: 'portal-compile-hint',
    enforce: 'post',
    // The file's name follows its content, hint included.
    augmentChunkHash: () => COMPILE_HINT,
    generateBundle: {
      // After Vite's own helpers are put at the top of the chunks (the preload list).
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type === 'chunk' && !chunk.code.startsWith(COMPILE_HINT)) chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
        }
      },
    },
  };
}
