import { type ButtonHTMLAttributes, forwardRef } from 'react';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: 'primary' | 'secondary' | 'ghost' | 'danger';
  size?: 'sm' | 'md';
}

/** A button in the builder's style; `type="button"` unless told, so that it never submits a host's form. */
export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'secondary', size = 'md', className, type = 'button', ...rest },
  ref,
) {
  const classes = `quire-button quire-button-${variant} quire-button-${size}${className ? ` ${className}` : ''}`;
  return <button ref={ref} type={type} className={classes} {...rest} />;
});
