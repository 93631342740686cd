/**
 * Creates a back-office account (production has no sandbox staff):
 *   npm run staff:create -- --email ana@pgr.gob.do --name "Ana Pérez" --role oficial --institution PGR
 *   npm run staff:create -- --email jefe@portal.gob.do --name "Administración" --role administrador
 *   npm run staff:create -- --email formularios@portal.gob.do --name "Analista de formularios" --role analista
 * The password comes from STAFF_PASSWORD, else it is asked for (not echoed).
 * It follows the citizens' password rules (@portal/form-engine/password) and
 * is stored as argon2id with the server's cost. Uses the configured database
 * (DATABASE_URL, or PGlite in DATA_DIR: stop the server first).
 */
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { passwordProblem } from '@portal/form-engine/password';
import { loadConfig } from '../config';
import type { Queryable } from '../db/Db';
import { createDb } from '../db/createDb';
import { migrate } from '../db/migrate';
import { createPasswordHasher, type PasswordHasher } from '../services/passwordHasher';
import { createStaff, type StaffRole, type StaffView } from '../services/staff/staffStore';
import { runCommand } from './runCommand';

export const USAGE =
  'Uso: npm run staff:create -- --email <correo> --name "<nombre>" --role oficial|administrador|analista [--institution <SIGLA>]\n' +
  'La contraseña se toma de STAFF_PASSWORD o se pide al ejecutar.';

/** What the command asks for, checked. */
export interface StaffRequest {
  email: string;
  name: string;
  role: StaffRole;
  institution: string | null;
}

/** The command's arguments as a request, or the Spanish reason they are wrong. */
export function parseStaffArgs(args: string[]): StaffRequest | { error: string } {
  let values: Record<string, string | undefined>;
  try {
    values = parseArgs({ args, options: { email: { type: 'string' }, name: { type: 'string' }, role: { type: 'string' }, institution: { type: 'string' } }, strict: true }).values;
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
  const email = values.email?.trim().toLowerCase() ?? '';
  const name = values.name?.trim() ?? '';
  const role = values.role;
  const institution = values.institution?.trim().toUpperCase() || null;
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) return { error: 'Indique un correo electrónico válido (--email)' };
  if (name.length < 2 || name.length > 120) return { error: 'Indique el nombre de la persona (--name)' };
  if (role !== 'oficial' && role !== 'administrador' && role !== 'analista') return { error: 'El rol debe ser oficial, administrador o analista (--role)' };
  if (role === 'oficial' && (institution === null || !/^[A-Z]{2,20}$/.test(institution))) {
    return { error: 'Un oficial necesita la sigla de su institución (--institution, p. ej. PGR; VUF para la formalización)' };
  }
  if (role !== 'oficial' && institution !== null) return { error: `Un ${role} no pertenece a una institución: quite --institution` };
  return { email, name, role, institution: role === 'oficial' ? institution : null };
}

/** Creates the account after checking the password rules; the Spanish reason when it cannot. */
export async function createStaffAccount(db: Queryable, hasher: PasswordHasher, request: StaffRequest, password: string): Promise<StaffView | { error: string }> {
  const problem = passwordProblem(password, '', [request.email, request.name]);
  if (problem !== null) return { error: problem };
  const created = await createStaff(db, { ...request, passwordHash: await hasher.hash(password) });
  return created ?? { error: `Ya existe una cuenta del personal con el correo ${request.email}` };
}

/** Reads a line from the terminal without echoing it. */
function askPassword(question: string): Promise<string> {
  return new Promise((resolve) => {
    const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
    const output = rl as unknown as { _writeToOutput?: (text: string) => void };
    let asked = false;
    output._writeToOutput = (text: string) => {
      if (!asked) {
        asked = true;
        process.stdout.write(text);
      }
    };
    rl.question(question, (answer) => {
      rl.close();
      process.stdout.write('\n');
      resolve(answer);
    });
  });
}

async function run(args: string[]): Promise<number> {
  const request = parseStaffArgs(args);
  if ('error' in request) {
    console.error(`${request.error}\n${USAGE}`);
    return 2;
  }
  const password = process.env.STAFF_PASSWORD ?? (await askPassword('Contraseña: '));
  const config = loadConfig(process.env);
  const db = await createDb(config);
  try {
    await migrate(db);
    const result = await createStaffAccount(db, createPasswordHasher(config.argon2), request, password);
    if ('error' in result) {
      console.error(result.error);
      return 1;
    }
    console.log(`Cuenta creada: ${result.email} (${result.role}${result.institution ? `, ${result.institution}` : ''}), id ${result.id}. En su primer ingreso configura su segundo factor (una aplicación de autenticación) y recibe sus códigos de recuperación.`);
    return 0;
  } finally {
    await db.close();
  }
}

runCommand(import.meta.url, run);
