/**
 * Build-time settings of the app. Addresses an operator sets (the single-registration
 * registry, the survey, the header script) are not here: they come from the server's
 * configuration through GET /v1/portals/shell-config (api/shellConfig.ts), so one setting
 * serves every link and a change needs no rebuild.
 */
export const env = {
  /** Debounce of the draft autosave, in ms. */
  autosaveMs: 1200,
} as const;
