/** Spanish for the few RJSF strings the theme can surface; the rest fall back to RJSF's English. */
import { TranslatableString, englishStringTranslator, replaceStringParameters } from '@rjsf/utils';

const ES: Partial<Record<TranslatableString, string>> = {
  [TranslatableString.ArrayItemTitle]: 'Fila',
  [TranslatableString.EmptyArray]: 'No hay filas. Use el botón «Agregar» para añadir una.',
  [TranslatableString.YesLabel]: 'Sí',
  [TranslatableString.NoLabel]: 'No',
  [TranslatableString.CloseLabel]: 'Cerrar',
  [TranslatableString.ErrorsLabel]: 'Errores',
  [TranslatableString.AddButton]: 'Agregar',
  [TranslatableString.AddItemButton]: 'Agregar',
  [TranslatableString.CopyButton]: 'Copiar',
  [TranslatableString.MoveDownButton]: 'Bajar',
  [TranslatableString.MoveUpButton]: 'Subir',
  [TranslatableString.RemoveButton]: 'Eliminar',
  [TranslatableString.ClearLabel]: 'Limpiar',
  [TranslatableString.ClearButton]: 'limpiar campo',
  [TranslatableString.DecrementAriaLabel]: 'Disminuir en 1',
  [TranslatableString.IncrementAriaLabel]: 'Aumentar en 1',
  [TranslatableString.UnsupportedField]: 'Campo no soportado.',
};

export function spanishStrings(key: TranslatableString, params?: string[]): string {
  const text = ES[key];
  return text ? replaceStringParameters(text, params) : englishStringTranslator(key, params);
}
