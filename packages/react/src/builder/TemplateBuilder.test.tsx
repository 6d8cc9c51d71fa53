import { act, render, screen, waitFor } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TemplateBuilder } from './TemplateBuilder';
import type { BuilderApi, TemplateDraft } from './types';

const invoice = {
  name: 'Invoice',
  html: '<h1>Invoice {{ invoice.number }}</h1>\n<p>{{ customer.name }}</p>\n',
  sample_data: { invoice: { number: 'INV-7' }, customer: { name: 'Ada' } },
};

const frame = () => screen.getByTitle('Preview of the report') as HTMLIFrameElement;

describe('<TemplateBuilder>', () => {
  it('renders an uncontrolled draft in the preview', async () => {
    render(<TemplateBuilder defaultValue={invoice} />);
    await waitFor(() => expect(frame().getAttribute('srcdoc')).toContain('Invoice INV-7'));
    expect(frame().getAttribute('srcdoc')).toContain('<p>Ada</p>');
  });
});
