import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { invoiceData, invoiceSchema } from '../__fixtures__/stories/invoice-data';
import { SampleDataForm } from './SampleDataForm';

type Invoice = typeof invoiceData;

/** The form with a host that keeps the data, as Easy Mode does. */
function Kept({ onChange, readOnly }: { onChange(data: Invoice): void; readOnly?: boolean }) {
  const [value, setValue] = useState<Record<string, unknown>>(invoiceData);
  return (
    <SampleDataForm
      schema={invoiceSchema as unknown as Record<string, unknown>}
      value={value}
      readOnly={readOnly}
      onChange={(next) => {
        setValue(next);
        onChange(next as Invoice);
      }}
    />
  );
}

const FORM = { timeout: 10_000 };

describe('the sample-data form', () => {
  it('labels fields, groups and lists in plain words, a schema title first', async () => {
    render(<Kept onChange={() => {}} />);
    expect(await screen.findByLabelText('Invoice number', {}, FORM)).toHaveValue('INV-2041');
    expect(screen.getByLabelText('Issued on')).toHaveValue('2026-03-02');
    expect(screen.getByRole('checkbox', { name: 'Paid' })).not.toBeChecked();
    const company = screen.getByRole('group', { name: 'Company' });
    expect(within(company).getByLabelText('Account name')).toHaveValue('Brightline Studio');
    expect(within(company).getByLabelText('VAT number')).toHaveValue('GB123456789');
    const lines = within(company).getByRole('group', { name: 'Address lines' });
    expect(within(lines).getByLabelText('Address line 1')).toHaveValue('12 Harbour Street');
    expect(within(lines).getByLabelText('Address line 2')).toHaveValue('Leith, Edinburgh EH6 6PB');
    const items = screen.getByRole('group', { name: 'Line items' });
    const second = within(items).getByRole('group', { name: 'Line item 2' });
    expect(within(second).getByLabelText('Description')).toHaveValue('Logo design');
    expect(within(second).getByLabelText('Unit price')).toHaveValue(450);
    // No raw key, rjsf id or required star anywhere.
    const text = document.body.textContent ?? '';
    for (const raw of ['address_lines', 'account_name', 'line_items', 'unitPrice', '*', '-1']) {
      expect(text).not.toContain(raw);
    }
  });

  it('adds, moves and removes items with buttons named after the item and its list', async () => {
    const onChange = vi.fn<(data: Invoice) => void>();
    const user = userEvent.setup();
    render(<Kept onChange={onChange} />);
    const lines = await screen.findByRole('group', { name: 'Address lines' }, FORM);
    const last = () => onChange.mock.lastCall?.[0] as Invoice;

    // Add: a third, empty line, typed in.
    const add = within(lines).getByRole('button', { name: 'Add an item to Address lines' });
    expect(add).toHaveTextContent('Add');
    await user.click(add);
    const third = await within(lines).findByLabelText('Address line 3');
    await user.type(third, 'Scotland');
    await waitFor(() =>
      expect(last().company.address_lines).toEqual(['12 Harbour Street', 'Leith, Edinburgh EH6 6PB', 'Scotland']),
    );

    // Move: the first line down, then the (new) last line up; the first cannot move up, the last not down.
    expect(within(lines).getByRole('button', { name: 'Move item 1 of Address lines up' })).toBeDisabled();
    expect(within(lines).getByRole('button', { name: 'Move item 3 of Address lines down' })).toBeDisabled();
    await user.click(within(lines).getByRole('button', { name: 'Move item 1 of Address lines down' }));
    await waitFor(() =>
      expect(last().company.address_lines).toEqual(['Leith, Edinburgh EH6 6PB', '12 Harbour Street', 'Scotland']),
    );
    await user.click(within(lines).getByRole('button', { name: 'Move item 3 of Address lines up' }));
    await waitFor(() =>
      expect(last().company.address_lines).toEqual(['Leith, Edinburgh EH6 6PB', 'Scotland', '12 Harbour Street']),
    );

    // Remove: the second line.
    await user.click(within(lines).getByRole('button', { name: 'Remove item 2 of Address lines' }));
    await waitFor(() =>
      expect(last().company.address_lines).toEqual(['Leith, Edinburgh EH6 6PB', '12 Harbour Street']),
    );
    expect(within(lines).queryByLabelText('Address line 3')).toBeNull();

    // A list of objects: its items' buttons are named after it; removing one leaves the others as they were.
    const items = screen.getByRole('group', { name: 'Line items' });
    await user.click(within(items).getByRole('button', { name: 'Remove item 1 of Line items' }));
    await waitFor(() => expect(last().line_items).toEqual([invoiceData.line_items[1]]));
    await user.click(within(items).getByRole('button', { name: 'Add an item to Line items' }));
    const added = await within(items).findByRole('group', { name: 'Line item 2' });
    await user.type(within(added).getByLabelText('Description'), 'Printing');
    await waitFor(() => expect(last().line_items[1]).toMatchObject({ description: 'Printing' }));
  });

  it('shows no buttons when the data cannot be changed', async () => {
    render(<Kept onChange={() => {}} readOnly />);
    expect(await screen.findByLabelText('Address line 1', {}, FORM)).toBeDisabled();
    expect(screen.queryAllByRole('button')).toEqual([]);
  });

  it('says its buttons in the host’s words', async () => {
    render(
      <SampleDataForm
        schema={{ type: 'object', properties: { tags: { type: 'array', items: { type: 'string' } } } }}
        value={{ tags: ['a'] }}
        onChange={() => {}}
        messages={{
          'easy.dataAdd': 'Ajouter',
          'easy.dataAddTo': 'Ajouter à {list}',
          'easy.dataRemoveItem': 'Retirer {n}',
        }}
      />,
    );
    expect(await screen.findByRole('button', { name: 'Ajouter à Tags' }, FORM)).toHaveTextContent('Ajouter');
    expect(screen.getByRole('button', { name: 'Retirer 1' })).toBeEnabled();
    expect(screen.getByLabelText('Tag 1')).toHaveValue('a');
  });
});
