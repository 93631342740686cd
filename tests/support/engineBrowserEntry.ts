/** The engine as the app ships it: with the validators precompiled at build time registered. */
import { registerPrecompiledValidators } from '../../packages/form-engine/src/index';
import { validators } from 'virtual:form-validators';

registerPrecompiledValidators(validators);

export * from '../../packages/form-engine/src/index';
