import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, waitFor, within } from 'storybook/test';
import { invoiceData, invoiceSchema } from '../__fixtures__/stories/invoice-data';
import { letterDraft } from '../__fixtures__/stories/templates';
import { SampleDataForm, type SampleDataFormProps } from './SampleDataForm';

/** The form with a host that keeps the data, as Easy Mode does: each change is the value shown next. */
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

const meta = {
  title: 'Parts/SampleDataForm',
  component: SampleDataForm,
  args: { value: letterDraft.sample_data, template: letterDraft, onChange: fn() },
  render: (args) => <Kept {...args} />,
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 480 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof SampleDataForm>;

export default meta;
type Story = StoryObj<typeof meta>;

type Data = typeof letterDraft.sample_data;
const FORM = { timeout: 10_000 };

/** A field of the form by the end of its id (RJSF ids follow the data's path: `…_customer_name`). */
async function field(canvasElement: HTMLElement, path: string): Promise<HTMLInputElement> {
  let found: HTMLInputElement | null = null;
  await waitFor(() => {
    found = canvasElement.querySelector<HTMLInputElement>(`[id$="_${path}"]`);
    expect(found).not.toBeNull();
  }, FORM);
  return found as unknown as HTMLInputElement;
}

const lastData = (onChange: unknown) => (onChange as ReturnType<typeof fn>).mock.lastCall?.[0] as Data;
const lastInvoice = (onChange: unknown) => (onChange as ReturnType<typeof fn>).mock.lastCall?.[0] as typeof invoiceData;

/** The fields the letter reads, with the sample's values; a change hands the whole new data to the host. */
export const FromTemplate: Story = {
  play: async ({ canvas, canvasElement, args, userEvent }) => {
    const name = await field(canvasElement, 'customer_name');
    await expect(name).toHaveValue('Ada Lovelace');
    await expect(await field(canvasElement, 'plan_price')).toHaveValue(49);
    await userEvent.type(name, ' King', { initialSelectionStart: 12, initialSelectionEnd: 12 });
    await waitFor(() => expect(lastData(args.onChange).customer.name).toBe('Ada Lovelace King'));
    await expect(lastData(args.onChange).plan).toEqual(letterDraft.sample_data.plan);
    // The features are a list: one more, typed in.
    const features = letterDraft.sample_data.plan.features.length;
    await userEvent.click(canvas.getByRole('button', { name: /add/i }));
    const added = await field(canvasElement, `plan_features_${features}`);
    await userEvent.type(added, 'Priority support');
    await waitFor(() =>
      expect(lastData(args.onChange).plan.features).toEqual([
        ...letterDraft.sample_data.plan.features,
        'Priority support',
      ]),
    );
  },
};

/** A schema of the host's own: a date, a yes/no and a number, each as its own kind of field. */
export const WithSchema: Story = {
  args: {
    template: undefined,
    value: { issued_on: '2026-03-02', paid: false, total: 1250.5 },
    schema: {
      type: 'object',
      properties: {
        issued_on: { type: 'string', format: 'date', title: 'Issued on' },
        paid: { type: 'boolean', title: 'Paid' },
        total: { type: 'number', title: 'Total' },
      },
    },
  },
  play: async ({ canvas, canvasElement, args, userEvent }) => {
    await expect(await field(canvasElement, 'issued_on')).toHaveAttribute('type', 'date');
    await expect(await field(canvasElement, 'total')).toHaveValue(1250.5);
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Paid' }));
    await waitFor(() =>
      expect((args.onChange as ReturnType<typeof fn>).mock.lastCall?.[0]).toEqual({
        issued_on: '2026-03-02',
        paid: true,
        total: 1250.5,
      }),
    );
  },
};

const invoiceArgs = {
  template: undefined,
  value: invoiceData,
  schema: invoiceSchema as unknown as Record<string, unknown>,
};

/**
 * Invoice-like data: a nested object (the company) as a group, a list of plain values (its address lines) and a
 * list of objects (the line items), each label in plain words, each list button named after its item and list.
 */
export const ListsAndGroups: Story = {
  args: invoiceArgs,
  play: async ({ canvas, args, userEvent }) => {
    const company = await canvas.findByRole('group', { name: 'Company' }, FORM);
    await expect(within(company).getByLabelText('Account name')).toHaveValue('Brightline Studio');
    await expect(within(company).getByLabelText('VAT number')).toHaveValue('GB123456789');
    const lines = within(company).getByRole('group', { name: 'Address lines' });
    await expect(within(lines).getByLabelText('Address line 2')).toHaveValue('Leith, Edinburgh EH6 6PB');
    // A list's input is as wide as the fields outside the list, less its buttons.
    const outside = canvas.getByLabelText('Account name').getBoundingClientRect().width;
    const inside = within(lines).getByLabelText('Address line 1').getBoundingClientRect().width;
    await expect(inside).toBeGreaterThan(outside - 150);
    // The buttons show their icons: each is a visible, named square.
    const remove = within(lines).getByRole('button', { name: 'Remove item 1 of Address lines' });
    await expect(remove.getBoundingClientRect().width).toBeGreaterThanOrEqual(24);
    await expect(remove.querySelector('svg')).not.toBeNull();
    await userEvent.click(within(lines).getByRole('button', { name: 'Move item 2 of Address lines up' }));
    await waitFor(() =>
      expect(lastInvoice(args.onChange).company.address_lines).toEqual([
        'Leith, Edinburgh EH6 6PB',
        '12 Harbour Street',
      ]),
    );
    const items = canvas.getByRole('group', { name: 'Line items' });
    await userEvent.click(within(items).getByRole('button', { name: 'Add an item to Line items' }));
    await expect(await within(items).findByRole('group', { name: 'Line item 3' })).toBeVisible();
    await userEvent.click(within(items).getByRole('button', { name: 'Remove item 3 of Line items' }));
    await waitFor(() => expect(lastInvoice(args.onChange).line_items).toEqual(invoiceData.line_items));
  },
};

/** The same form in the dark theme. */
export const ListsAndGroupsDark: Story = {
  args: invoiceArgs,
  globals: { theme: 'dark' },
  play: async ({ canvas, canvasElement }) => {
    const lines = await canvas.findByRole('group', { name: 'Address lines' }, FORM);
    await expect(within(lines).getByRole('button', { name: 'Add an item to Address lines' })).toBeVisible();
    await expect(canvasElement.querySelector('[data-quire-theme]')).toHaveAttribute('data-quire-theme', 'dark');
  },
};

/** An empty list: says so, and offers "Add". */
export const EmptyList: Story = {
  args: { ...invoiceArgs, value: { ...invoiceData, line_items: [] } },
  play: async ({ canvas }) => {
    const items = await canvas.findByRole('group', { name: 'Line items' }, FORM);
    await expect(within(items).getByText('None yet')).toBeVisible();
    await expect(within(items).getByRole('button', { name: 'Add an item to Line items' })).toHaveTextContent('Add');
  },
};

/** Read only: the values show, nothing can be changed. */
export const ReadOnly: Story = {
  args: { readOnly: true },
  play: async ({ canvas, canvasElement, args }) => {
    await expect(await field(canvasElement, 'customer_name')).toBeDisabled();
    await expect(canvas.getByText('The sample data cannot be changed here')).toBeVisible();
    const form = canvasElement.querySelector('form') as HTMLFormElement;
    for (const input of within(form).getAllByRole('textbox')) await expect(input).toBeDisabled();
    await expect(args.onChange).not.toHaveBeenCalled();
    // Nothing to press either: no list buttons.
    await expect(within(form).queryAllByRole('button')).toEqual([]);
  },
};

/** A template that reads no data yet. */
export const Empty: Story = {
  args: { value: {}, template: { name: 'Notice', html: '<h1>Office closed on Friday</h1>' } },
  play: async ({ canvas, canvasElement }) => {
    await expect(canvas.getByText('The template reads no data yet.')).toBeVisible();
    await expect(canvasElement.querySelector('form')).toBeNull();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await expect(await field(canvasElement, 'customer_name')).toHaveValue('Ada Lovelace');
    await expect(canvasElement.querySelector('[data-quire-theme]')).toHaveAttribute('data-quire-theme', 'dark');
  },
};

/** Each field checked as it is edited: a required field cleared, an address that is not one. */
export const FieldErrors: Story = {
  args: {
    template: undefined,
    value: { customer: { name: 'Ada Lovelace', email: 'ada@example.com' } },
    schema: {
      type: 'object',
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
      },
    },
  },
  play: async ({ canvas, canvasElement, userEvent }) => {
    await userEvent.clear(await field(canvasElement, 'customer_name'));
    await expect(await canvas.findByText("must have required property 'Name'", {}, FORM)).toBeVisible();
    const email = await field(canvasElement, 'customer_email');
    await userEvent.clear(email);
    await userEvent.type(email, 'ada at example');
    await expect(await canvas.findByText('must match format "email"', {}, FORM)).toBeVisible();
  },
};
