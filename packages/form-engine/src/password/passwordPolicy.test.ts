import { describe, expect, it } from 'vitest';
import { GUESS_JUDGED_LENGTH, judgePassword, passwordProblem, PASSWORD_GUESSABLE } from './passwordPolicy';
import { PASSWORD_HAS_CEDULA, PASSWORD_TOO_SHORT } from './passwordRules';

const CEDULA = '40229183641';

describe('passwordProblem', () => {
  it.each(['aaaaaaaaaa', '1234567890', 'password12', 'qwertyuiop', 'contraseña123', 'abcdefghijk', 'Republica2026'])(
    'refuses the guessable %j with a Spanish reason',
    (password) => {
      const problem = passwordProblem(password, CEDULA);
      expect(problem).toMatch(new RegExp(`^${PASSWORD_GUESSABLE}`));
      expect(problem).toMatch(/Use una frase/);
    },
  );

  it('says why: repeats, common passwords', () => {
    expect(passwordProblem('aaaaaaaaaa', CEDULA)).toMatch(/repetidos/);
    expect(passwordProblem('1234567890', CEDULA)).toMatch(/frecuencia|comúnmente/);
  });

  it('refuses short passwords and the cédula, with or without dashes', () => {
    expect(passwordProblem('Ab-3x', CEDULA)).toBe(PASSWORD_TOO_SHORT);
    expect(passwordProblem(`Clave${CEDULA}`, CEDULA)).toBe(PASSWORD_HAS_CEDULA);
    expect(passwordProblem('Clave-402-2918364-1', CEDULA)).toBe(PASSWORD_HAS_CEDULA);
  });

  it('refuses a password built from the person\'s own name', () => {
    const personal = ['Juan Carlos', 'Peña Núñez', 'juancarlospena@example.com'];
    expect(judgePassword('PenaNunez-Juan', CEDULA, personal).score).toBeLessThan(judgePassword('PenaNunez-Juan', CEDULA).score);
    expect(passwordProblem('juancarlospena', CEDULA, personal)).toMatch(/datos personales/);
  });

  it.each(['Demo-Portal-2026', 'Clave-de-Prueba-Segura-7', 'mi perro come mangos verdes', 'Tr0mb0n-azul-Cibao'])('accepts %j', (password) => {
    expect(passwordProblem(password, CEDULA)).toBeNull();
    expect(judgePassword(password, CEDULA).score).toBeGreaterThanOrEqual(3);
  });

  it('counts characters, not UTF-16 units, for the length', () => {
    expect(passwordProblem('ñandú😀ñandú', CEDULA)).not.toBe(PASSWORD_TOO_SHORT);
  });

  it('judges guessability on the first 64 characters (a 256-character look-alike string used to hold the server for ~30 s)', () => {
    const start = 'p4$$w0rd'.repeat(8);
    expect([...start]).toHaveLength(GUESS_JUDGED_LENGTH);
    const long = judgePassword(`${start}${'p4$$w0rd'.repeat(24)}`, '');
    expect(long).toEqual(judgePassword(start, ''));
    expect(long.problem).toMatch(/^La contraseña es fácil de adivinar/);
    // What follows the 64th character does not make a guessable start acceptable.
    expect(judgePassword(`${'a'.repeat(64)}Zq8#vLm2!Rt7@kPw`, '').problem).toMatch(/^La contraseña es fácil de adivinar/);
  });
});
