/**
 * Vite plugin: `import { validators } from 'virtual:form-validators'` gives the
 * precompiled validators of every form under schemas/ (regenerated when a schema
 * changes). The app registers them with registerPrecompiledValidators().
 */
import { join } from 'node:path';
import { listForms, readFormFile, schemasDir } from './loadForm';
import { standaloneValidatorsModule } from './standaloneValidators';

const ID = 'virtual:form-validators';
const RESOLVED = `\0${ID}`;

export function formValidatorsPlugin() {
  return {
    name: 'portal-form-validators',
    resolveId(id: string) {
      return id === ID ? RESOLVED : null;
    },
    load(this: { addWatchFile?: (file: string) => void }, id: string) {
      if (id !== RESOLVED) return null;
      const files = listForms().map((name) => join(schemasDir(), name, 'schema.json'));
      for (const file of files) this.addWatchFile?.(file);
      return standaloneValidatorsModule(files.map((f) => readFormFile(f)));
    },
  };
}
