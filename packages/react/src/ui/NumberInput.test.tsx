import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { NumberInput } from './NumberInput';

function Host({ seen, accepts }: { seen: number[]; accepts?: (n: number) => boolean }) {
  const [value, setValue] = useState(12);
  return (
    <>
      <label htmlFor="size">Size</label>
      <NumberInput
        id="size"
        value={value}
        min={4}
        max={200}
        {...(accepts ? { accepts } : {})}
        onValue={(n) => {
          seen.push(n);
          setValue(n);
        }}
      />
    </>
  );
}

describe('<NumberInput>', () => {
  it('keeps an emptied field empty while it is typed in, passing on each number as it comes', async () => {
    const seen: number[] = [];
    render(<Host seen={seen} />);
    const field = screen.getByRole('spinbutton', { name: 'Size' });
    await userEvent.clear(field);
    expect(field).toHaveValue(null);
    await userEvent.type(field, '18');
    expect(field).toHaveValue(18);
    // "1" is below the minimum: passed on as 4 while the field shows what was typed.
    expect(seen).toEqual([4, 18]);
  });

  it('clamps to its range, shows the value when it loses focus, and passes on only what it accepts', async () => {
    const seen: number[] = [];
    render(<Host seen={seen} accepts={(n) => n !== 7} />);
    const field = screen.getByRole('spinbutton', { name: 'Size' });
    await userEvent.clear(field);
    await userEvent.type(field, '250');
    expect(seen.at(-1)).toBe(200);
    expect(field).toHaveValue(250);
    await userEvent.tab();
    expect(field).toHaveValue(200);
    await userEvent.clear(field);
    await userEvent.type(field, '7');
    expect(seen.at(-1)).toBe(200);
    await userEvent.tab();
    expect(field).toHaveValue(200);
  });
});
