import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { judgePassword } from './passwordPolicy';
import {
  MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, PASSWORD_HAS_CEDULA, PASSWORD_TOO_LONG, PASSWORD_TOO_SHORT, passwordRuleProblem, passwordRuleVerdict,
} from './passwordRules';

const CEDULA = '40229183641';

describe('the cheap password rules (the browser checks them at once)', () => {
  it('refuse short and long passwords and the cédula, with the Spanish messages, score 0', () => {
    expect(passwordRuleVerdict('Ab-3x', CEDULA)).toEqual({ score: 0, problem: PASSWORD_TOO_SHORT });
    expect(passwordRuleVerdict('x'.repeat(MAX_PASSWORD_LENGTH + 1), CEDULA)).toEqual({ score: 0, problem: PASSWORD_TOO_LONG });
    expect(passwordRuleProblem(`Clave${CEDULA}`, CEDULA)).toBe(PASSWORD_HAS_CEDULA);
    expect(passwordRuleProblem('Clave-402-2918364-1', '402-2918364-1')).toBe(PASSWORD_HAS_CEDULA);
    expect(PASSWORD_TOO_SHORT).toBe(`La contraseña debe tener al menos ${MIN_PASSWORD_LENGTH} caracteres`);
  });

  it('let through what only guessability can refuse (null: the server judges the rest)', () => {
    expect(passwordRuleVerdict('aaaaaaaaaa', CEDULA)).toBeNull();
    expect(passwordRuleVerdict('Mango-verde-Bani-2026', '')).toBeNull();
    expect(passwordRuleVerdict('x'.repeat(MAX_PASSWORD_LENGTH), CEDULA)).toBeNull();
  });

  it('count characters, not UTF-16 units', () => {
    expect(passwordRuleProblem('ñandú😀ñand', CEDULA)).toBeNull();
    expect(passwordRuleProblem('😀'.repeat(MAX_PASSWORD_LENGTH), CEDULA)).toBeNull();
  });

  it('are the first step of the server\'s verdict: the same answer whenever they refuse', () => {
    for (const password of ['corto', `Mi-${CEDULA}-clave`, 'x'.repeat(300), '']) {
      const cheap = passwordRuleVerdict(password, CEDULA);
      expect(cheap).not.toBeNull();
      expect(judgePassword(password, CEDULA)).toEqual(cheap);
    }
  });

  it('import no dictionary (the module the browser loads)', () => {
    const source = readFileSync(new URL('./passwordRules.ts', import.meta.url), 'utf8');
    expect(source.match(/^\s*import\s.*$/gm) ?? []).toEqual([]);
  });
});
