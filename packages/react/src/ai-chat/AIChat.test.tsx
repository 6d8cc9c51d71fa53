import { type AiGenerateResult, Quire, type TemplateMessageResult } from '@quire/client';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, inject, it, vi } from 'vitest';
import { QuireProvider } from '../provider/QuireProvider';
import { AIChat } from './AIChat';

// The run's one real service (service.global.ts), its offline AI, as an admin API key of an enterprise team.
const quire = new Quire({
  baseUrl: inject('quireUrl'),
  apiKey: inject('quireApiKey'),
  maxRetries: 0,
  timeout: 120_000,
});

const AI_TIMEOUT = { timeout: 90_000 };

describe('<AIChat> (the real service, its offline AI)', () => {
  it('streams a turn, shows the version it saved and what it checked, and keeps it in the conversation', async () => {
    const template = await quire.templates.create({ starter_id: 'invoice' });
    const turns: TemplateMessageResult[] = [];
    const onBeforeSend = vi.fn();
    const { unmount } = render(
      <QuireProvider client={quire}>
        <AIChat templateId={template.id} onTurn={(turn) => turns.push(turn)} onBeforeSend={onBeforeSend} />
      </QuireProvider>,
    );
    await screen.findByText(/Ask for a change/);
    await userEvent.type(screen.getByLabelText('Message to the AI'), 'Make the title blue');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(onBeforeSend).toHaveBeenCalledTimes(1);
    // While it works: the stages, and a Stop button.
    expect(await screen.findByRole('list', { name: 'Progress' })).toHaveTextContent(
      /Writing.*Checking.*Repairing.*Done/,
    );
    expect(screen.getByRole('button', { name: 'Stop' })).toBeInTheDocument();
    await screen.findByText('Version 2', {}, AI_TIMEOUT);
    expect(turns).toHaveLength(1);
    expect(turns[0]).toMatchObject({ object: 'ai_turn', version: 2, template: { id: template.id } });
    const log = screen.getByRole('log');
    const reply = within(log).getAllByRole('article').at(-1) as HTMLElement;
    expect(reply).toHaveTextContent(turns[0]?.message.content as string);
    expect(within(reply).getByText('What was checked')).toBeInTheDocument();
    expect(within(reply).getByText('What was not done')).toBeInTheDocument();
    for (const check of turns[0]?.report.checked ?? []) {
      expect(
        within(reply).getAllByText(new RegExp(check.description.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).length,
      ).toBeGreaterThan(0);
    }
    unmount();

    // Opened again: the conversation comes from the service.
    render(
      <QuireProvider client={quire}>
        <AIChat templateId={template.id} />
      </QuireProvider>,
    );
    const articles = await screen.findAllByRole('article');
    expect(articles.map((a) => a.dataset.role)).toEqual(['user', 'assistant']);
    expect(articles[0]).toHaveTextContent('Make the title blue');
    expect(articles[1]).toHaveTextContent('Version 2');
  }, 120_000);

  it('writes a new template from the first message, then refines that template', async () => {
    const generated: AiGenerateResult[] = [];
    const turns: TemplateMessageResult[] = [];
    render(
      <QuireProvider client={quire}>
        <AIChat
          generate={{ data_sample: { number: 'INV-7', items: [{ description: 'Workshop', amount: 1200 }] } }}
          onGenerated={(result) => generated.push(result)}
          onTurn={(turn) => turns.push(turn)}
        />
      </QuireProvider>,
    );
    expect(screen.getByText(/writes a template for it/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Message to the AI'), 'An invoice with a line per item{Enter}');
    await screen.findByText('Version 1', {}, AI_TIMEOUT);
    expect(generated).toHaveLength(1);
    expect(generated[0]?.template.published_version).toBe(1);
    await userEvent.type(screen.getByLabelText('Message to the AI'), 'Add a notes section{Enter}');
    await screen.findByText('Version 2', {}, AI_TIMEOUT);
    expect(turns[0]?.template.id).toBe(generated[0]?.template.id);
  }, 180_000);

  it('says what went wrong when the service refuses, and reports it', async () => {
    const onError = vi.fn();
    render(
      <QuireProvider client={quire}>
        <AIChat templateId="tpl_doesnotexist" onError={onError} />
      </QuireProvider>,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(/could not be loaded/);
    await waitFor(() =>
      expect(onError).toHaveBeenCalledWith(expect.objectContaining({ code: 'template_not_found', action: 'ai' })),
    );
  });

  it('needs a client', () => {
    render(<AIChat templateId="tpl_x" />);
    expect(screen.getByRole('alert')).toHaveTextContent('wrap the builder in <QuireProvider>');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });
});
