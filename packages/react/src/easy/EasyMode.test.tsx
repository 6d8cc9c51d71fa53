import { EditorView } from '@codemirror/view';
import { Quire } from '@quire/client';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, type ReactNode } from 'react';
import { describe, expect, inject, it, vi } from 'vitest';
import { loadSrcdoc } from '../__fixtures__/srcdoc';
import { W1_DRAFT } from '../__fixtures__/w1-invoice';
import { TemplateBuilder } from '../builder/TemplateBuilder';
import type { BuilderApi, ChangeInfo, TemplateDraft } from '../builder/types';
import { QuireProvider } from '../provider/QuireProvider';

const EASY_FRAME = 'Preview of the report: click an element to change it';

/** The CodeMirror view of a Boss Mode editor, once its lazy chunk has loaded. */
async function editor(name: string): Promise<EditorView> {
  const content = await screen.findByRole('textbox', { name }, { timeout: 10_000 });
  const view = EditorView.findFromDOM(content);
  if (!view) throw new Error(`no editor view for ${name}`);
  return view;
}

/** Clicks an element of the report in Easy Mode's preview (its frame loaded as a browser loads it). */
async function clickInPreview(selector: string) {
  const frame = (await screen.findByTitle(EASY_FRAME)) as HTMLIFrameElement;
  const target = loadSrcdoc(frame).querySelector(selector);
  if (!target) throw new Error(`nothing in the preview matches ${selector}`);
  fireEvent.click(target);
}

async function selectInList(name: RegExp) {
  const list = screen.getByRole('navigation', { name: 'Elements' });
  await userEvent.click(within(list).getByRole('button', { name }));
}

const bossSwitch = () => screen.getByRole('switch', { name: 'Boss Mode' });

