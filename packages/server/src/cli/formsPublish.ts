/**
 * npm run forms:publish -- schemas/<form> [--portal URL] [--correo EMAIL] [--codigo 123456] [--nota "…"] [--si]
 *
 * Publishes a form folder to a RUNNING portal (issue 26 §2), on the embedded database or on
 * PostgreSQL with several servers alike (the command goes through the portal's API, which holds the
 * data): it lints the form and runs its fixtures and refuses on any failure; prints, in Spanish, what
 * changed against the live version (the engine's formChanges, the same words the back office shows);
 * asks for a one-line note; then publishes as an analyst or administrator signed in with their
 * second factor (audited). Every server serves the new version within a minute. Publishing an
 * earlier file again is the rollback.
 *
 * The password comes from FORMS_PUBLISH_PASSWORD or is asked (hidden); the e-mail from --correo,
 * FORMS_PUBLISH_EMAIL or a question; the authenticator code from --codigo or a question (the sandbox's:
 * npm run staff:code). Without a terminal, everything must be given.
 */
import { createInterface } from 'node:readline/promises';
import { stdin, stdout } from 'node:process';
import { formChanges, type FormSchema } from '@portal/form-engine';
import { checkFormFolder, isFormName, type FolderCheck } from '@portal/form-engine/node';
import { runCommand } from './runCommand';

const USAGE = 'Uso: npm run forms:publish -- schemas/<formulario> [--portal URL] [--correo CORREO] [--codigo 123456] [--nota "…"] [--si]';

interface Options {
  folder: string;
  portal: string;
  email?: string;
  code?: string;
  note?: string;
  yes: boolean;
}

function parseArgs(args: string[], env: NodeJS.ProcessEnv): Options | string {
  const rest: string[] = [];
  const options: Partial<Options> = { yes: false };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const value = () => {
      const v = args[++i];
      if (v === undefined) throw new Error(`Falta el valor de ${arg}`);
      return v;
    };
    if (arg === '--portal') options.portal = value();
    else if (arg === '--correo') options.email = value();
    else if (arg === '--codigo') options.code = value();
    else if (arg === '--nota') options.note = value();
    else if (arg === '--si') options.yes = true;
    else if (arg.startsWith('--')) return `Opción desconocida: ${arg}\n${USAGE}`;
    else rest.push(arg);
  }
  if (rest.length !== 1) return USAGE;
  return {
    folder: rest[0],
    portal: (options.portal ?? env.FORMS_PUBLISH_PORTAL ?? `http://127.0.0.1:${env.PORT ?? 3000}`).replace(/\/+$/, ''),
    email: options.email ?? env.FORMS_PUBLISH_EMAIL,
    code: options.code,
    note: options.note,
    yes: options.yes ?? false,
  };
}

/** What the folder check found, in lines for the terminal; empty when it is ready to publish. */
export function folderProblems(check: FolderCheck): string[] {
  const lines: string[] = [];
  if (check.parseError) lines.push(`${check.file}:${check.parseError.line}:${check.parseError.column}: el archivo no es JSON válido (${check.parseError.message})`);
  for (const issue of check.lint) lines.push(`${check.file}#${issue.pointer}: ${issue.message}`);
  for (const f of check.fixtures.filter((x) => !x.ok)) {
    if (f.problem) lines.push(`fixtures/${f.file}: ${f.problem}`);
    else if (f.expected === 'valid') lines.push(`fixtures/${f.file}: debía ser válida y da ${f.errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`);
    else lines.push(`fixtures/${f.file}: debía dar ${JSON.stringify(f.expectedErrors ?? 'algún error')} y da ${JSON.stringify(f.errors)}`);
  }
  if (!check.parseError && check.lint.length === 0) {
    if (!check.fixtures.some((f) => f.expected === 'valid')) lines.push('Falta al menos un ejemplo válido en fixtures/valid');
    if (!check.fixtures.some((f) => f.expected === 'invalid')) lines.push('Falta al menos un ejemplo inválido en fixtures/invalid');
  }
  return lines;
}

/** The portal's refusal: its Spanish message, and the status. */
class PortalError extends Error {
  constructor(message: string, readonly status: number) {
    super(message);
  }
}

