import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TemplateBuilder } from '../builder/TemplateBuilder';
import type { BuilderApi } from '../builder/types';
import { VariablePanel } from './VariablePanel';

const receipt = {
  name: 'Receipt',
  html: '<p>{{ shop.name }}</p>{% for item in items %}<p>{{ item.label }} {{ item.price | money }}</p>{% endfor %}',
  sample_data: { shop: { name: 'Corner Café' }, items: [{ label: 'Tea', price: 3 }] },
};

describe('<VariablePanel>', () => {
  it('lists the data the template reads, with types and sample values', () => {
    render(
      <TemplateBuilder defaultValue={receipt}>
        <VariablePanel />
      </TemplateBuilder>,
    );
    const panel = screen.getByRole('region', { name: 'Variables' });
    expect(within(panel).getByRole('button', { name: 'Insert shop.name' })).toBeInTheDocument();
    expect(within(panel).getByText('"Corner Café"')).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Insert items' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Insert items[].price' })).toBeInTheDocument();
    expect(within(panel).getByText('number')).toBeInTheDocument();
  });

  it('inserts a variable, and a loop for a field of list items', async () => {
    const ref = createRef<BuilderApi>();
    render(
      <TemplateBuilder ref={ref} defaultValue={{ ...receipt, html: '<p>{{ shop.name }}</p>' }}>
        <VariablePanel />
      </TemplateBuilder>,
    );
    await ref.current?.setSampleData(receipt.sample_data);
    await userEvent.click(await screen.findByRole('button', { name: 'Insert items[].label' }));
    expect(ref.current?.getDraft().html).toBe(
      '<p>{{ shop.name }}</p>\n{% for item in items %}{{ item.label }}{% endfor %}\n',
    );
  });

  it('filters by path', async () => {
    render(
      <TemplateBuilder defaultValue={receipt}>
        <VariablePanel />
      </TemplateBuilder>,
    );
    await userEvent.type(screen.getByRole('searchbox', { name: 'Find a variable' }), 'price');
    expect(screen.queryByRole('button', { name: 'Insert shop.name' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Insert items[].price' })).toBeInTheDocument();
  });

  it('says what is wrong when used outside a builder', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<VariablePanel />)).toThrow('<VariablePanel> must be inside <TemplateBuilder>');
    spy.mockRestore();
  });
});
