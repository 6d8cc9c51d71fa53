import { EditorView } from '@codemirror/view';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, type RefObject, StrictMode, useLayoutEffect, useRef, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { BuilderError } from '../errors/builder-error';
import { QuirePropsError } from '../props/validate';
import { TemplateBuilder } from './TemplateBuilder';
import type { BuilderApi, ChangeInfo, TemplateDraft, TemplateDraftInput } from './types';

const invoice: TemplateDraftInput = {
  name: 'Invoice',
  html: '<h1>Invoice {{ invoice.number }}</h1>\n<p>{{ customer.name }}</p>\n',
  sample_data: { invoice: { number: 'INV-7' }, customer: { name: 'Ada' } },
};

const frame = () => screen.getByTitle(/^Preview of the report/) as HTMLIFrameElement;
const srcdoc = () => frame().getAttribute('srcdoc') ?? '';

/** The CodeMirror view of the editor with this accessible name, once Boss Mode's lazy chunk has loaded. */
async function editor(name: string): Promise<EditorView> {
  const content = await screen.findByRole('textbox', { name }, { timeout: 10_000 });
  const view = EditorView.findFromDOM(content);
  if (!view) throw new Error(`no editor view for ${name}`);
  return view;
}

/** Types into a CodeMirror editor as a keystroke would: a user input transaction at the end of the text. */
function typeInto(view: EditorView, text: string) {
  act(() => {
    view.dispatch({
      changes: { from: view.state.doc.length, insert: text },
      userEvent: 'input.type',
    });
  });
}

/** A host that passes the value back only when it accepts changes. */
function ControlledHost({ accept, seen }: { accept: boolean; seen: string[] }) {
  const [value, setValue] = useState<TemplateDraftInput>(invoice);
  return (
    <TemplateBuilder
      value={value}
      onChange={(draft) => {
        seen.push(draft.name);
        if (accept) setValue(draft);
      }}
    />
  );
}

/** A host in Boss Mode that passes every change back. */
function BossHost({ seen }: { seen: string[] }) {
  const [value, setValue] = useState<TemplateDraftInput>(invoice);
  return (
    <TemplateBuilder
      value={value}
      defaultMode="boss"
      onChange={(draft) => {
        seen.push(draft.html);
        setValue(draft);
      }}
    />
  );
}

/** A host that calls the api in its own layout effect, before the builder is ready. */
function EarlyCaller(props: {
  label: string;
  apiRef: RefObject<BuilderApi | null>;
  onReady: (api: BuilderApi) => undefined;
}) {
  const called = useRef(false);
  useLayoutEffect(() => {
    if (called.current) return;
    called.current = true;
    void props.apiRef.current?.setSampleData({ customer: { name: 'Grace' } });
  }, [props.apiRef]);
  return <TemplateBuilder ref={props.apiRef} defaultValue={invoice} onReady={props.onReady} className={props.label} />;
}

