/**
 * The portal's password rules in the browser: the same module the server
 * judges with (`@portal/form-engine/password`), so the messages are the same
 * words. Its dictionaries are large, so it loads on first use, apart from the
 * modal that shows the field.
 */
import { useEffect, useState } from 'react';

type PasswordRules = typeof import('@portal/form-engine/password');

let loading: Promise<PasswordRules> | null = null;

/** Loads the rules once per page. */
export function loadPasswordRules(): Promise<PasswordRules> {
  loading ??= import('@portal/form-engine/password');
  return loading;
}

/** The rules once loaded (null until then); starts loading on mount. */
export function usePasswordRules(): PasswordRules | null {
  const [rules, setRules] = useState<PasswordRules | null>(null);
  useEffect(() => {
    let alive = true;
    void loadPasswordRules().then((module) => alive && setRules(module));
    return () => {
      alive = false;
    };
  }, []);
  return rules;
}

/** The Spanish reason a new password is refused (the server's words), or null. Waits for the rules if needed. */
export async function newPasswordProblem(password: string, cedula: string, personal: readonly string[] = []): Promise<string | null> {
  if (password === '') return 'Este campo es requerido';
  const rules = await loadPasswordRules();
  return rules.passwordProblem(password, cedula, personal);
}