describe("the builder's Easy Mode", () => {
  it('changes the heading clicked in the preview, only there in the source, and undoes it', async () => {
    const ref = createRef<BuilderApi>();
    const onChange = vi.fn<(draft: TemplateDraft, info: ChangeInfo) => void>();
    render(<TemplateBuilder ref={ref} defaultValue={W1_DRAFT} onChange={onChange} />);
    await clickInPreview('h1');
    const text = await screen.findByLabelText('Text');
    expect(text).toHaveValue('Invoice');
    expect(screen.getByRole('region', { name: 'Selected: <h1>' })).toBeInTheDocument();

    fireEvent.change(text, { target: { value: 'Tax invoice' } });
    const edited = ref.current?.getDraft() as TemplateDraft;
    expect(edited.html).toBe(W1_DRAFT.html.replace('<h1>Invoice</h1>', '<h1>Tax invoice</h1>'));
    expect({ ...edited, html: W1_DRAFT.html }).toEqual(W1_DRAFT);
    expect(onChange).toHaveBeenLastCalledWith(edited, { source: 'edit', fields: ['html'] });
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    const frame = screen.getByTitle(EASY_FRAME);
    await waitFor(() => expect(frame.getAttribute('srcdoc')).toMatch(/<h1 data-quire-node="\w+">Tax invoice<\/h1>/));

    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(ref.current?.getDraft()).toEqual(W1_DRAFT);
    expect(onChange).toHaveBeenLastCalledWith(W1_DRAFT, { source: 'undo', fields: ['html'] });
    // The selection holds through the undo: the same element, its text as it was.
    expect(screen.getByLabelText('Text')).toHaveValue('Invoice');
    await userEvent.click(screen.getByRole('button', { name: 'Redo' }));
    expect(ref.current?.getDraft()).toEqual(edited);
  });

  it('loses nothing switching to Boss Mode and back, and undoes across both modes', async () => {
    const ref = createRef<BuilderApi>();
    render(<TemplateBuilder ref={ref} defaultValue={W1_DRAFT} />);
    await selectInList(/^h1 Invoice$/);
    fireEvent.change(screen.getByLabelText('Text'), { target: { value: 'Tax invoice' } });
    await userEvent.click(screen.getByRole('tab', { name: 'Theme' }));
    await userEvent.selectOptions(screen.getByLabelText('Font'), 'serif');
    const easy = ref.current?.getDraft() as TemplateDraft;
    expect(easy.css).toContain('"Noto Serif"');

    await userEvent.click(bossSwitch());
    const html = await editor('HTML editor');
    expect(html.state.doc.toString()).toBe(easy.html);
    act(() => {
      html.dispatch({
        changes: { from: html.state.doc.length, insert: '<p>Typed in Boss Mode</p>\n' },
        userEvent: 'input',
      });
    });
    await userEvent.click(screen.getByRole('tab', { name: 'CSS' }));
    expect((await editor('CSS editor')).state.doc.toString()).toBe(easy.css);

    await userEvent.click(bossSwitch());
    expect(screen.queryByRole('textbox', { name: 'HTML editor' })).toBeNull();
    const list = screen.getByRole('navigation', { name: 'Elements' });
    expect(within(list).getByRole('button', { name: /^p Typed in Boss Mode$/ })).toBeInTheDocument();
    expect(within(list).getByRole('button', { name: /^h1 Tax invoice$/ })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTitle(EASY_FRAME).getAttribute('srcdoc')).toContain('Typed in Boss Mode'));
    expect(ref.current?.getDraft()).toEqual({ ...easy, html: `${easy.html}<p>Typed in Boss Mode</p>\n` });

    // One history for both modes: Boss Mode's typing, then the font, then the heading.
    const undo = screen.getByRole('button', { name: 'Undo' });
    await userEvent.click(undo);
    expect(ref.current?.getDraft()).toEqual(easy);
    await userEvent.click(undo);
    await userEvent.click(undo);
    expect(ref.current?.getDraft()).toEqual(W1_DRAFT);
    expect(undo).toBeDisabled();
  });

  it('opens Boss Mode at a locked element: its part, its line and column', async () => {
    const footer = '<p>Thank you</p>\n  <p {% if invoice.paid %}class="paid"{% endif %}>Ref {{ invoice.number }}</p>\n';
    const onModeChange = vi.fn();
    render(<TemplateBuilder defaultValue={{ ...W1_DRAFT, footer_html: footer }} onModeChange={onModeChange} />);
    await selectInList(/^p Ref/);
    expect(screen.getByText('Its tag is written with Liquid.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Open in Boss Mode' }));
    expect(onModeChange).toHaveBeenCalledWith('boss');
    const view = await editor('Footer editor');
    expect(screen.getByRole('tab', { name: 'Footer' })).toHaveAttribute('aria-selected', 'true');
    // Line 2, column 3: the element's "<" after its indentation.
    await waitFor(() => expect(view.state.selection.main.head).toBe(footer.indexOf('<p {%')));
    expect(view.state.doc.lineAt(view.state.selection.main.head).number).toBe(2);
    expect(view.hasFocus).toBe(true);
  });

  it('edits the sample data in the form, as an edit the builder undoes', async () => {
    const ref = createRef<BuilderApi>();
    render(<TemplateBuilder ref={ref} defaultValue={W1_DRAFT} />);
    await userEvent.click(screen.getByRole('tab', { name: 'Data' }));
    const panel = screen.getByRole('tabpanel', { name: 'Data' });
    const names = await within(panel).findAllByLabelText('Name', {}, { timeout: 15_000 });
    fireEvent.change(names[1] as HTMLElement, { target: { value: 'Fabrikam Ltd' } });
    const customer = () => (ref.current?.getDraft().sample_data as typeof W1_DRAFT.sample_data | undefined)?.customer;
    await waitFor(() => expect(customer()).toMatchObject({ name: 'Fabrikam Ltd' }));
    expect(ref.current?.getDraft().html).toBe(W1_DRAFT.html);
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(ref.current?.getDraft().sample_data).toEqual(W1_DRAFT.sample_data);
  });
});

