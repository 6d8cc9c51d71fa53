import type { TemplateContentInput } from '@quire/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, waitFor } from 'storybook/test';
import { fetchedFonts, inkOf, PDF_WORKER, pageCanvases, pdfPageTexts, STORY_FONTS } from '../__fixtures__/stories/pdf';
import { invoiceDraft, letterDraft } from '../__fixtures__/stories/templates';
import { PdfPreview, type PdfPreviewProps } from './PdfPreview';

const meta = {
  title: 'PDF/PdfPreview',
  component: PdfPreview,
  args: {
    value: letterDraft,
    fonts: STORY_FONTS,
    workerSrc: PDF_WORKER,
    onRender: fn(),
    onPaint: fn(),
    onError: fn(),
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 720 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof PdfPreview>;

export default meta;
type Story = StoryObj<typeof meta>;

// The first render loads the engine (pdfmake's browser build) and parses 14 font files.
const RENDER = { timeout: 60_000 };

/** The PDFs rendered so far (each onRender's second argument). */
const renderedPdfs = (onRender: unknown) =>
  (onRender as ReturnType<typeof fn>).mock.calls.map((call) => call[1] as Uint8Array);

/**
 * A letter rendered to PDF in the browser, by the service's engine with the fonts Storybook serves (as
 * `npx quire-react-fonts` lays them out for a host), and painted with pdf.js.
 */
export const Letter: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    await waitFor(() => expect(args.onRender).toHaveBeenCalled(), RENDER);
    await expect(args.onRender).toHaveBeenCalledWith(
      expect.objectContaining({ format: 'pdf', pages: 1, warnings: [] }),
      expect.any(Uint8Array),
    );
    const [pdf] = renderedPdfs(args.onRender);
    await expect(await pdfPageTexts(pdf as Uint8Array)).toEqual([
      expect.stringContaining('Welcome, Ada Lovelace Your plan: Professional'),
    ]);
    await waitFor(() => expect(pageCanvases(canvasElement)).toHaveLength(1), RENDER);
    await expect(inkOf(pageCanvases(canvasElement)[0] as HTMLCanvasElement)).toBeGreaterThan(0.002);
    await expect(canvas.getByRole('img', { name: 'Page 1 of 1' })).toBeVisible();
    await expect(args.onPaint).toHaveBeenCalledWith(expect.objectContaining({ pages: 1 }));
    await expect(canvas.queryByText('Loading the PDF engine…')).toBeNull();
    await expect(args.onError).not.toHaveBeenCalled();
    // The fonts came from this origin, under quire-fonts/ (below a static build's path): nothing from a CDN. Which
    // files are listed depends on the stories before this one: a font the page fetched already comes from the
    // browser's memory cache, which makes no resource timing entry.
    const fonts = fetchedFonts();
    await expect(fonts.map((url) => url.pathname)).toContainEqual(expect.stringMatching(/\/quire-fonts\/\w+\.ttf$/));
    for (const url of fonts) await expect(url.origin).toBe(window.location.origin);
  },
};

/** The invoice starter: two pages, each painted. */
export const Invoice: Story = {
  args: { value: invoiceDraft },
  play: async ({ canvas, canvasElement, args }) => {
    await waitFor(() => expect(pageCanvases(canvasElement)).toHaveLength(2), RENDER);
    await expect(args.onRender).toHaveBeenCalledWith(expect.objectContaining({ pages: 2 }), expect.any(Uint8Array));
    const [first] = await pdfPageTexts(renderedPdfs(args.onRender)[0] as Uint8Array);
    await expect(first).toContain('INV-2026-0142');
    await expect(first).toContain('Brightline Analytics LLC');
    for (const page of pageCanvases(canvasElement)) await expect(inkOf(page)).toBeGreaterThan(0.002);
    await expect(canvas.getByRole('document', { name: 'PDF preview: 2 pages' })).toBeInTheDocument();
  },
};

function Retitled(props: PdfPreviewProps) {
  const [title, setTitle] = useState('Welcome');
  const value = { ...letterDraft, html: letterDraft.html.replace('Welcome', title) };
  return (
    <>
      <label>
        Title <input value={title} onChange={(event) => setTitle(event.target.value)} />
      </label>
      <PdfPreview {...props} value={value} debounceMs={50} />
    </>
  );
}

/** Each change renders again: the new PDF replaces the last one on screen. */
export const RendersAsYouType: Story = {
  render: (args) => <Retitled {...args} />,
  play: async ({ canvas, canvasElement, args, userEvent }) => {
    await waitFor(() => expect(pageCanvases(canvasElement)).toHaveLength(1), RENDER);
    const field = canvas.getByRole('textbox', { name: 'Title' });
    await userEvent.clear(field);
    await userEvent.type(field, 'Hello');
    await waitFor(async () => {
      const last = renderedPdfs(args.onRender).at(-1) as Uint8Array;
      await expect((await pdfPageTexts(last))[0]).toContain('Hello, Ada Lovelace');
    }, RENDER);
    await expect(args.onError).not.toHaveBeenCalled();
  },
};

/** Liquid that cannot render: the error, reported; no pages. */
export const LiquidError: Story = {
  args: { value: { ...letterDraft, html: '<h1>{{ customer.name | nope }}</h1>' } },
  play: async ({ canvas, canvasElement, args }) => {
    await expect(await canvas.findByRole('alert', {}, RENDER)).toHaveTextContent(
      /^The PDF could not be made: .*undefined filter: nope/,
    );
    await expect(args.onError).toHaveBeenCalledWith(expect.objectContaining({ action: 'render' }));
    await expect(pageCanvases(canvasElement)).toHaveLength(0);
  },
};

/** The host does not serve the fonts where it said: the error says so, and its cause names the missing file. */
export const FontsMissing: Story = {
  args: { fonts: { baseUrl: '/no-fonts-here' } },
  play: async ({ canvas, args }) => {
    await expect(await canvas.findByRole('alert', {}, RENDER)).toHaveTextContent(
      'The PDF could not be made: The fonts for the PDF preview could not be loaded.',
    );
    await expect(args.onError).toHaveBeenCalledWith(
      expect.objectContaining({
        code: 'pdf_fonts_unavailable',
        action: 'render',
        cause: expect.objectContaining({
          message: expect.stringMatching(/^\/no-fonts-here\/Noto\w+\.ttf answered 404$/),
        }),
      }),
    );
    await expect(args.onRender).not.toHaveBeenCalled();
  },
};

/** While the fonts load (here: a host's loader that has not answered yet). */
export const Loading: Story = {
  args: { fonts: { load: () => new Promise<never>(() => {}) } },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('Loading the PDF engine…')).toBeVisible();
    await new Promise((resolve) => setTimeout(resolve, 300));
    await expect(canvas.getByText('Loading the PDF engine…')).toBeVisible();
    await expect(args.onRender).not.toHaveBeenCalled();
  },
};

const email: TemplateContentInput = { ...letterDraft, kind: 'email' };

/** An email has no pages: the preview says so and renders nothing. */
export const Email: Story = {
  args: { value: email },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByText('The PDF preview is not available here')).toBeVisible();
    await expect(args.onRender).not.toHaveBeenCalled();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(pageCanvases(canvasElement)).toHaveLength(1), RENDER);
    await expect(canvasElement.querySelector('[data-quire-theme]')).toHaveAttribute('data-quire-theme', 'dark');
  },
};
