import { forEachDiagnostic } from '@codemirror/lint';
import { EditorView } from '@codemirror/view';
import { act, render, screen, waitFor } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TemplateBuilder } from '../builder/TemplateBuilder';
import type { BuilderApi, TemplateDraftInput } from '../builder/types';
import { DataEditor } from './DataEditor';
import { parseJsonObject } from './json';

const letter: TemplateDraftInput = {
  name: 'Letter',
  html: '<p>{{ person.name }} owes {{ amount | money }}</p>',
  sample_data: { person: { name: 'Ada' }, amount: 12 },
};

async function jsonEditor(): Promise<EditorView> {
  const content = await screen.findByRole('textbox', { name: 'Sample data (JSON)' }, { timeout: 10_000 });
  return EditorView.findFromDOM(content) as EditorView;
}

function replace(view: EditorView, text: string) {
  act(() => {
    view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: text }, userEvent: 'input' });
  });
}

describe('<DataEditor>', () => {
  it("edits the builder's sample data, which the preview renders", async () => {
    const ref = createRef<BuilderApi>();
    render(
      <TemplateBuilder ref={ref} defaultValue={letter} defaultMode="boss">
        <DataEditor />
      </TemplateBuilder>,
    );
    const view = await jsonEditor();
    expect(JSON.parse(view.state.doc.toString())).toEqual(letter.sample_data);
    replace(view, '{ "person": { "name": "Grace" }, "amount": 3 }');
    expect(ref.current?.getDraft().sample_data).toEqual({ person: { name: 'Grace' }, amount: 3 });
    expect(screen.getByText('Matches the template')).toBeInTheDocument();
  });

  it('keeps invalid JSON as typed, marks it at its line and leaves the sample data alone', async () => {
    const ref = createRef<BuilderApi>();
    render(
      <TemplateBuilder ref={ref} defaultValue={letter}>
        <DataEditor />
      </TemplateBuilder>,
    );
    const view = await jsonEditor();
    replace(view, '{\n  "person": { "name": "Grace" },\n  "amount": 3,\n}');
    expect(view.state.doc.toString()).toContain('"amount": 3,\n}');
    expect(ref.current?.getDraft().sample_data).toEqual(letter.sample_data);
    await waitFor(() => {
      const lines: number[] = [];
      forEachDiagnostic(view.state, (_, from) => lines.push(view.state.doc.lineAt(from).number));
      expect(lines).toEqual([4]);
    });
    expect(screen.getByText(/^Not valid JSON: /)).toBeInTheDocument();
  });

  it("checks the data against the template's schema", async () => {
    render(
      <TemplateBuilder defaultValue={letter}>
        <DataEditor />
      </TemplateBuilder>,
    );
    const view = await jsonEditor();
    replace(view, '{ "person": {}, "amount": "lots", "extra": 1 }');
    expect(await screen.findByText('Missing person.name, which the template prints')).toBeInTheDocument();
    expect(screen.getByText('amount is string; the template uses it as number')).toBeInTheDocument();
    expect(screen.getByText('extra is not used by the template')).toBeInTheDocument();
  });

  it('follows sample data changed elsewhere (the api, undo)', async () => {
    const ref = createRef<BuilderApi>();
    render(
      <TemplateBuilder ref={ref} defaultValue={letter}>
        <DataEditor />
      </TemplateBuilder>,
    );
    const view = await jsonEditor();
    await act(() => ref.current?.setSampleData({ person: { name: 'Lin' }, amount: 1 }));
    expect(JSON.parse(view.state.doc.toString())).toEqual({ person: { name: 'Lin' }, amount: 1 });
    await act(() => ref.current?.undo());
    expect(JSON.parse(view.state.doc.toString())).toEqual(letter.sample_data);
  });

  it('is read only without the editData permission', async () => {
    render(
      <TemplateBuilder defaultValue={letter} permissions={{ editData: false }}>
        <DataEditor />
      </TemplateBuilder>,
    );
    expect((await jsonEditor()).state.readOnly).toBe(true);
    expect(screen.getByText('The sample data cannot be changed here')).toBeInTheDocument();
  });

  it('works on its own with value and onChange', async () => {
    const onChange = vi.fn();
    render(
      <DataEditor
        value={{ a: 1 }}
        onChange={onChange}
        schema={{ type: 'object', properties: { a: { type: 'number' } } }}
      />,
    );
    replace(await jsonEditor(), '{ "a": 2 }');
    expect(onChange).toHaveBeenCalledWith({ a: 2 });
  });
});

describe('parseJsonObject', () => {
  it('finds the line and column of a syntax error', () => {
    expect(parseJsonObject('{\n  "a": 1,\n  oops\n}')).toMatchObject({ ok: false, line: 3, column: 3 });
    expect(parseJsonObject('[1]')).toMatchObject({ ok: false, notObject: true });
    expect(parseJsonObject('{"a":1}')).toEqual({ ok: true, value: { a: 1 } });
  });
});
