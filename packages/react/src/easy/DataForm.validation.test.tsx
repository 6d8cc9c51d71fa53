import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { letterDraft } from '../__fixtures__/stories/templates';
import { SampleDataForm, type SampleDataFormProps } from './SampleDataForm';

const SCHEMA = {
  type: 'object',
  required: ['customer'],
  properties: {
    customer: {
      type: 'object',
      title: 'Customer',
      required: ['name'],
      properties: {
        name: { type: 'string', title: 'Name' },
        email: { type: 'string', format: 'email', title: 'Email' },
      },
    },
    issued_on: { type: 'string', format: 'date', title: 'Issued on' },
  },
};

/** The form with a host that keeps the data, as Easy Mode does. */
function Kept(props: SampleDataFormProps) {
  const [value, setValue] = useState(props.value);
  return (
    <SampleDataForm
      {...props}
      value={value}
      onChange={(next) => {
        setValue(next);
        props.onChange?.(next);
      }}
    />
  );
}

const FORM = { timeout: 10_000 };

/** The errors RJSF shows under a field, by the field's id. */
const fieldErrors = (input: HTMLElement) =>
  [...(document.getElementById(`${input.id}__error`)?.querySelectorAll('li') ?? [])].map((li) => li.textContent);

describe('the sample-data form', () => {
  it('shows each field’s errors under it as the data is edited, and clears them once fixed', async () => {
    const onChange = vi.fn();
    render(
      <Kept
        schema={SCHEMA}
        value={{ customer: { name: 'Ada Lovelace', email: 'ada@example.com' }, issued_on: '2026-03-02' }}
        onChange={onChange}
      />,
    );
    const name = await screen.findByRole('textbox', { name: /^Name/ }, FORM);
    const email = screen.getByRole('textbox', { name: 'Email' });
    await userEvent.clear(name);
    await waitFor(() => expect(fieldErrors(name)).toEqual(["must have required property 'Name'"]));
    await userEvent.clear(email);
    await userEvent.type(email, 'ada at example');
    await waitFor(() => expect(fieldErrors(email)).toEqual(['must match format "email"']));
    // The host still gets every change: the form edits the data whatever its errors.
    expect(onChange).toHaveBeenLastCalledWith({
      customer: { name: undefined, email: 'ada at example' },
      issued_on: '2026-03-02',
    });
    await userEvent.type(name, 'Ada');
    await userEvent.clear(email);
    await userEvent.type(email, 'ada@example.com');
    await waitFor(() => expect(fieldErrors(email)).toEqual([]));
    expect(fieldErrors(name)).toEqual([]);
  });

  it('checks the fields of a schema inferred from the template, lists included', async () => {
    render(<Kept template={letterDraft} value={letterDraft.sample_data} />);
    const price = await screen.findByRole('spinbutton', { name: /price/i }, FORM);
    const feature = screen.getAllByRole('textbox').find((input) => input.id.endsWith('_plan_features_0'));
    expect(feature).toBeDefined();
    await userEvent.clear(feature as HTMLElement);
    await userEvent.type(feature as HTMLElement, 'Unlimited reports');
    expect(fieldErrors(price)).toEqual([]);
    await userEvent.clear(price);
    await waitFor(() => expect(fieldErrors(price)).toEqual(["must have required property 'price'"]));
  });
});
