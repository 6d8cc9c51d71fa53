import { Quire } from '@quire/client';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef, type ReactNode } from 'react';
import { describe, expect, inject, it, vi } from 'vitest';
import { W1_DRAFT } from '../__fixtures__/w1-invoice';
import { TemplateBuilder } from '../builder/TemplateBuilder';
import type { AiProposal, BuilderApi } from '../builder/types';
import { QuireProvider } from '../provider/QuireProvider';

// The run's one real service (service.global.ts) and its offline AI, as an admin API key of an enterprise team.
const quire = new Quire({
  baseUrl: inject('quireUrl'),
  apiKey: inject('quireApiKey'),
  maxRetries: 0,
  timeout: 120_000,
});
const withQuire = (children: ReactNode) => <QuireProvider client={quire}>{children}</QuireProvider>;
const AI_TIMEOUT = { timeout: 90_000 };

const openChat = async () => {
  await userEvent.click(screen.getByRole('button', { name: 'AI chat' }));
  return screen.getByRole('region', { name: 'AI chat' });
};
const review = () => screen.findByRole('dialog', { name: 'Review the AI changes' }, AI_TIMEOUT);

describe('the AI chat in the builder (the real service, its offline AI)', () => {
  it('sends a turn through the builder: a new version, shown with what was checked, its change in review', async () => {
    const template = await quire.templates.create({ starter_id: 'receipt', name: 'Chat receipt' });
    const ref = createRef<BuilderApi>();
    const onChange = vi.fn();
    render(withQuire(<TemplateBuilder ref={ref} templateId={template.id} onChange={onChange} />));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Template name' })).toHaveValue('Chat receipt'));
    const chat = await openChat();
    expect(screen.getByRole('button', { name: 'AI chat' })).toHaveAttribute('aria-pressed', 'true');
    expect(await within(chat).findByText(/Ask for a change/)).toBeInTheDocument();

    await userEvent.type(within(chat).getByLabelText('Message to the AI'), 'Make the title blue{Enter}');
    expect(await within(chat).findByRole('list', { name: 'Progress' })).toHaveTextContent(/Writing.*Done/);
    expect(within(chat).getByRole('button', { name: 'Stop' })).toBeInTheDocument();
    const dialog = await review();
    const after = await quire.templates.versions.get(template.id, 2);
    const reply = within(chat).getAllByRole('article').at(-1) as HTMLElement;
    expect(reply).toHaveTextContent('Version 2');
    expect(within(reply).getByText('What was checked')).toBeInTheDocument();
    expect(within(chat).getAllByRole('article')[0]).toHaveTextContent('Make the title blue');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(ref.current?.getDraft().html).toBe(after.content.html);
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ html: after.content.html }), {
      source: 'ai',
      fields: expect.any(Array),
    });

    // The panel stays in Boss Mode, with the conversation.
    await userEvent.click(screen.getByRole('switch', { name: 'Boss Mode' }));
    await screen.findByRole('textbox', { name: 'HTML editor' }, { timeout: 10_000 });
    const again = screen.getByRole('region', { name: 'AI chat' });
    expect(within(again).getAllByRole('article')).toHaveLength(2);
  }, 180_000);

  it("shows a turn asked from Easy Mode's bar in the chat's conversation, and loads it when the chat opens later", async () => {
    const template = await quire.templates.create({ starter_id: 'receipt', name: 'Bar receipt' });
    const { unmount } = render(withQuire(<TemplateBuilder templateId={template.id} />));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Template name' })).toHaveValue('Bar receipt'));
    const chat = await openChat();
    await userEvent.type(screen.getByLabelText('Describe a change to the AI'), 'Add a notes section{Enter}');
    expect(await within(chat).findByText('Add a notes section')).toBeInTheDocument();
    const dialog = await review();
    expect(within(chat).getAllByRole('article')).toHaveLength(2);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    unmount();

    render(withQuire(<TemplateBuilder templateId={template.id} />));
    // As on the first render: the chat opens once the builder has loaded the template.
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Template name' })).toHaveValue('Bar receipt'));
    const loaded = await openChat();
    await waitFor(() => expect(within(loaded).getAllByRole('article')).toHaveLength(2));
    expect(within(loaded).getAllByRole('article')[0]).toHaveTextContent('Add a notes section');
  }, 180_000);

  it('works on a draft the host holds through a working copy in Quire, and leaves the host to save', async () => {
    const ref = createRef<BuilderApi>();
    const onSave = vi.fn();
    render(withQuire(<TemplateBuilder ref={ref} defaultValue={{ ...W1_DRAFT, name: 'Local W1' }} onSave={onSave} />));
    const chat = await openChat();
    await userEvent.type(within(chat).getByLabelText('Message to the AI'), 'Make the title blue{Enter}');
    const dialog = await review();
    // The draft stays as it was while the change waits.
    expect(ref.current?.getDraft()).toEqual({ ...W1_DRAFT, name: 'Local W1' });
    // The turn ran on a template made from the draft: its first version is the draft as it was.
    const reply = within(chat).getAllByRole('article').at(-1) as HTMLElement;
    expect(reply).toHaveTextContent('Version 2');
    const copies: { id: string }[] = [];
    for await (const t of quire.templates.list({ q: 'Local W1' })) copies.push(t);
    expect(copies).toHaveLength(1);
    const copy = copies[0] as { id: string };
    expect(within(chat).getAllByRole('article')).toHaveLength(2);
    expect((await quire.templates.versions.get(copy.id, 1)).content.html).toBe(W1_DRAFT.html);
    const version2 = await quire.templates.versions.get(copy.id, 2);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Accept' }));
    expect(ref.current?.getDraft().html).toBe(version2.content.html);
    // Accepting is an edit of the host's draft, not a save: the host still saves it.
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();

    // An edit of the draft reaches the working copy before the next turn (as version 3), so the AI sees it.
    await act(() => ref.current?.setDraft({ html: `${version2.content.html}<p>Local edit</p>` }, { merge: true }));
    const next = (await act(() => ref.current?.askAI('Add a notes section'))) as AiProposal;
    expect(next?.templateId).toBe(copy.id);
    expect((await quire.templates.versions.get(copy.id, 3)).content.html).toContain('<p>Local edit</p>');
    expect(next?.version).toBe(4);
    await userEvent.click(within(await review()).getByRole('button', { name: 'Reject' }));
    expect(ref.current?.getDraft().html).toBe(`${version2.content.html}<p>Local edit</p>`);
    expect(within(chat).getAllByRole('article')).toHaveLength(4);
  }, 240_000);
});
