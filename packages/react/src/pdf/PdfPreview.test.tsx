import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { W1_DRAFT } from '../__fixtures__/w1-invoice';
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
