/** Node-only helpers of the form engine: loading forms from schemas/, docs and the CLI. */
export { loadForm, listForms, formFile, readFormFile, schemasDir, FormFileError, FORM_NAME_PATTERN, FORM_NAME_MAX_LENGTH, isFormName, BUILT_IN_FORMS } from './loadForm';
export { writeFormDocs, docsDir } from './writeFormDocs';
export { main as runCli } from './cli';
export { lintForm, type LintIssue } from '../lint/lintForm';
export { formDocs } from '../docs/formDocs';
export { standaloneValidatorsModule } from './standaloneValidators';
export { formValidatorsPlugin } from './formValidatorsVitePlugin';
export { compileHintPlugin, COMPILE_HINT } from './compileHint';
export { checkFormFolder, type FolderCheck, type FixtureVerdict, type ParseError } from './formFolder';
export { formStudioPlugin, studioState } from './formStudioVitePlugin';