/** A JSON call to the portal; rejects with the portal's Spanish message (a PortalError). */
async function call<T>(portal: string, path: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`${portal}${path}`, {
      method: init.method ?? 'GET',
      headers: { ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
  } catch (error) {
    throw new Error(`No se pudo conectar con el portal en ${portal} (${(error as Error).message}). ¿Está en marcha? Indique otro con --portal`, { cause: error });
  }
  const text = await res.text();
  const body = text ? (JSON.parse(text) as { message?: string; errors?: { path: string; message: string }[] }) : {};
  if (!res.ok) {
    const details = (body.errors ?? []).map((e) => `\n  ${e.path}: ${e.message}`).join('');
    throw new PortalError(`${body.message ?? `El portal respondió ${res.status}`}${details}`, res.status);
  }
  return body as T;
}

async function ask(question: string, { hidden = false } = {}): Promise<string> {
  if (!stdin.isTTY) throw new Error(`Falta un dato que no se puede preguntar sin terminal: ${question.replace(/:\s*$/, '')}`);
  const rl = createInterface({ input: stdin, output: stdout, terminal: true });
  if (hidden) {
    // The typed password is not echoed.
    (rl as unknown as { _writeToOutput: (s: string) => void })._writeToOutput = (s: string) => {
      if (s.startsWith(question)) stdout.write(question);
    };
  }
  try {
    const answer = await rl.question(question);
    if (hidden) stdout.write('\n');
    return answer.trim();
  } finally {
    rl.close();
  }
}

async function signIn(options: Options, env: NodeJS.ProcessEnv): Promise<string> {
  const email = options.email ?? (await ask('Correo (analista o administrador): '));
  const password = env.FORMS_PUBLISH_PASSWORD ?? (await ask('Contraseña: ', { hidden: true }));
  const step = await call<{ step: string; pending_token: string; factors: string[] }>(options.portal, '/v1/backoffice/auth/login', { method: 'POST', body: { email, password } });
  if (step.step !== 'codigo' || !step.factors.includes('aplicacion')) {
    throw new Error('Esta cuenta aún no configuró su aplicación de autenticación: ingrese primero en la oficina del portal (/oficina)');
  }
  const code = options.code ?? (await ask('Código de su aplicación de autenticación (6 dígitos): '));
  const session = await call<{ token: string; staff: { role: string } }>(options.portal, '/v1/backoffice/auth/second-factor', {
    method: 'POST', body: { pending_token: step.pending_token, code },
  });
  if (session.staff.role !== 'administrador' && session.staff.role !== 'analista') throw new Error('Solo un administrador o un analista puede publicar formularios');
  return session.token;
}

export async function run(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  let options: Options | string;
  try {
    options = parseArgs(args, env);
  } catch (error) {
    console.error((error as Error).message);
    return 2;
  }
  if (typeof options === 'string') {
    console.error(options);
    return 2;
  }
  const check = checkFormFolder(options.folder);
  const problems = folderProblems(check);
  if (!isFormName(check.form)) problems.unshift(`La carpeta «${check.form}» no es un nombre de formulario: minúsculas, dígitos y guiones (renovacion-licencia-conducir)`);
  if (problems.length > 0 || !check.schema) {
    console.error(`No se publica ${check.form}: corrija primero lo siguiente.`);
    for (const line of problems) console.error(`  ${line}`);
    return 1;
  }
  const passed = check.fixtures.length;
  console.log(`${check.form}: el formulario es válido y sus ${passed} ejemplos dan lo esperado.`);

  try {
    let live: { version: number; schema: FormSchema } | null = null;
    try {
      live = (await call<{ data: { version: number; schema: FormSchema } }>(options.portal, `/v1/forms/${encodeURIComponent(check.form)}`)).data;
    } catch (error) {
      // Never published: this is its version 1.
      if (!(error instanceof PortalError && error.status === 404)) throw error;
    }
    if (live) {
      const changes = formChanges(live.schema, check.schema);
      if (changes.length === 0 && JSON.stringify(live.schema) === JSON.stringify(check.schema)) {
        console.log(`La versión ${live.version} del portal ya es este archivo: no hay nada que publicar.`);
        return 0;
      }
      console.log(`Cambios respecto de la versión ${live.version} publicada:`);
      for (const c of changes) console.log(`  - ${c.text}`);
      if (changes.length === 0) console.log('  - Solo cambia el orden o la forma del archivo, no lo que ve el ciudadano.');
    } else {
      console.log(`${check.form} no está publicado todavía: será su versión 1.`);
    }
    const note = (options.note ?? (await ask('Nota de una línea (qué cambió y por qué): '))).trim();
    if (note === '') {
      console.error('La nota no puede quedar vacía.');
      return 1;
    }
    if (!options.yes && (await ask('¿Publicar? (s/n): ')).toLowerCase() !== 's') {
      console.log('No se publicó nada.');
      return 1;
    }
    const token = await signIn(options, env);
    const { data } = await call<{ data: { version: number; hash: string } }>(options.portal, `/v1/backoffice/forms/${encodeURIComponent(check.form)}/versions`, {
      method: 'POST', token, body: { schema: check.schema, note, base_version: live?.version ?? 0 },
    });
    await call(options.portal, '/v1/backoffice/auth/logout', { method: 'POST', token }).catch(() => undefined);
    console.log(`Publicada la versión ${data.version} de ${check.form} (${data.hash.slice(0, 12)}). Todos los servidores la sirven en menos de un minuto.`);
    return 0;
  } catch (error) {
    console.error(`No se publicó: ${(error as Error).message}`);
    return 1;
  }
}

runCommand(import.meta.url, run);
