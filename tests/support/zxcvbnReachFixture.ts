/**
 * A module that reaches zxcvbn the way the app once did (app/src/features/auth/components/passwordRules.ts
 * loaded the password policy with import() when a dialog opened): tests/architecture.test.ts proves that its
 * walk of the app's imports finds such a path. Never imported by anything.
 */
export const loadPasswordPolicy = () => import('@portal/form-engine/password');
