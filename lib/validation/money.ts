import { parseToken, token } from './messages';
import type { Rule } from './rules';

/**
 * An amount in minor units, as MoneyInput hands it to a form and the API receives it: digits,
 * with up to `extraDigits` decimals for the fraction of a minor unit a unit price may carry.
 * When MoneyInput could not read what was typed it hands over the reason instead (a token such
 * as `validation.moneyDecimals {"digits":2}`), which this rule reports as the field's error.
 */
export function money(options: { extraDigits?: number; positive?: boolean; max?: bigint | number } = {}): Rule<'money'> {
  const { extraDigits = 0, positive = false, max } = options;
  const shape = new RegExp(`^\\d{1,15}${extraDigits ? `(?:\\.\\d{1,${extraDigits}})?` : ''}$`);
  return {
    kind: 'money',
    test(value) {
      const text = String(value);
      if (parseToken(text)) return text;
      if (!shape.test(text)) return token('number');
      const [whole, fraction = ''] = text.split('.');
      if (positive && !/[1-9]/.test(text)) return token('greaterThan', { min: 0 });
      const limit = max === undefined ? undefined : BigInt(max);
      if (limit !== undefined && (BigInt(whole) > limit || (BigInt(whole) === limit && /[1-9]/.test(fraction)))) {
        return token('numberMaxEq', { max: limit.toString() });
      }
      return undefined;
    },
  };
}
