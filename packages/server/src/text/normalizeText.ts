import { foldText } from '@portal/form-engine';

/**
 * Comparison form of a name: case and accents folded as the portal's search
 * does (foldText of @portal/form-engine), runs of white space collapsed to one
 * space, trimmed. "  Panadería  ÑOÑO " -> "panaderia nono".
 */
export function normalizeText(value: string): string {
  return foldText(value).replace(/\s+/gu, ' ').trim();
}
