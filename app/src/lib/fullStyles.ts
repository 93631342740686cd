/**
 * Mantine's complete style sheets, loaded after the first paint. The home
 * page's first paint needs only the rules of the components the shell and the
 * home page show (imported in `app/src/shellStyles.ts`, a third of the 290 KB
 * of the full sheet that every phone used to parse before painting); the
 * rest (the form's inputs, selects, modals, the drop zone) comes here, in the
 * same cascade layer (`mantine`), so the portal's own styles, unlayered, keep
 * winning as before. Only the component sheets the shell has not loaded
 * (mantineRest.css): the full sheet repeated the reset's universal rules, and
 * its arrival made a slow phone recompute the style of the whole page.
 *
 * Every lazy chunk waits for it (`importWithReload`), so no page or modal
 * ever renders before its components' styles are there.
 */
let loading: Promise<unknown> | undefined;

/** Loads (once) the full Mantine style sheets; resolves when the browser has them. */
export function loadFullStyles(): Promise<unknown> {
  loading ??= import('../mantineRest.css').catch((error: unknown) => {
    // A later attempt (after the reload of importWithReload) may succeed.
    loading = undefined;
    throw error;
  });
  return loading;
}
