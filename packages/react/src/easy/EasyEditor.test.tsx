import { getStarter } from '@quire/core';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { W1_DATA, W1_DRAFT } from '../__fixtures__/w1-invoice';
import type { TemplateDraft } from '../builder/types';
import { QuirePropsError } from '../props/validate';
import { type EasyChange, EasyEditor, type SourceLocation } from './EasyEditor';

/**
 * Selects an element from the Elements list, the way to select without pointing (clicking in the preview is
 * tested in Chromium, easy-mode.browser.test.ts: jsdom draws no frames).
 */
async function selectInList(name: RegExp) {
  const list = screen.getByRole('navigation', { name: 'Elements' });
  await userEvent.click(within(list).getByRole('button', { name }));
}

/** A host that keeps the draft, as the builder does, and records every change. */
function Host(props: {
  initial: TemplateDraft;
  changes: { draft: TemplateDraft; change: EasyChange }[];
  onAskAi?: (prompt: string) => void;
  onOpenBossMode?: (at: SourceLocation) => void;
}) {
  const [draft, setDraft] = useState(props.initial);
  return (
    <EasyEditor
      value={draft}
      onChange={(next, change) => {
        props.changes.push({ draft: next, change });
        setDraft(next);
      }}
      {...(props.onAskAi ? { onAskAi: props.onAskAi } : {})}
      {...(props.onOpenBossMode ? { onOpenBossMode: props.onOpenBossMode } : {})}
    />
  );
}

