import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, waitFor } from 'storybook/test';
import {
  fetchedFonts,
  inkOf,
  PDF_WORKER,
  pageCanvases,
  pdfPageTexts,
  renderStoryPdf,
} from '../__fixtures__/stories/pdf';
import { ledgerDraft, letterDraft } from '../__fixtures__/stories/templates';
import { PdfViewer, type PdfViewerProps } from './PdfViewer';

type Pdf = { bytes: Uint8Array; pages: number };

/** The PDFs the viewer shows: made in the browser by the preview's engine with the fonts Storybook serves. */
const letterPdf = async () => ({ letter: await renderStoryPdf(letterDraft) });
const ledgerPdf = async () => ({ ledger: await renderStoryPdf(ledgerDraft) });

const meta = {
  title: 'PDF/PdfViewer',
  component: PdfViewer,
  args: { bytes: null, workerSrc: PDF_WORKER, onPaint: fn(), onError: fn() },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 640 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof PdfViewer>;

export default meta;
type Story = StoryObj<typeof meta>;

const PAINT = { timeout: 30_000 };

/** Waits for `count` painted pages, each with ink on it. */
async function paintedPages(canvasElement: HTMLElement, count: number) {
  await waitFor(() => expect(pageCanvases(canvasElement)).toHaveLength(count), PAINT);
  for (const canvas of pageCanvases(canvasElement)) await expect(inkOf(canvas)).toBeGreaterThan(0.001);
  return pageCanvases(canvasElement);
}

/** A one-page letter, painted with pdf.js; the fonts it was drawn with came from Storybook itself. */
export const OnePage: Story = {
  loaders: [letterPdf],
  render: (args, { loaded }) => <PdfViewer {...args} bytes={(loaded.letter as Pdf).bytes} />,
  play: async ({ canvas, canvasElement, args, loaded }) => {
    const [page] = await paintedPages(canvasElement, 1);
    await expect(page).toHaveAccessibleName('Page 1 of 1');
    await expect(inkOf(page as HTMLCanvasElement)).toBeGreaterThan(0.005);
    await expect(canvas.getByRole('document', { name: 'PDF preview: 1 page' })).toBeInTheDocument();
    await expect(args.onPaint).toHaveBeenCalledWith(expect.objectContaining({ pages: 1 }));
    await expect(args.onError).not.toHaveBeenCalled();
    // The PDF on screen is the letter, with its data.
    const [text] = await pdfPageTexts((loaded.letter as Pdf).bytes);
    await expect(text).toContain('Welcome, Ada Lovelace');
    // Every font came from this origin, under quire-fonts/ (below a static build's path), by its file name: nothing
    // from a CDN.
    const fonts = fetchedFonts();
    await expect(fonts.map((url) => url.pathname)).toContainEqual(
      expect.stringMatching(/\/quire-fonts\/NotoSans_400Regular\.ttf$/),
    );
    for (const url of fonts) await expect(url.origin).toBe(window.location.origin);
  },
};

/** A PDF of several pages: every page painted, in order. */
export const SeveralPages: Story = {
  loaders: [ledgerPdf],
  render: (args, { loaded }) => <PdfViewer {...args} bytes={(loaded.ledger as Pdf).bytes} />,
  play: async ({ canvasElement, loaded }) => {
    const { pages } = loaded.ledger as Pdf;
    await expect(pages).toBeGreaterThan(1);
    const canvases = await paintedPages(canvasElement, pages);
    await expect(canvases.map((c) => c.getAttribute('aria-label'))).toEqual(
      Array.from({ length: pages }, (_, i) => `Page ${i + 1} of ${pages}`),
    );
  },
};

function Switcher(props: PdfViewerProps & { pdfs: Pdf[] }) {
  const { pdfs, ...viewer } = props;
  const [shown, setShown] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setShown((shown + 1) % pdfs.length)}>
        Show the other PDF
      </button>
      <PdfViewer {...viewer} bytes={(pdfs[shown] as Pdf).bytes} />
    </>
  );
}

/** A new PDF replaces the pages once it is painted whole. */
export const NewPdf: Story = {
  loaders: [letterPdf, ledgerPdf],
  render: (args, { loaded }) => <Switcher {...args} pdfs={[loaded.letter as Pdf, loaded.ledger as Pdf]} />,
  play: async ({ canvas, canvasElement, args, loaded, userEvent }) => {
    await paintedPages(canvasElement, 1);
    await userEvent.click(canvas.getByRole('button', { name: 'Show the other PDF' }));
    const { pages } = loaded.ledger as Pdf;
    await paintedPages(canvasElement, pages);
    await expect(args.onPaint).toHaveBeenLastCalledWith(expect.objectContaining({ pages }));
  },
};

/** Bytes that are not a PDF: pdf.js's error, shown and reported. */
export const NotAPdf: Story = {
  args: { bytes: new TextEncoder().encode('This is not a PDF.') },
  play: async ({ canvas, canvasElement, args }) => {
    await expect(await canvas.findByRole('alert', {}, PAINT)).toHaveTextContent(/^The PDF could not be shown: /);
    await expect(args.onError).toHaveBeenCalledTimes(1);
    await expect(pageCanvases(canvasElement)).toHaveLength(0);
  },
};

/** No PDF yet: an empty viewer, no error. */
export const Empty: Story = {
  play: async ({ canvas, canvasElement, args }) => {
    await expect(canvas.getByRole('document', { name: 'PDF preview' })).toBeInTheDocument();
    await expect(canvas.queryByRole('alert')).toBeNull();
    await expect(pageCanvases(canvasElement)).toHaveLength(0);
    await expect(args.onPaint).not.toHaveBeenCalled();
  },
};

export const Dark: Story = {
  ...OnePage,
  globals: { theme: 'dark' },
  play: async ({ canvasElement }) => {
    await paintedPages(canvasElement, 1);
    await expect(canvasElement.querySelector('[data-quire-theme]')).toHaveAttribute('data-quire-theme', 'dark');
  },
};
