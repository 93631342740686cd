/**
 * Public API of the form engine. Plain TypeScript: no React, no DOM, no Node
 * built-ins, so the same code runs in the browser and on the server.
 */
export type * from './types';
export { compileForm, type CompiledForm, type Template } from './compile/compileForm';
export { evaluate } from './evaluate/evaluate';
export { validate, check, createIncrementalCheck, type ValidationResult, type CheckResult, type IncrementalCheck } from './validate/validate';
export { prune } from './evaluate/prune';
export { requestLabel } from './evaluate/requestLabel';
export { copyIntoRow, copiesFromRows, rowCopies, rowCopySources, type RowCopyOptions, type RowCopyResult } from './rowCopy/rowCopy';
export { formPreview, type FormPreview, type PreviewPart, type PreviewField } from './docs/formPreview';
export { FORMATS, type FormatDef } from './validate/formats';
export { registerPrecompiledValidators, structuralFingerprint, type PrecompiledValidator } from './validate/structuralValidator';
export { DEFAULT_MESSAGES, fillMessage } from './validate/messages';
export { applyRule, truthy, withToday, KNOWN_OPERATORS } from './logic/operators';
export { todayInDominicanRepublic, addDays, parseIsoDate } from './logic/dates';
export {
  interpretLookup, sourceItems, sourceLabel, sourceValue, lookupDue, failsFormat, formatInvalid, lookupChanges, type LookupOutcome,
} from './lookup/lookup';
export {
  lookupTasks, runLookups, withLookupFills, type LookupAnswer, type LookupFetch, type LookupOptions, type LookupTask, type LookupVerdict,
} from './lookup/runLookups';
export { LookupAnswerCache, isVerdict, type LookupCacheOptions } from './lookup/answerCache';
export {
  ANY_ROW, isRowIndex, isRowPath, valueAt, rowPathOf, resolveRelative, rowScope, scopeAt, withNames, toTemplatePath, nodeAt, templateInstances,
  type TemplateInstance,
} from './paths/paths';
export {
  expandUrl, sourceUrl, sourceUrls, parsePlaceholders, placeholdersOf, placeholderNames, hasPlaceholders, type Placeholder, type TemplatePart,
} from './placeholders/placeholders';
export {
  answerDisplay, answerAt, optionOf, sourceAnswerLabel, sectionAnswers, isBlankAnswer, NO_ANSWER,
  itemName, rowTitle, rowLabel, rowNameText, ROW_NAME_SEPARATOR,
  type AnswerDisplay, type AnswerContext, type AnswerDocument, type AnswerFile, type AnswerItem, type AnswerGroup,
} from './answers/answers';
export { formatAmount, formatNumber, formatIsoDate, currencyPrefix, currencyCode, applyMask, unmask, maskDigits } from './answers/format';
export { isValidCedula, cedulaCheckDigit } from './identity/cedula';
export { isValidRnc, rncCheckDigit } from './identity/rnc';
export { isValidPersonName } from './identity/personName';
export { isValidEmail } from './identity/email';
export { foldText, searchText, searchWords, wordMatcher, matchesAllWords } from './search/wordSearch';
export { formChanges, type FormChange, type FormChangeKind } from './versions/formChanges';
export { STUDIO_EVENT, type StudioState } from './versions/studioProtocol';
