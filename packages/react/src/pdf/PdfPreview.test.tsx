import { loadBundledFonts } from '@quire/render';
import type { FontFaces } from '@quire/render/browser';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pdfPageTexts } from '../__fixtures__/pdf-text';
import { W1_DRAFT } from '../__fixtures__/w1-invoice';
import { TemplateBuilder } from '../builder/TemplateBuilder';
import type { BuilderApi, RenderInfo } from '../builder/types';
import { previewSlots } from '../preview/slots';
import { TemplatePreview } from '../preview/TemplatePreview';
import { QuirePropsError } from '../props/validate';
import { PdfPreview } from './PdfPreview';
import { installPdfPreview } from './slot';

afterEach(() => {
  previewSlots.pdf = null;
});

describe('the PDF preview in the builder', () => {
  it('is offered by <TemplatePreview> once installed, beside the HTML preview', () => {
    const { unmount } = render(<TemplatePreview draft={W1_DRAFT} />);
    expect(screen.queryByRole('tab', { name: 'PDF' })).toBeNull();
    unmount();
    installPdfPreview({ fonts: { baseUrl: '/fonts' } });
    render(<TemplatePreview draft={W1_DRAFT} />);
    expect(screen.getByRole('tab', { name: 'PDF' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'HTML' })).toBeInTheDocument();
  });
});

/**
 * The bundled fonts from disk, as a host's own font loader would answer them: byte arrays of the page's realm
 * (Node's Buffers are not jsdom's Uint8Array).
 */
const fontsFromDisk = {
  load: async () =>
    Object.fromEntries(
      Object.entries(loadBundledFonts()).map(([family, faces]) => [
        family,
        Object.fromEntries(Object.entries(faces).map(([face, bytes]) => [face, new Uint8Array(bytes as Uint8Array)])),
      ]),
    ) as unknown as Record<string, FontFaces>,
};

describe('the PDF preview through <TemplateBuilder>', () => {
  it('is offered in both modes once installed, and api.render("pdf") answers the pages', async () => {
    installPdfPreview({ fonts: fontsFromDisk });
    const ref = createRef<BuilderApi>();
    const onRender = vi.fn<(info: RenderInfo) => void>();
    render(<TemplateBuilder ref={ref} defaultValue={W1_DRAFT} onRender={onRender} />);
    // Easy Mode: its clickable HTML preview, and the PDF beside it.
    expect(screen.getByRole('tab', { name: 'HTML' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: 'PDF' })).toBeInTheDocument();
    const output = await ref.current?.render('pdf');
    expect(output).toMatchObject({ format: 'pdf', pages: 1, warnings: [] });
    const texts = await pdfPageTexts(output?.format === 'pdf' ? output.bytes : new Uint8Array());
    expect(texts[0]).toContain('INV-2026-0042');
    expect(onRender).toHaveBeenCalledWith(expect.objectContaining({ format: 'pdf', pages: 1 }));
    await userEvent.click(screen.getByRole('switch', { name: 'Boss Mode' }));
    expect(await screen.findByRole('tab', { name: 'PDF' }, { timeout: 10_000 })).toBeInTheDocument();
  }, 60_000);

  it('is not offered with features.pdfPreview off, and api.render("pdf") says so', async () => {
    installPdfPreview({ fonts: fontsFromDisk });
    const ref = createRef<BuilderApi>();
    render(<TemplateBuilder ref={ref} defaultValue={W1_DRAFT} features={{ pdfPreview: false }} />);
    expect(screen.queryByRole('tab', { name: 'PDF' })).toBeNull();
    await expect(ref.current?.render('pdf')).rejects.toMatchObject({ code: 'pdf_preview_unavailable' });
  });
});

describe('<PdfPreview>', () => {
  it('says where the fonts come from, or refuses to start', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<PdfPreview value={W1_DRAFT} fonts={{} as { baseUrl: string }} />)).toThrow(QuirePropsError);
    expect(() => render(<PdfPreview value={W1_DRAFT} fonts={{ baseUrl: '' }} />)).toThrow(
      /Expected the URL the bundled fonts are served under/,
    );
    spy.mockRestore();
  });

  it('leaves emails to the HTML preview', () => {
    render(<PdfPreview value={{ ...W1_DRAFT, kind: 'email' }} fonts={{ baseUrl: '/fonts' }} />);
    expect(screen.getByText('The PDF preview is not available here')).toBeInTheDocument();
  });
});
