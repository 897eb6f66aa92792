export { hasControlCharacters, plainText, type TextKind } from './controls';
export { confirmation, emailField, field, form, numberField, passwordConfirm, uuidField, withConfirmation, type FieldOptions } from './field';
export { fieldErrors, parseToken, token, translateToken, type TokenValues, type Translate } from './messages';
export { toNumber, type DecimalMark } from './numbers';
export { matchesPattern, PATTERNS, type PatternName } from './patterns';
export {
  alpha,
  between,
  email,
  greaterThan,
  maxLength,
  minLength,
  password,
  PASSWORD_MAX,
  PASSWORD_MIN,
  pattern,
  required,
  timeZone,
  type Rule,
} from './rules';
export { findUnstorable, unstorableToken, type UnstorableAt } from './storable';
export { isTimeZone } from './timezone';
