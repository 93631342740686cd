/**
 * Build-time configuration (Vite `import.meta.env`), validated once at boot.
 * VITE_REGISTRO_UNICO_URL: the single-account registry the spec links to
 * (its address is not given; the default is the government's portal).
 */
function readUrl(value: unknown, fallback: string): string {
  const text = typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback;
  try {
    const url = new URL(text);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new Error();
    return url.toString();
  } catch {
    throw new Error(`Configuración inválida: VITE_REGISTRO_UNICO_URL no es una dirección web (${text})`);
  }
}

export const env = {
  registroUnicoUrl: readUrl(import.meta.env.VITE_REGISTRO_UNICO_URL, 'https://www.gob.do/'),
  /** Debounce of the draft autosave, in ms. */
  autosaveMs: 1200,
} as const;
