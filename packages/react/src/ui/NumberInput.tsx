import { type ComponentPropsWithoutRef, useState } from 'react';

type NativeProps = Omit<ComponentPropsWithoutRef<'input'>, 'type' | 'value' | 'defaultValue' | 'onChange'>;

export interface NumberInputProps extends NativeProps {
  value: number | undefined;
  /** Called with each number typed, within `min` and `max` when they are given; never with an empty field. */
  onValue: (value: number) => void;
  /** Whether a number may be used (for example, above zero); others are kept as typed and not passed on. */
  accepts?: (value: number) => boolean;
}

/**
 * A number field that keeps what is being typed. A controlled `<input type="number">` whose handler ignores an
 * empty field puts the last value back at once, so a value could not be deleted and typed again: here the text is
 * the field's own while it has focus (empty, or a number on its way), each number is passed on as it is typed, and
 * the value comes back when the field is left.
 */
export function NumberInput({ value, onValue, accepts, min, max, onBlur, ...props }: NumberInputProps) {
  const [typed, setTyped] = useState<string | null>(null);
  const clamp = (n: number) => {
    const low = min === undefined ? n : Math.max(Number(min), n);
    return max === undefined ? low : Math.min(Number(max), low);
  };
  return (
    <input
      {...props}
      type="number"
      min={min}
      max={max}
      value={typed ?? (value === undefined ? '' : String(value))}
      onChange={(event) => {
        const text = event.target.value;
        setTyped(text);
        const n = Number(text);
        if (text.trim() === '' || !Number.isFinite(n) || (accepts && !accepts(n))) return;
        onValue(clamp(n));
      }}
      onBlur={(event) => {
        setTyped(null);
        onBlur?.(event);
      }}
    />
  );
}