describe('<EasyEditor>', () => {
  it('selects an element and changes only its text in the source', async () => {
    const changes: { draft: TemplateDraft; change: EasyChange }[] = [];
    render(<Host initial={W1_DRAFT} changes={changes} />);
    await selectInList(/^h1 Invoice$/);
    const text = await screen.findByLabelText('Text');
    expect(text).toHaveValue('Invoice');
    fireEvent.change(text, { target: { value: 'Tax invoice' } });
    const last = changes.at(-1);
    expect(last?.change).toEqual({ kind: 'text', fields: ['html'] });
    expect(last?.draft.html).toBe(W1_DRAFT.html.replace('<h1>Invoice</h1>', '<h1>Tax invoice</h1>'));
    expect(last?.draft.css).toBe(W1_DRAFT.css);
  });

  it('shows printed data and the loop around a cell as locked chips, and still lets the cell be styled', async () => {
    const changes: { draft: TemplateDraft; change: EasyChange }[] = [];
    render(<Host initial={W1_DRAFT} changes={changes} />);
    await selectInList(/^p No\. \{\{ invoice\.number \}\}/);
    expect(screen.getByTitle('Printed from the data: invoice.number')).toHaveTextContent('{{ invoice.number }}');
    await selectInList(/^td \{\{ item\.description \}\}$/);
    expect(await screen.findByText('Repeated: for item in items')).toBeInTheDocument();
    expect(screen.getByTitle('Printed from the data: item.description')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Colour'), { target: { value: '#aa0000' } });
    expect(changes.at(-1)?.draft.html).toContain('<td style="color: #aa0000">{{ item.description }}</td>');
  });

  it('hides an element, lists it as hidden, and shows it again with the source as it was', async () => {
    const changes: { draft: TemplateDraft; change: EasyChange }[] = [];
    render(<Host initial={W1_DRAFT} changes={changes} />);
    await selectInList(/^p Bill to$/);
    const visible = screen.getByLabelText('Shown in the report');
    await userEvent.click(visible);
    expect(changes.at(-1)?.draft.html).toContain('<p class="label" style="display: none">Bill to</p>');
    const list = screen.getByRole('navigation', { name: 'Elements' });
    const entry = within(list).getByRole('button', { name: /Bill to\s*\(hidden\)/ });
    await userEvent.click(entry);
    await userEvent.click(screen.getByLabelText('Shown in the report'));
    expect(changes.at(-1)?.draft.html).toBe(W1_DRAFT.html);
  });

  it('says why an element is locked and opens Boss Mode at it', async () => {
    const onOpenBossMode = vi.fn();
    const draft = { ...W1_DRAFT, html: '<h1>Title</h1>\n<tr {% if odd %}class="odd"{% endif %}><td>Cell</td></tr>' };
    render(<Host initial={draft} changes={[]} onOpenBossMode={onOpenBossMode} />);
    await userEvent.click(
      within(screen.getByRole('navigation', { name: 'Elements' })).getByRole('button', { name: /td Cell/ }),
    );
    await userEvent.click(screen.getByRole('button', { name: /element around it/ }));
    expect(screen.getByText('Its tag is written with Liquid.')).toBeInTheDocument();
    expect(screen.getByLabelText('Shown in the report')).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Open in Boss Mode' }));
    expect(onOpenBossMode).toHaveBeenCalledWith({ part: 'html', line: 2, column: 1 });
  });

  it('asks the AI about the selected element with that element’s source', async () => {
    const onAskAi = vi.fn();
    render(<Host initial={W1_DRAFT} changes={[]} onAskAi={onAskAi} />);
    await selectInList(/^h1 Invoice$/);
    await userEvent.type(screen.getByLabelText('Ask the AI about this element'), 'make it green');
    await userEvent.click(screen.getAllByRole('button', { name: 'Ask the AI' }).at(-1) as HTMLElement);
    expect(onAskAi).toHaveBeenCalledTimes(1);
    const prompt = onAskAi.mock.calls[0]?.[0] as string;
    expect(prompt).toMatch(/^make it green\n\nChange only this element of the HTML \(line 8\)/);
    expect(prompt.endsWith('<h1>Invoice</h1>')).toBe(true);
  });

  it('changes the font and the page from the theme panel', async () => {
    const changes: { draft: TemplateDraft; change: EasyChange }[] = [];
    const { id: _id, ...invoice } = getStarter('invoice') as TemplateDraft & { id: string };
    render(<Host initial={invoice} changes={changes} />);
    await userEvent.click(screen.getByRole('tab', { name: 'Theme' }));
    await userEvent.selectOptions(screen.getByLabelText('Font'), 'serif');
    expect(changes.at(-1)?.change).toEqual({ kind: 'theme', fields: ['css'] });
    expect(changes.at(-1)?.draft.css).toContain('font-family: "Noto Serif", Georgia');
    await userEvent.click(screen.getByLabelText('Landscape'));
    expect(changes.at(-1)?.draft.page.orientation).toBe('landscape');
    expect(changes.at(-1)?.draft.html).toBe(invoice.html);
  });

  it('edits the sample data in a form drawn from the template’s data', async () => {
    const changes: { draft: TemplateDraft; change: EasyChange }[] = [];
    render(<Host initial={W1_DRAFT} changes={changes} />);
    await userEvent.click(screen.getByRole('tab', { name: 'Data' }));
    const panel = screen.getByRole('tabpanel', { name: 'Data' });
    const names = await within(panel).findAllByLabelText('Name', {}, { timeout: 15_000 });
    // company.name, then customer.name.
    fireEvent.change(names[1] as HTMLElement, { target: { value: 'Fabrikam Ltd' } });
    await waitFor(() => expect(changes.at(-1)?.change).toEqual({ kind: 'data', fields: ['sample_data'] }));
    const data = changes.at(-1)?.draft.sample_data as typeof W1_DATA;
    expect(data.customer.name).toBe('Fabrikam Ltd');
    expect(data.items).toEqual(W1_DATA.items);
  });

  it('starts from a starter picked in the gallery (the bundled ones without a provider)', async () => {
    const changes: { draft: TemplateDraft; change: EasyChange }[] = [];
    render(<Host initial={W1_DRAFT} changes={changes} />);
    await userEvent.click(screen.getByRole('button', { name: 'Start from a starter' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Use this starter: Receipt' }));
    const receipt = getStarter('receipt');
    expect(changes.at(-1)?.change.kind).toBe('starter');
    expect(changes.at(-1)?.draft).toMatchObject({ name: 'Invoice', html: receipt?.html, css: receipt?.css });
  });

  it('shows a controlled draft without onChange read-only instead of dropping edits', async () => {
    render(<EasyEditor value={W1_DRAFT} />);
    await selectInList(/^h1 Invoice$/);
    expect(screen.getByLabelText('Text')).toBeDisabled();
    expect(screen.getByLabelText('Shown in the report')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Start from a starter' })).toBeNull();
  });

  it('rejects props it does not know, with the prop a typo meant', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<EasyEditor {...({ defaultValue: W1_DRAFT, onchange: () => {} } as object)} />)).toThrow(
      QuirePropsError,
    );
    expect(() => render(<EasyEditor {...({ defaultValue: W1_DRAFT, onchange: () => {} } as object)} />)).toThrow(
      /onchange: is not a prop of this component \(did you mean "onChange"\?\)/,
    );
    spy.mockRestore();
  });
});
