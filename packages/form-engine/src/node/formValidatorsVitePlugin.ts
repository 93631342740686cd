/**
 * Vite plugin: `import { validators } from 'virtual:form-validators'` gives the
 * precompiled validators of every form under schemas/ (regenerated when a schema
 * changes). The app registers them with registerPrecompiledValidators().
 * `import { forms } from 'virtual:form-schemas'` gives a loader per form name
 * (`forms.formalizacion()` resolves to its schema), each its own chunk, so a
 * form added under schemas/ (or FORM_SCHEMAS_DIR) is served with no code change.
 */
import { join } from 'node:path';
import { listForms, readFormFile, schemasDir } from './loadForm';
import { standaloneValidatorsModule } from './standaloneValidators';

const ID = 'virtual:form-validators';
const RESOLVED = `\0${ID}`;
const SCHEMAS_ID = 'virtual:form-schemas';
const SCHEMAS_RESOLVED = `\0${SCHEMAS_ID}`;

/** The loaders module: `export const forms = { name: () => import(file).then((m) => m.default) }`. */
function schemaLoadersModule(names: string[]): string {
  const entries = names.map((name) => `  ${JSON.stringify(name)}: () => import(${JSON.stringify(join(schemasDir(), name, 'schema.json'))}).then((m) => m.default),`);
  return `export const forms = {\n${entries.join('\n')}\n};\n`;
}

export function formValidatorsPlugin() {
  return {
    name: 'portal-form-validators',
    resolveId(id: string) {
      if (id === SCHEMAS_ID) return SCHEMAS_RESOLVED;
      return id === ID ? RESOLVED : null;
    },
    load(this: { addWatchFile?: (file: string) => void }, id: string) {
      if (id === SCHEMAS_RESOLVED) return schemaLoadersModule(listForms());
      if (id !== RESOLVED) return null;
      const files = listForms().map((name) => join(schemasDir(), name, 'schema.json'));
      for (const file of files) this.addWatchFile?.(file);
      return standaloneValidatorsModule(files.map((f) => readFormFile(f)));
    },
  };
}