describe("the builder's Easy Mode under permissions and features", () => {
  const quire = new Quire({ baseUrl: inject('quireUrl'), apiKey: inject('quireApiKey'), maxRetries: 0 });
  const withQuire = (children: ReactNode) => <QuireProvider client={quire}>{children}</QuireProvider>;
  const locked = { ...W1_DRAFT, footer_html: '<p {% if invoice.paid %}class="paid"{% endif %}>Ref</p>\n' };

  it('offers the AI, starters, data and Boss Mode when everything is allowed', async () => {
    render(withQuire(<TemplateBuilder defaultValue={locked} />));
    expect(screen.getByLabelText('Describe a change to the AI')).toBeEnabled();
    expect(screen.getByRole('button', { name: 'AI chat' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Start from a starter' })).toBeInTheDocument();
    await selectInList(/^p Ref$/);
    expect(screen.getByRole('button', { name: 'Open in Boss Mode' })).toBeInTheDocument();
    expect(screen.getByLabelText('Shown in the report')).toBeDisabled();
    await selectInList(/^h1 Invoice$/);
    expect(screen.getByLabelText('Text')).toBeEnabled();
  });

  it('hides what the permissions and features turn off', async () => {
    render(
      withQuire(
        <TemplateBuilder
          defaultValue={locked}
          onChange={() => {}}
          permissions={{ editCode: false, ai: false, editData: false }}
          features={{ starters: false }}
        />,
      ),
    );
    expect(screen.queryByRole('switch', { name: 'Boss Mode' })).toBeNull();
    expect(screen.queryByLabelText('Describe a change to the AI')).toBeNull();
    expect(screen.queryByRole('button', { name: 'AI chat' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Start from a starter' })).toBeNull();
    // A locked element says why, with no way into Boss Mode.
    await selectInList(/^p Ref$/);
    expect(screen.getByText('Its tag is written with Liquid.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Open in Boss Mode' })).toBeNull();
    // Without editCode the text is still Easy Mode's to change; the data is not.
    await selectInList(/^h1 Invoice$/);
    expect(screen.queryByLabelText('Ask the AI about this element')).toBeNull();
    expect(screen.getByLabelText('Text')).toBeEnabled();
    await userEvent.click(screen.getByRole('tab', { name: 'Data' }));
    expect(await screen.findByText('The sample data cannot be changed here')).toBeInTheDocument();
  });

  it('offers no AI with the feature off, or without a client to reach it', () => {
    const { unmount } = render(withQuire(<TemplateBuilder defaultValue={W1_DRAFT} features={{ ai: false }} />));
    expect(screen.queryByLabelText('Describe a change to the AI')).toBeNull();
    expect(screen.queryByRole('button', { name: 'AI chat' })).toBeNull();
    unmount();
    render(<TemplateBuilder defaultValue={W1_DRAFT} />);
    expect(screen.queryByLabelText('Describe a change to the AI')).toBeNull();
    expect(screen.queryByRole('button', { name: 'AI chat' })).toBeNull();
  });

  it('is read only when edits could not be kept: no save permission and no onChange', async () => {
    const { unmount } = render(withQuire(<TemplateBuilder defaultValue={W1_DRAFT} permissions={{ save: false }} />));
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Template name' })).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Start from a starter' })).toBeNull();
    expect(screen.getByLabelText('Describe a change to the AI')).toBeDisabled();
    await selectInList(/^h1 Invoice$/);
    expect(screen.getByLabelText('Text')).toBeDisabled();
    expect(screen.getByLabelText('Shown in the report')).toBeDisabled();
    await userEvent.click(screen.getByRole('tab', { name: 'Theme' }));
    expect(screen.getByLabelText('Font')).toBeDisabled();
    // Boss Mode says the same.
    await userEvent.click(bossSwitch());
    expect((await editor('HTML editor')).state.readOnly).toBe(true);
    unmount();

    // With onChange the host keeps the edits (and saves them its own way).
    const onChange = vi.fn();
    render(<TemplateBuilder defaultValue={W1_DRAFT} permissions={{ save: false }} onChange={onChange} />);
    await selectInList(/^h1 Invoice$/);
    fireEvent.change(screen.getByLabelText('Text'), { target: { value: 'Kept by the host' } });
    expect(onChange).toHaveBeenCalledWith(
      expect.objectContaining({ html: expect.stringContaining('Kept by the host') }),
      {
        source: 'edit',
        fields: ['html'],
      },
    );
  });
});
