/**
 * @portal/form-mantine: the RJSF v6 theme on Mantine and the form component
 * driven by @portal/form-engine. The app needs the Mantine styles
 * (@mantine/core, @mantine/dropzone, @mantine/notifications) and a
 * <Notifications /> host for the toasts.
 */
export { SchemaForm, type SchemaFormProps, type DraftCheck } from './schema-form/SchemaForm';
export { checkDraft, prepareCheck } from './schema-form/runCheck';
export { ErrorSummary, ERROR_SUMMARY_TITLE, type ErrorSummaryProps } from './error-summary/ErrorSummary';
export { focusField } from './error-summary/focusField';
export { describePath } from './error-summary/describePath';
export { createTheme, theme, type Theme } from './theme/createTheme';
export { engineValidator } from './theme/engineValidator';
export { spanishStrings } from './theme/spanishStrings';
export { accessibleColors } from './theme/accessibleColors';
export { pathToId, ID_PREFIX, ID_SEPARATOR } from './data/pathToId';
export { buildUiSchema, toRjsfSchema, rjsfViewOf, widgetFor, WIDGET, type WidgetName, type RjsfView } from './data/rjsfSchema';
export { applyMask, unmask, maskDigits } from './widgets/masked/mask';
export { formatAmount, currencyPrefix } from './theme/widgets/currency';
export type { FormApi, StoredDocument, JsonAnswer, Notify, DismissNotification, ShowErrors } from './types';
export type { LookupFieldError } from './field-state/FormStore';
export { AnswerText, type AnswerTextProps } from './answers/AnswerText';
export { GridRowEditor, ROW_HAS_ERRORS, type GridRowEditorProps } from './grid-dialog/GridRowEditor';
export { GridRowPreview, type GridRowPreviewProps } from './grid-dialog/GridRowPreview';
export { ROW_WITH_ERRORS } from './grid-dialog/RowDialogGrid';
export type { RowDialogRequest, OpenRowDialog } from './grid-dialog/types';
