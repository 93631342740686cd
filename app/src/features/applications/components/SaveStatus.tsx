import { Text } from '@mantine/core';
import type { SaveState } from '../api/useAutosave';

const TEXT: Record<SaveState, string> = {
  idle: '',
  pending: 'Cambios sin guardar…',
  saving: 'Guardando…',
  saved: 'Borrador guardado',
  error: 'No se pudo guardar; se reintentará en unos segundos. Sus datos siguen en este dispositivo.',
  full: 'En este momento no podemos guardar sus cambios: siguen en este dispositivo y se guardarán solos cuando se pueda. Lo que ya guardó no se perdió.',
  conflict: 'La solicitud fue modificada desde otro dispositivo; se cargó la última versión.',
};

/** Autosave feedback, announced politely to screen readers. */
export function SaveStatus({ state }: { state: SaveState }) {
  return (
    <Text size="sm" c={state === 'error' || state === 'full' || state === 'conflict' ? 'red.8' : 'dimmed'} role="status" aria-live="polite">
      {TEXT[state]}
    </Text>
  );
}
