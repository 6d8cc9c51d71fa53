import { forEachDiagnostic } from '@codemirror/lint';
import { EditorView } from '@codemirror/view';
import { Quire } from '@quire/client';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, type ReactNode } from 'react';
import { describe, expect, inject, it, vi } from 'vitest';
import type { BuilderError } from '../errors/builder-error';
import { QuireProvider } from '../provider/QuireProvider';
import { TemplateBuilder } from './TemplateBuilder';
import type { BuilderApi } from './types';

const quire = new Quire({ baseUrl: inject('quireUrl'), apiKey: inject('quireApiKey') });
const token = inject('quireToken');

function withQuire(children: ReactNode) {
  return <QuireProvider client={quire}>{children}</QuireProvider>;
}

async function editorView(name: string): Promise<EditorView> {
  const content = await screen.findByRole('textbox', { name }, { timeout: 10_000 });
  return EditorView.findFromDOM(content) as EditorView;
}

const frame = () => screen.getByTitle(/^Preview of the report/) as HTMLIFrameElement;

describe('<TemplateBuilder templateId> against the service', () => {
  it('loads the template, then fires onReady after the calls made while it loaded', async () => {
    const template = await quire.templates.create({ starter_id: 'invoice', name: 'Loaded invoice' });
    const ref = createRef<BuilderApi>();
    const onReady = vi.fn((api: BuilderApi) => {
      expect(api.getDraft().name).toBe('Renamed before ready');
      return undefined;
    });
    render(withQuire(<TemplateBuilder ref={ref} templateId={template.id} onReady={onReady} />));
    expect(screen.getByRole('status')).toHaveTextContent('Loading the template…');
    const queued = ref.current?.setDraft({ name: 'Renamed before ready' }, { merge: true });
    await act(() => queued);
    await waitFor(() => expect(onReady).toHaveBeenCalledTimes(1));
    expect(screen.getByRole('textbox', { name: 'Template name' })).toHaveValue('Renamed before ready');
    expect(ref.current?.getDraft().html).toBe(template.html);
    await waitFor(() =>
      expect(frame().getAttribute('srcdoc')).toContain(String(template.sample_data.invoice ? '' : '')),
    );
  });

  it('saves a draft version and publishes it, reporting both', async () => {
    const template = await quire.templates.create({
      name: 'To publish',
      html: '<p>{{ a }}</p>',
      sample_data: { a: 1 },
    });
    const onSave = vi.fn();
    const onPublish = vi.fn();
    render(withQuire(<TemplateBuilder templateId={template.id} onSave={onSave} onPublish={onPublish} />));
    const name = await screen.findByRole('textbox', { name: 'Template name' });
    await waitFor(() => expect(name).toHaveValue('To publish'));
    await userEvent.type(name, ' v2');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]?.[0]).toMatchObject({
      version: 2,
      template: { latest_version: 2, published_version: 1 },
    });
    expect(screen.getByText('Saved', { selector: '.quire-save-state' })).toBeInTheDocument();
    expect((await quire.templates.get(template.id)).name).toBe('To publish v2');

    await userEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await waitFor(() => expect(onPublish).toHaveBeenCalledWith(expect.objectContaining({ version: 2 })));
    expect((await quire.templates.get(template.id)).published_version).toBe(2);
  });

  it("reports the API's code when the template does not exist, and can try again", async () => {
    const onError = vi.fn<(error: BuilderError) => void>();
    render(withQuire(<TemplateBuilder templateId="tpl_doesNotExist1" onError={onError} />));
    expect(await screen.findByRole('alert')).toHaveTextContent('The template could not be loaded.');
    expect(onError).toHaveBeenCalledWith(
      expect.objectContaining({
        code: 'template_not_found',
        action: 'load',
        status: 404,
        requestId: expect.any(String),
      }),
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('says a client is needed when there is no provider', async () => {
    const onError = vi.fn<(error: BuilderError) => void>();
    render(<TemplateBuilder templateId="tpl_x" onError={onError} />);
    await waitFor(() => expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'client_required' })));
  });

  it("marks the service's check findings in the editor while the text is as saved", async () => {
    // A value of the wrong type: a finding of the service's check (by data path), which the builder marks where
    // the template reads that path.
    const html = '<h1>{{ title }}</h1>\n<p>{{ amount | money }}</p>\n';
    const template = await quire.templates.create({
      name: 'Checked',
      html,
      sample_data: { title: 'T', amount: 'lots' },
    });
    const check = await quire.templates.check(template.id);
    expect(check.findings).toContainEqual(expect.objectContaining({ code: 'type_mismatch', path: 'amount' }));
    render(withQuire(<TemplateBuilder templateId={template.id} defaultMode="boss" />));
    const view = await editorView('HTML editor');
    const marks = () => {
      const found: { line: number; message: string }[] = [];
      forEachDiagnostic(view.state, (d, from) =>
        found.push({ line: view.state.doc.lineAt(from).number, message: d.message }),
      );
      return found;
    };
    const mismatch = { line: 2, message: 'amount is string; the template uses it as number' };
    await waitFor(() => expect(marks()).toContainEqual(mismatch));
    // The preview's own error is marked too: `money` cannot print "lots".
    expect(marks()).toContainEqual({ line: 2, message: 'money: "lots" is not a number' });
    // Once the text differs from what the service checked, its lines no longer say where things are.
    act(() => {
      view.dispatch({ changes: { from: 0, insert: '<p>new first line</p>\n' }, userEvent: 'input' });
    });
    await waitFor(() => expect(marks()).toEqual([{ line: 3, message: 'money: "lots" is not a number' }]));
  });

  it('lists versions, compares one with the draft, restores and publishes it', async () => {
    const template = await quire.templates.create({ name: 'Versions', html: '<p>one</p>', sample_data: {} });
    await quire.templates.update(template.id, { html: '<p>two</p>', message: 'Second' });
    const onPublish = vi.fn();
    render(withQuire(<TemplateBuilder templateId={template.id} defaultMode="boss" onPublish={onPublish} />));
    await userEvent.click(await screen.findByRole('tab', { name: 'Versions' }, { timeout: 10_000 }));
    const list = await screen.findByRole('region', { name: 'Versions' });
    const items = await within(list).findAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Version 2');
    expect(items[0]).toHaveTextContent('Published');
    expect(items[0]).toHaveTextContent('Second');
    expect(items[1]).toHaveTextContent('Version 1');

    await userEvent.click(within(items[1] as HTMLElement).getByRole('button', { name: 'Compare with the draft' }));
    const dialog = await screen.findByRole('dialog', { name: 'Version 1 (left) and the draft (right)' });
    expect(await within(dialog).findByRole('textbox', { name: 'Version 1' }, { timeout: 10_000 })).toHaveTextContent(
      '<p>one</p>',
    );
    expect(within(dialog).getByRole('textbox', { name: 'Draft' })).toHaveTextContent('<p>two</p>');
    await userEvent.keyboard('{Escape}');

    await userEvent.click(within(items[1] as HTMLElement).getByRole('button', { name: 'Restore' }));
    await waitFor(() => expect(screen.getByText('Version 1 restored as version 3')).toBeInTheDocument());
    await userEvent.click(screen.getByRole('tab', { name: 'HTML' }));
    expect((await editorView('HTML editor')).state.doc.toString()).toBe('<p>one</p>');

    // The restored content is version 3, and published; version 2 can be published again.
    await userEvent.click(screen.getByRole('tab', { name: 'Versions' }));
    const region = await screen.findByRole('region', { name: 'Versions' });
    await waitFor(() => expect(within(region).getAllByRole('listitem')[0]).toHaveTextContent('Version 3'));
    const second = within(region).getAllByRole('listitem')[1] as HTMLElement;
    expect(second).toHaveTextContent('Version 2');
    await userEvent.click(within(second).getByRole('button', { name: 'Publish this version' }));
    await waitFor(() => expect(onPublish).toHaveBeenCalledWith(expect.objectContaining({ version: 2 })));
    expect((await quire.templates.get(template.id)).published_version).toBe(2);
  });

  it("shows the AI's change as a diff, and takes it into the draft on Accept", async () => {
    const template = await quire.templates.create({ starter_id: 'receipt', name: 'AI receipt' });
    const ref = createRef<BuilderApi>();
    render(withQuire(<TemplateBuilder ref={ref} templateId={template.id} />));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Template name' })).toHaveValue('AI receipt'));
    const before = ref.current?.getDraft();
    const proposal = await act(() => ref.current?.askAI('Make the title blue') as Promise<unknown>);
    expect(proposal).toMatchObject({ prompt: 'Make the title blue', version: 2 });
    const dialog = await screen.findByRole('dialog', { name: 'Review the AI changes' });
    expect(dialog).toHaveTextContent('The AI says');
    expect(within(dialog).getAllByRole('tab').length).toBeGreaterThan(0);
    expect(ref.current?.getDraft()).toEqual(before);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    const after = await quire.templates.versions.get(template.id, 2);
    expect(ref.current?.getDraft().html).toBe(after.content.html);
    expect(ref.current?.getDraft().css).toBe(after.content.css);
    expect(screen.getByText('Saved', { selector: '.quire-save-state' })).toBeInTheDocument();
  });

  it('leaves the draft as it was on Reject, and publishes the earlier version again', async () => {
    const template = await quire.templates.create({ starter_id: 'receipt', name: 'Rejected AI' });
    const ref = createRef<BuilderApi>();
    render(withQuire(<TemplateBuilder ref={ref} templateId={template.id} />));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Template name' })).toHaveValue('Rejected AI'));
    const before = ref.current?.getDraft();
    const proposal = (await act(() => ref.current?.askAI('Make the title blue') as Promise<unknown>)) as {
      published: boolean;
    };
    const dialog = await screen.findByRole('dialog', { name: 'Review the AI changes' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(ref.current?.getDraft()).toEqual(before);
    if (proposal.published) {
      await waitFor(async () => expect((await quire.templates.get(template.id)).published_version).toBe(1));
    }
    // The AI's version differs from the draft: saving makes a new version from the draft.
    expect(screen.getByText('Unsaved changes', { selector: '.quire-save-state' })).toBeInTheDocument();
  });

  it('works with baseUrl and getToken on the provider', async () => {
    const template = await quire.templates.create({
      name: 'Token',
      html: '<p>{{ who }}</p>',
      sample_data: { who: 'x' },
    });
    render(
      <QuireProvider baseUrl={inject('quireUrl')} getToken={() => token}>
        <TemplateBuilder templateId={template.id} />
      </QuireProvider>,
    );
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Template name' })).toHaveValue('Token'));
  });
});
