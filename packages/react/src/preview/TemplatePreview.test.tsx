import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TemplateDraftInput } from '../builder/types';
import { TemplatePreview } from './TemplatePreview';

const draft: TemplateDraftInput = {
  name: 'Letter',
  html: '<h1>Dear {{ person.name }}</h1>\n<p>{{ body }}</p>\n<script>parent.hacked = true</script>',
  css: 'h1 { color: rgb(1, 2, 3); }',
  header_html: '<p>Page {{ page_number }} of {{ page_count }}</p>',
  page: { size: 'A4', orientation: 'landscape' },
  sample_data: { person: { name: 'Ada' }, body: 'Hello' },
};

const frame = () => screen.getByTitle('Preview of the report') as HTMLIFrameElement;
const srcdoc = () => frame().getAttribute('srcdoc') ?? '';

describe('<TemplatePreview>', () => {
  it('renders the draft with its sample data in a sandboxed frame that runs no scripts', () => {
    render(<TemplatePreview draft={draft} />);
    expect(frame()).toHaveAttribute('sandbox', 'allow-same-origin');
    expect(srcdoc()).toContain('<h1>Dear Ada</h1>');
    expect(srcdoc()).toContain('<p>Page 1 of 1</p>');
    expect(srcdoc()).toContain('h1 { color: rgb(1, 2, 3); }');
    // Landscape A4, and nothing may be fetched or run.
    expect(srcdoc()).toContain('width:297mm');
    expect(srcdoc()).toContain("default-src 'none'");
  });

  it('renders with the data it is given instead of the sample', () => {
    render(<TemplatePreview draft={draft} data={{ person: { name: 'Grace' }, body: 'Hi' }} />);
    expect(srcdoc()).toContain('Dear Grace');
  });

  it('keeps the last good render and shows the error with its line while the Liquid is broken', async () => {
    const onRender = vi.fn();
    const { rerender } = render(<TemplatePreview draft={draft} debounceMs={10} onRender={onRender} />);
    expect(srcdoc()).toContain('Dear Ada');
    rerender(
      <TemplatePreview
        draft={{ ...draft, html: '<h1>Dear {{ person.name }}</h1>\n<p>{{ body | nope }}</p>' }}
        debounceMs={10}
        onRender={onRender}
      />,
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error in the HTML, line 2: undefined filter: nope');
    expect(alert).toHaveTextContent('Showing the last preview that rendered');
    expect(srcdoc()).toContain('Dear Ada');
    rerender(
      <TemplatePreview draft={{ ...draft, html: '<h1>Fixed {{ body }}</h1>' }} debounceMs={10} onRender={onRender} />,
    );
    await waitFor(() => expect(srcdoc()).toContain('Fixed Hello'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onRender).toHaveBeenCalledWith(expect.objectContaining({ format: 'html', pages: null, warnings: [] }));
  });

  it('names the part an error is in', async () => {
    render(<TemplatePreview draft={{ ...draft, footer_html: '<p>{{ page_number | nope }}</p>' }} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Error in the Footer, line 1');
  });

  it('waits for a pause in typing before rendering again', async () => {
    vi.useFakeTimers();
    try {
      const { rerender } = render(<TemplatePreview draft={draft} debounceMs={200} />);
      rerender(<TemplatePreview draft={{ ...draft, sample_data: { person: { name: 'B' } } }} debounceMs={200} />);
      rerender(<TemplatePreview draft={{ ...draft, sample_data: { person: { name: 'C' } } }} debounceMs={200} />);
      await act(() => vi.advanceTimersByTimeAsync(150));
      expect(srcdoc()).toContain('Dear Ada');
      await act(() => vi.advanceTimersByTimeAsync(100));
      expect(srcdoc()).toContain('Dear C');
    } finally {
      vi.useRealTimers();
    }
  });

  it('offers the HTML preview alone while this build has no PDF engine', () => {
    render(<TemplatePreview draft={draft} formats={['html', 'pdf']} />);
    expect(screen.queryByRole('tab', { name: 'PDF' })).toBeNull();
  });

  it('needs a draft outside a builder', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<TemplatePreview />)).toThrow('<TemplatePreview> needs a draft prop');
    spy.mockRestore();
  });
});
