import { type InputHTMLAttributes, type ReactNode, useId } from 'react';

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** The field's mistake, shown under it and tied to it for screen readers. */
  error?: string | undefined;
  /** A hint under the field (also tied to it). */
  hint?: ReactNode;
  /** Shown under the input, before the error (the strength meter). */
  children?: ReactNode;
}

/** A labelled input with its hint and its mistake: `aria-invalid` and `aria-describedby` point at both. */
export function Field({ label, error, hint, children, ...input }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className="account-field">
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy || undefined} {...input} />
      {hint ? (
        <p id={hintId} className="account-hint">
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p id={errorId} className="account-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A multi-line field (the contact form's message), as Field. */
export function TextAreaField({
  label,
  error,
  ...area
}: { label: string; error?: string | undefined } & Omit<InputHTMLAttributes<HTMLTextAreaElement>, 'id'> & {
    rows?: number;
  }) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="account-field">
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...area}
      />
      {error ? (
        <p id={errorId} className="account-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
