import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PasswordStrengthMeter, STRENGTH_COLOURS } from './PasswordStrengthMeter';

describe('<PasswordStrengthMeter>', () => {
  it.each([
    ['', 0, 'Weak', 'red', 'rgb(239, 68, 68)'],
    ['abcdefgh', 25, 'Weak', 'red', 'rgb(239, 68, 68)'],
    ['Abcdefgh', 50, 'Fair', 'orange', 'rgb(249, 115, 22)'],
    ['Abcdefg1', 75, 'Good', 'yellow', 'rgb(234, 179, 8)'],
    ['Abcdef1!', 100, 'Strong', 'green', 'rgb(34, 197, 94)'],
  ])('draws %j as %i%%, %s, in %s', (password, score, label, colour, rgb) => {
    render(<PasswordStrengthMeter password={password} />);
    const meter = screen.getByRole('meter', { name: 'Password strength' });
    expect(meter).toHaveAttribute('aria-valuenow', String(score));
    expect(meter).toHaveAttribute('aria-valuetext', `${label} (${score} of 100)`);
    const bar = meter.firstElementChild as HTMLElement;
    expect(bar.dataset.colour).toBe(colour);
    expect(bar.style.width).toBe(`${score}%`);
    expect(bar.style.background).toBe(rgb);
    expect(screen.getByText(label).closest('p')).toHaveTextContent(`Password strength: ${label}`);
  });

  it('uses the seed’s four colours', () => {
    expect(Object.keys(STRENGTH_COLOURS)).toEqual(['red', 'orange', 'yellow', 'green']);
  });
});
