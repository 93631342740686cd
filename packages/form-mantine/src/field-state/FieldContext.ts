/**
 * The dot path and DOM id of the field being rendered, set by FieldTemplate
 * for everything inside it. Widgets get only RJSF's id, which cannot be turned
 * back into a path unambiguously (keys contain the `_` separator).
 */
import { createContext, use } from 'react';

export interface FieldLocation {
  /** Dot path (`propietario_socios.0.nombres`), '' for the root. */
  path: string;
  /** RJSF's DOM id of the field. */
  id: string;
}

export const FieldContext = createContext<FieldLocation>({ path: '', id: 'root' });

/** The location of the nearest field. */
export function useFieldLocation(): FieldLocation {
  return use(FieldContext);
}
