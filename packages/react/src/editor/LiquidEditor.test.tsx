import { closeCompletion, completionStatus, currentCompletions, startCompletion } from '@codemirror/autocomplete';
import { forEachDiagnostic } from '@codemirror/lint';
import { EditorView } from '@codemirror/view';
import { act, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TemplateBuilder } from '../builder/TemplateBuilder';
import type { TemplateDraftInput } from '../builder/types';
import { LiquidEditor } from './LiquidEditor';

const order: TemplateDraftInput = {
  name: 'Order',
  html: [
    '<h1>Order {{ order.number }}</h1>',
    '<p>{{ customer.name }}</p>',
    '{% for line in order.lines %}<p>{{ line.product }}: {{ line.price | money }}</p>{% endfor %}',
    '',
  ].join('\n'),
  sample_data: {
    order: { number: 'A-1', lines: [{ product: 'Tea', price: 3.5 }] },
    customer: { name: 'Ada', email: 'ada@example.com' },
  },
};

async function editorView(name: string): Promise<EditorView> {
  const content = await screen.findByRole('textbox', { name }, { timeout: 10_000 });
  const view = EditorView.findFromDOM(content);
  if (!view) throw new Error(`no editor view for ${name}`);
  return view;
}

/** The completion labels CodeMirror offers with the cursor at the end of `text` appended to the document. */
async function completionsAfter(view: EditorView, text: string): Promise<string[]> {
  act(() => {
    // An earlier completion still open would answer with its own (stale) list until the new one arrives.
    closeCompletion(view);
    view.dispatch({
      changes: { from: view.state.doc.length, insert: text },
      selection: { anchor: view.state.doc.length + text.length },
      userEvent: 'input.type',
    });
    startCompletion(view);
  });
  let labels: string[] = [];
  await waitFor(() => {
    labels = currentCompletions(view.state).map((c) => c.label);
    // The builder may reconfigure the editor meanwhile (the sample data's paths arriving on a loaded machine),
    // which closes an open completion: asked again, as a person would press Ctrl-Space again.
    if (labels.length === 0 && completionStatus(view.state) === null) startCompletion(view);
    expect(labels.length).toBeGreaterThan(0);
  });
  return labels;
}

/** Each lint mark's line, severity and message. */
function marks(view: EditorView): { line: number; severity: string; message: string }[] {
  const found: { line: number; severity: string; message: string }[] = [];
  forEachDiagnostic(view.state, (d, from) => {
    found.push({ line: view.state.doc.lineAt(from).number, severity: d.severity, message: d.message });
  });
  return found;
}

/** A host that keeps the editor's value in its own state. */
function StandaloneHost() {
  const [value, setValue] = useState('<p>{{ a }}</p>\n{% if %}');
  return <LiquidEditor value={value} onChange={setValue} data={{ author: { name: 'Ada' } }} label="Body" />;
}

describe('<LiquidEditor> in the builder', () => {
  it('completes the data paths of the sample data and the schema', async () => {
    render(<TemplateBuilder defaultValue={order} defaultMode="boss" />);
    const view = await editorView('HTML editor');
    const top = await completionsAfter(view, '\n{{ cu');
    expect(top).toContain('customer');
    const fields = await completionsAfter(view, 'stomer.');
    expect(fields).toEqual(expect.arrayContaining(['name', 'email']));
  });

  it('completes the fields of a loop variable from the list it walks', async () => {
    render(<TemplateBuilder defaultValue={order} defaultMode="boss" />);
    const view = await editorView('HTML editor');
    const fields = await completionsAfter(view, '\n{% for item in order.lines %}{{ item.');
    expect(fields).toEqual(expect.arrayContaining(['product', 'price']));
    const list = await completionsAfter(view, ' }}{% endfor %}{{ order.lines.');
    expect(list).toEqual(['first', 'last', 'size']);
  });

  it("completes Quire's filters, with their arguments", async () => {
    render(<TemplateBuilder defaultValue={order} defaultMode="boss" />);
    const view = await editorView('HTML editor');
    const filters = await completionsAfter(view, '\n{{ order.number | mo');
    expect(filters).toContain('money');
    const money = currentCompletions(view.state).find((c) => c.label === 'money');
    expect(money?.detail).toBe('filter: currency?, locale?');
    // Each filter once, though lang-liquid has its own list of the standard ones.
    const all = await completionsAfter(view, ' }}\n{{ x | ');
    expect(all.filter((label) => label === 'date')).toHaveLength(1);
    expect(all).toEqual(
      expect.arrayContaining(['group_by', 'sort_by', 'titlecase', 'upcase', 'bar_chart', 'pie_chart']),
    );
    const chart = currentCompletions(view.state).find((c) => c.label === 'line_chart');
    expect(chart?.detail).toBe('filter: label, value…, width:, height:, title:, color:, format:');
  });

  it('marks a Liquid syntax error at its line', async () => {
    const html = '<h1>{{ order.number }}</h1>\n<p>fine</p>\n<p>{{ order.number | nope }}</p>\n';
    render(<TemplateBuilder defaultValue={{ ...order, html }} defaultMode="boss" />);
    const view = await editorView('HTML editor');
    await waitFor(() => expect(marks(view)).toHaveLength(1));
    expect(marks(view)[0]).toEqual({ line: 3, severity: 'error', message: 'undefined filter: nope' });
    // And in the preview, with the last render that worked kept below it.
    expect(screen.getByRole('alert')).toHaveTextContent('Error in the HTML, line 3: undefined filter: nope');
  });

  it('marks a Liquid error typed into the editor, and clears it once fixed', async () => {
    render(<TemplateBuilder defaultValue={order} defaultMode="boss" />);
    const view = await editorView('HTML editor');
    expect(marks(view)).toEqual([]);
    act(() => {
      view.dispatch({ changes: { from: view.state.doc.length, insert: '{% if order.number %}' }, userEvent: 'input' });
    });
    await waitFor(() => expect(marks(view).map((m) => [m.line, m.severity])).toEqual([[4, 'error']]));
    act(() => {
      view.dispatch({ changes: { from: view.state.doc.length, insert: '{% endif %}' }, userEvent: 'input' });
    });
    await waitFor(() => expect(marks(view)).toEqual([]));
  });

  it('marks where the template prints data the sample lacks', async () => {
    const sample = { order: { lines: [] }, customer: { name: 'Ada' } };
    render(<TemplateBuilder defaultValue={{ ...order, sample_data: sample }} defaultMode="boss" />);
    const view = await editorView('HTML editor');
    await waitFor(() =>
      expect(marks(view)).toContainEqual({
        line: 1,
        severity: 'warning',
        message: 'The sample data has no order.number',
      }),
    );
  });

  it('is read only without the editCode permission', async () => {
    render(
      <TemplateBuilder defaultValue={order} permissions={{ editCode: false }}>
        <LiquidEditor part="html" />
      </TemplateBuilder>,
    );
    const view = await editorView('HTML editor');
    expect(view.state.readOnly).toBe(true);
  });
});

describe('<LiquidEditor> on its own', () => {
  it('edits a value, completes its data and marks its syntax errors', async () => {
    render(<StandaloneHost />);
    const view = await editorView('Body');
    await waitFor(() => expect(marks(view).map((m) => m.line)).toEqual([2]));
    const labels = await completionsAfter(view, '\n{{ author.');
    expect(labels).toEqual(['name']);
  });

  it('is read only without onChange', async () => {
    render(<LiquidEditor value="<p>{{ a }}</p>" />);
    expect((await editorView('HTML editor')).state.readOnly).toBe(true);
  });
});
