/** The page the sample-data form's browser test drives: `<SampleDataForm>` with a host's schema, kept by the host. */
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { zodConfig } from '../__fixtures__/zod-jitless';
import { SampleDataForm } from '../easy/SampleDataForm';

if (!zodConfig.jitless) throw new Error('zod would try to compile its parsers');

declare global {
  interface Window {
    data: Record<string, unknown>[];
  }
}

window.data = [];

const SCHEMA = {
  type: 'object',
  required: ['customer'],
  properties: {
    customer: {
      type: 'object',
      title: 'Customer',
      required: ['name'],
      properties: {
        name: { type: 'string', title: 'Name' },
        email: { type: 'string', format: 'email', title: 'Email' },
      },
    },
    issued_on: { type: 'string', format: 'date', title: 'Issued on' },
    lines: { type: 'array', title: 'Lines', items: { type: 'string' } },
  },
};

function Host() {
  const [value, setValue] = useState<Record<string, unknown>>({
    customer: { name: 'Ada Lovelace', email: 'ada@example.com' },
    issued_on: '2026-03-02',
    lines: ['Analytical engine'],
  });
  return (
    <div style={{ maxWidth: 480 }}>
      <SampleDataForm
        schema={SCHEMA}
        value={value}
        onChange={(next) => {
          window.data.push(next);
          setValue(next);
        }}
      />
    </div>
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(<Host />);