describe('<TemplateBuilder>', () => {
  it('renders an uncontrolled draft in the preview', async () => {
    render(<TemplateBuilder defaultValue={invoice} />);
    await waitFor(() => expect(srcdoc()).toContain('Invoice INV-7'));
    // Easy Mode's preview tags each element with the source element it came from, to select it by a click.
    expect(srcdoc()).toMatch(/<p data-quire-node="\w+">Ada<\/p>/);
  });

  it('uncontrolled: keeps what is typed and reports it with its source', async () => {
    const onChange = vi.fn<(draft: TemplateDraft, info: ChangeInfo) => void>();
    render(<TemplateBuilder defaultValue={invoice} onChange={onChange} />);
    const name = screen.getByRole('textbox', { name: 'Template name' });
    await userEvent.clear(name);
    await userEvent.type(name, 'Receipt');
    expect(name).toHaveValue('Receipt');
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ name: 'Receipt' }), {
      source: 'edit',
      fields: ['name'],
    });
  });

  it('controlled: shows the value the host passes, not what was typed until the host takes it', async () => {
    const seen: string[] = [];
    const { unmount } = render(<ControlledHost accept={false} seen={seen} />);
    const name = screen.getByRole('textbox', { name: 'Template name' });
    await userEvent.type(name, 'X');
    expect(seen).toEqual(['InvoiceX']);
    // A change the host does not pass back by the next task is undone.
    await waitFor(() => expect(name).toHaveValue('Invoice'));
    unmount();

    render(<ControlledHost accept seen={seen} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Template name' }), 'X');
    expect(screen.getByRole('textbox', { name: 'Template name' })).toHaveValue('InvoiceX');
  });

  it('controlled: keeps keystrokes in order while the host passes each one back', async () => {
    const seen: string[] = [];
    render(<BossHost seen={seen} />);
    const view = await editor('HTML editor');
    act(() => view.dispatch({ selection: { anchor: view.state.doc.length } }));
    // Each keystroke at the cursor, the host re-rendering with it in between, as a person typing.
    for (const key of ['a', 'b', 'c']) act(() => view.dispatch(view.state.replaceSelection(key)));
    expect(view.state.doc.toString()).toBe(`${invoice.html}abc`);
    expect(seen.at(-1)).toBe(`${invoice.html}abc`);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(view.state.doc.toString()).toBe(`${invoice.html}abc`);
  });

  it('says beside the margins when they leave no room for content, and stops saying it once they do', async () => {
    render(<TemplateBuilder defaultValue={invoice} defaultMode="boss" />);
    await userEvent.click(await screen.findByRole('tab', { name: 'Page' }, { timeout: 10_000 }));
    const left = screen.getByRole('spinbutton', { name: 'Left' });
    const right = screen.getByRole('spinbutton', { name: 'Right' });
    expect(screen.queryByRole('alert')).toBeNull();
    // Emptied and typed again, as a person does: an empty field stays empty while it has focus.
    await userEvent.clear(left);
    expect(left).toHaveValue(null);
    await userEvent.type(left, '150');
    await userEvent.clear(right);
    await userEvent.type(right, '60');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'The margins leave no room for content: the page is 210 mm wide and the left and right margins take 210 mm.',
    );
    expect(left).toHaveAttribute('aria-invalid', 'true');
    expect(left).toHaveAccessibleDescription(alert.textContent ?? '');
    await userEvent.click(screen.getByRole('radio', { name: 'Landscape' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(left).not.toHaveAttribute('aria-invalid');
    // A field left empty shows its value again once it loses focus; nothing was changed by emptying it.
    await userEvent.clear(right);
    await userEvent.tab();
    expect(right).toHaveValue(60);
  });

  it('controlled: follows a new value from the host into the preview', async () => {
    const { rerender } = render(<TemplateBuilder value={invoice} onChange={() => {}} />);
    await waitFor(() => expect(srcdoc()).toContain('INV-7'));
    rerender(<TemplateBuilder value={{ ...invoice, html: '<p>Changed by the host</p>' }} onChange={() => {}} />);
    await waitFor(() => expect(srcdoc()).toContain('Changed by the host'));
  });

  it('fires onReady once, after the calls made before it, in StrictMode and across renders', async () => {
    const ref = createRef<BuilderApi>();
    const onReady = vi.fn((api: BuilderApi) => {
      // The call made before the builder was ready has already run.
      expect(api.getDraft().sample_data).toEqual({ customer: { name: 'Grace' } });
      return undefined;
    });
    const { rerender } = render(
      <StrictMode>
        <EarlyCaller label="a" apiRef={ref} onReady={onReady} />
      </StrictMode>,
    );
    await waitFor(() => expect(onReady).toHaveBeenCalledTimes(1));
    rerender(
      <StrictMode>
        <EarlyCaller label="b" apiRef={ref} onReady={onReady} />
      </StrictMode>,
    );
    await waitFor(() => expect(srcdoc()).toContain('Grace'));
    expect(onReady).toHaveBeenCalledTimes(1);
  });

  it('runs onReady cleanup when the builder goes away', async () => {
    const cleanup = vi.fn();
    const { unmount } = render(<TemplateBuilder defaultValue={invoice} onReady={() => cleanup} />);
    await waitFor(() => expect(screen.getByRole('toolbar')).toBeInTheDocument());
    await act(async () => {});
    unmount();
    expect(cleanup).toHaveBeenCalledTimes(1);
  });

  it('throws a readable error naming every wrong prop', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    let error: unknown;
    try {
      render(
        <TemplateBuilder
          // @ts-expect-error: a typo the types catch, and the check too at run time
          mode="bos"
          permissions={{ save: true, publsh: false } as never}
          defaultValue={{ ...invoice, page: { size: 'A5' } } as never}
        />,
      );
    } catch (e) {
      error = e;
    } finally {
      spy.mockRestore();
    }
    expect(QuirePropsError.isInstance(error)).toBe(true);
    const message = (error as Error).message;
    expect(message).toContain('<TemplateBuilder> got invalid props:');
    expect(message).toMatch(/- mode: Invalid option: expected one of "easy"\|"boss" \(got "bos"\)/);
    expect(message).toContain('- permissions.publsh: is not a prop of this component (did you mean "publish"?)');
    expect(message).toMatch(/- defaultValue\.page\.size: .*"A4"/);
  });

  it('asks for onChange with a controlled value', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<TemplateBuilder value={invoice} />)).toThrow(/onChange: A controlled builder/);
    spy.mockRestore();
  });

  it('switches modes without losing the draft, the undo history or the editor text', async () => {
    const onModeChange = vi.fn();
    render(<TemplateBuilder defaultValue={invoice} defaultMode="boss" onModeChange={onModeChange} />);
    const html = await editor('HTML editor');
    typeInto(html, '<p>Typed in Boss Mode</p>\n');
    await waitFor(() => expect(srcdoc()).toContain('Typed in Boss Mode'));

    await userEvent.click(screen.getByRole('switch', { name: 'Boss Mode' }));
    expect(onModeChange).toHaveBeenLastCalledWith('easy');
    expect(screen.queryByRole('textbox', { name: 'HTML editor' })).toBeNull();
    await waitFor(() => expect(srcdoc()).toContain('Typed in Boss Mode'));
    expect(await screen.findByText('Switched to Easy Mode')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('switch', { name: 'Boss Mode' }));
    const again = await editor('HTML editor');
    expect(again.state.doc.toString()).toContain('<p>Typed in Boss Mode</p>');
    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(again.state.doc.toString()).not.toContain('Typed in Boss Mode');
  });

  it('follows a controlled mode and reports switches through onModeChange', async () => {
    const onModeChange = vi.fn();
    const { rerender } = render(<TemplateBuilder defaultValue={invoice} mode="easy" onModeChange={onModeChange} />);
    await userEvent.click(screen.getByRole('switch', { name: 'Boss Mode' }));
    expect(onModeChange).toHaveBeenCalledWith('boss');
    expect(screen.getByRole('switch', { name: 'Boss Mode' })).toHaveAttribute('aria-checked', 'false');
    rerender(<TemplateBuilder defaultValue={invoice} mode="boss" onModeChange={onModeChange} />);
    expect(await screen.findByRole('textbox', { name: 'HTML editor' }, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('hides what the permissions forbid', async () => {
    const ref = createRef<BuilderApi>();
    const onError = vi.fn<(error: BuilderError) => void>();
    render(
      <TemplateBuilder
        ref={ref}
        value={invoice}
        onChange={() => {}}
        defaultMode="boss"
        templateId="tpl_x"
        permissions={{ save: false, publish: false, editCode: false }}
        onError={onError}
      />,
    );
    // Without editCode there is no Boss Mode: Easy Mode shows, without the switch.
    expect(screen.queryByRole('switch', { name: 'Boss Mode' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Publish' })).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'HTML editor' })).toBeNull();
  });

  it('rejects api calls the permissions forbid, with a typed code', async () => {
    const ref = createRef<BuilderApi>();
    const onError = vi.fn<(error: BuilderError) => void>();
    render(
      <TemplateBuilder
        ref={ref}
        defaultValue={invoice}
        permissions={{ save: false, editCode: false }}
        onError={onError}
      />,
    );
    await expect(ref.current?.save()).rejects.toMatchObject({ code: 'not_permitted', action: 'save' });
    await expect(ref.current?.setMode('boss')).rejects.toMatchObject({ code: 'not_permitted' });
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'not_permitted', action: 'save' }));
  });

  it('disables Save while nothing changed, and saves to the host without a templateId', async () => {
    const onSave = vi.fn();
    render(<TemplateBuilder defaultValue={invoice} onSave={onSave} />);
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    await userEvent.type(screen.getByRole('textbox', { name: 'Template name' }), '!');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    await userEvent.click(save);
    expect(onSave).toHaveBeenCalledWith({
      draft: expect.objectContaining({ name: 'Invoice!' }),
      template: null,
      version: null,
    });
    expect(screen.getByText('Saved', { selector: '.quire-save-state' })).toBeInTheDocument();
  });

  it('reports template_required for publishing a draft that is not in Quire', async () => {
    const ref = createRef<BuilderApi>();
    const onError = vi.fn<(error: BuilderError) => void>();
    render(<TemplateBuilder ref={ref} defaultValue={invoice} onError={onError} />);
    await expect(ref.current?.publish()).rejects.toMatchObject({ code: 'template_required' });
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({
        code: 'template_required',
        action: 'publish',
        message: 'This needs a template saved to Quire (a templateId).',
      }),
    );
  });

  it('undoes and redoes through the api, one step per change', async () => {
    const ref = createRef<BuilderApi>();
    render(<TemplateBuilder ref={ref} defaultValue={invoice} />);
    await act(() => ref.current?.setSampleData({ invoice: { number: 'INV-8' } }));
    await act(() => ref.current?.setDraft({ html: '<p>{{ invoice.number }}</p>' }, { merge: true }));
    expect(ref.current?.getDraft().html).toBe('<p>{{ invoice.number }}</p>');
    await act(() => ref.current?.undo());
    expect(ref.current?.getDraft().html).toBe(invoice.html);
    expect(ref.current?.getDraft().sample_data).toEqual({ invoice: { number: 'INV-8' } });
    await act(() => ref.current?.redo());
    expect(ref.current?.getDraft().html).toBe('<p>{{ invoice.number }}</p>');
  });

  it('inserts a variable at the end of the body when no editor has a cursor, a loop for list fields', async () => {
    const ref = createRef<BuilderApi>();
    render(<TemplateBuilder ref={ref} defaultValue={{ ...invoice, html: '<html><body><h1>Hi</h1></body></html>' }} />);
    await act(() => ref.current?.insertVariable('invoice.items[].price'));
    expect(ref.current?.getDraft().html).toBe(
      '<html><body><h1>Hi</h1>{% for item in invoice.items %}{{ item.price }}{% endfor %}\n</body></html>',
    );
  });

  it('inserts a variable at the cursor of the editor last used', async () => {
    const ref = createRef<BuilderApi>();
    render(
      <TemplateBuilder ref={ref} defaultValue={{ ...invoice, footer_html: '<p>Footer</p>' }} defaultMode="boss" />,
    );
    await userEvent.click(await screen.findByRole('tab', { name: 'Footer' }));
    const footer = await editor('Footer editor');
    act(() => {
      footer.focus();
      footer.dispatch({ selection: { anchor: 3 } });
    });
    await act(() => ref.current?.insertVariable('customer.name'));
    expect(ref.current?.getDraft().footer_html).toBe('<p>{{ customer.name }}Footer</p>');
    expect(footer.state.doc.toString()).toBe('<p>{{ customer.name }}Footer</p>');
  });

  it('renders HTML on request and reports it through onRender', async () => {
    const ref = createRef<BuilderApi>();
    const onRender = vi.fn();
    render(<TemplateBuilder ref={ref} defaultValue={invoice} onRender={onRender} />);
    const output = await ref.current?.render('html');
    expect(output).toMatchObject({ format: 'html', pages: null, warnings: [] });
    expect(output?.format === 'html' && output.html).toContain('Invoice INV-7');
    expect(onRender).toHaveBeenCalledWith(expect.objectContaining({ format: 'html', pages: null }));
    await expect(ref.current?.render('pdf')).rejects.toMatchObject({ code: 'pdf_preview_unavailable' });
  });

  it('takes UI strings from messages', async () => {
    render(
      <TemplateBuilder
        defaultValue={invoice}
        messages={{ 'mode.boss': 'Code view', 'actions.save': 'Store', 'builder.saved': 'All stored' }}
      />,
    );
    expect(screen.getByRole('switch', { name: 'Code view' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Store' })).toBeInTheDocument();
    expect(screen.getByText('All stored')).toBeInTheDocument();
  });

  it('rejects a messages key that does not exist', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<TemplateBuilder defaultValue={invoice} messages={{ 'mode.bos': 'x' } as never} />)).toThrow(
      /messages/,
    );
    spy.mockRestore();
  });
});

describe('themes', () => {
  it('puts the theme class on the scoped root', () => {
    const { container, rerender } = render(<TemplateBuilder defaultValue={invoice} theme="dark" />);
    const root = container.firstElementChild as HTMLElement;
    expect(root).toHaveClass('quire-root', 'quire-theme-dark', 'quire-builder');
    rerender(<TemplateBuilder defaultValue={invoice} theme="light" />);
    expect(root).toHaveClass('quire-root', 'quire-theme-light');
  });

  it('follows the system theme as it changes', () => {
    let dark = true;
    const listeners = new Set<() => void>();
    const original = window.matchMedia;
    window.matchMedia = ((query: string) =>
      ({
        get matches() {
          return query.includes('dark') && dark;
        },
        media: query,
        addEventListener: (_: string, listener: () => void) => listeners.add(listener),
        removeEventListener: (_: string, listener: () => void) => listeners.delete(listener),
      }) as unknown as MediaQueryList) as typeof window.matchMedia;
    const { container } = render(<TemplateBuilder defaultValue={invoice} theme="system" />);
    const root = container.firstElementChild as HTMLElement;
    expect(root).toHaveClass('quire-theme-dark');
    act(() => {
      dark = false;
      for (const listener of listeners) listener();
    });
    expect(root).toHaveClass('quire-theme-light');
    window.matchMedia = original;
  });

  it('portals dialogs into the container inside the builder, with the theme on them', async () => {
    const ref = createRef<BuilderApi>();
    const { container } = render(<TemplateBuilder ref={ref} defaultValue={invoice} theme="dark" />);
    expect(container.querySelector('.quire-root > .quire-portal')).not.toBeNull();
  });
});
