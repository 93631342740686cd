/** What the analyst's studio page and the dev server's studio plugin (node/formStudioVitePlugin.ts) say to each other. */
import type { FormSchema } from '../types';

/** The event the dev server sends to the studio's pages when a file under schemas/ changes. */
export const STUDIO_EVENT = 'estudio:cambio';

export interface StudioState {
  form: string;
  file: string;
  parseError: { message: string; line: number; column: number } | null;
  lint: { pointer: string; message: string }[];
  fixtures: { file: string; expected: 'valid' | 'invalid'; ok: boolean; errors: { path: string; message: string }[]; problem: string | null }[];
  schema: FormSchema | null;
  /** The rule table (Markdown), when the form lints clean. */
  rules: string | null;
  /** The version the running portal publishes, or null (never published, or the portal could not be asked: `publishedProblem`). */
  published: number | null;
  publishedProblem: string | null;
  /** What publishing would change, in Spanish; null when there is nothing to compare with. */
  changes: string[] | null;
  /** Milliseconds the check took. */
  tookMs: number;
}
