import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, waitFor, within } from 'storybook/test';
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

/** Read only: the values show, nothing can be changed. */
export const ReadOnly: Story = {
  args: { readOnly: true },
  play: async ({ canvas, canvasElement, args }) => {
    await expect(await field(canvasElement, 'customer_name')).toBeDisabled();
    await expect(canvas.getByText('The sample data cannot be changed here')).toBeVisible();
    const form = canvasElement.querySelector('form') as HTMLFormElement;
    for (const input of within(form).getAllByRole('textbox')) await expect(input).toBeDisabled();
    await expect(args.onChange).not.toHaveBeenCalled();
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
