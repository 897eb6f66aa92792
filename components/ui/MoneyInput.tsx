'use client';

import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { FieldFrame, inputClass, wiring } from '@/lib/forms/fields';
import { moneyInputText, parseMoney } from '@/lib/format/money-input';
import { useLocale } from '@/lib/i18n/client';
import { token } from '@/lib/validation/messages';

type MoneyInputProps = {
  label: string;
  currency: string;
  /** Minor units ("4990"), '' for none, or the token of what could not be read. */
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** The fraction of a minor unit the amount may carry (invoice unit prices: 4). */
  extraDigits?: number;
  error?: string;
  hint?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  testId?: string;
};

/** What the form holds for a typed text: minor units, or the reason they could not be read. */
function valueOf(text: string, currency: string, locale: string, extraDigits: number): string {
  const parsed = parseMoney(text, currency, locale, extraDigits);
  if ('minor' in parsed) return parsed.minor;
  return parsed.error === 'moneyDecimals' ? token('moneyDecimals', { digits: parsed.digits }) : token('number');
}

/**
 * The one money input: the amount typed in the currency's unit and the reader's notation
 * ("49.90", "49,90" in Spanish), held by the form as integer minor units. The `money()`
 * validation rule reports what it could not read, in the reader's language.
 */
export function MoneyInput({ label, currency, value, onChange, onBlur, extraDigits = 0, error, hint, required, disabled, testId }: MoneyInputProps) {
  const id = useId();
  const locale = useLocale();
  const [text, setText] = useState(() => moneyInputText(value, currency, locale));
  const [held, setHeld] = useState(value);
  // A value set from outside (a plan chosen, the form reset) replaces what was typed.
  if (value !== held) {
    setHeld(value);
    if (value !== valueOf(text, currency, locale, extraDigits)) setText(moneyInputText(value, currency, locale));
  }
  // Another currency reads the same text into other minor units (49.90 USD is 4990, in KWD 49900).
  const readAs = useRef(`${currency}:${extraDigits}`);
  useEffect(() => {
    if (readAs.current === `${currency}:${extraDigits}`) return;
    readAs.current = `${currency}:${extraDigits}`;
    const next = valueOf(text, currency, locale, extraDigits);
    if (next !== value) onChange(next);
  }, [currency, extraDigits, text, locale, value, onChange]);
  return (
    <FieldFrame id={id} label={`${label} (${currency})`} hint={hint} error={error}>
      <input
        {...wiring(id, { hint, error, required })}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        value={text}
        disabled={disabled}
        onChange={(e) => {
          const next = valueOf(e.target.value, currency, locale, extraDigits);
          setText(e.target.value);
          setHeld(next);
          onChange(next);
        }}
        onBlur={onBlur}
        className={`${inputClass} tabular-nums`}
        data-testid={testId}
      />
    </FieldFrame>
  );
}

/** MoneyInput bound to a react-hook-form field holding minor units. */
export function FormMoneyInput<T extends FieldValues>({
  control,
  name,
  ...props
}: Omit<MoneyInputProps, 'value' | 'onChange' | 'onBlur'> & { control: Control<T>; name: Path<T> }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => <MoneyInput {...props} value={String(field.value ?? '')} onChange={field.onChange} onBlur={field.onBlur} />}
    />
  );
}
