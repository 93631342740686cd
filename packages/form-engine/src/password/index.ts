export {
  MIN_PASSWORD_LENGTH, MAX_PASSWORD_LENGTH, PASSWORD_TOO_SHORT, PASSWORD_TOO_LONG, PASSWORD_HAS_CEDULA,
  passwordRuleVerdict, passwordRuleProblem,
} from './passwordRules';
export { judgePassword, passwordProblem, MIN_PASSWORD_SCORE, PASSWORD_GUESSABLE, type PasswordVerdict } from './passwordPolicy';
