/**
 * Vite plugin for the forms built into the app (the profile and «Sugerir un
 * servicio», which are not online services; the online services' forms are
 * published at run time: GET /v1/forms/{form}, issue 26).
 * `import { validators } from 'virtual:form-validators/perfil'` gives the
 * precompiled validators of schemas/perfil (regenerated when the schema
 * changes); `virtual:form-validators` gives every form's (the bench and the
 * engine's browser tests). The app registers them with registerPrecompiledValidators().
 */
import { join } from 'node:path';
import { listForms, readFormFile, schemasDir } from './loadForm';
import { standaloneValidatorsModule } from './standaloneValidators';

const ID = 'virtual:form-validators';
const PREFIX = '\0portal-form-validators:';

export function formValidatorsPlugin() {
  return {
    name: 'portal-form-validators',
    resolveId(id: string) {
      // Every form: no name after the prefix.
      if (id === ID) return PREFIX;
      if (id.startsWith(`${ID}/`)) return `${PREFIX}${id.slice(ID.length + 1)}`;
      return null;
    },
    load(this: { addWatchFile?: (file: string) => void }, id: string) {
      if (!id.startsWith(PREFIX)) return null;
      const wanted = id.slice(PREFIX.length);
      const names = wanted === '' ? listForms() : listForms().filter((name) => name === wanted);
      if (names.length === 0) throw new Error(`${ID}/${wanted}: no hay tal formulario en ${schemasDir()}`);
      const files = names.map((name) => join(schemasDir(), name, 'schema.json'));
      for (const file of files) this.addWatchFile?.(file);
      return standaloneValidatorsModule(files.map((f) => readFormFile(f)));
    },
  };
}
