import type { JsonSchemaDocument } from '@quire/core';
import { BRAND_ROLES, PRESETS } from './presets';
import type { ColumnSpec, DocumentSpec, FieldSpec, PartyLine, PartySpec, SectionSpec, ValueType } from './spec';
import { fold, humanize, similarity, snake } from './text';
import { CONCEPTS, conceptOf, guessType } from './vocabulary';
import { singular } from './words';

/**
 * Binding a planned spec to the user's data (a JSON Schema, a sample, or both): fields, columns, parties and
 * sections take the data's real paths, matched by meaning and spelling ("qty" finds `quantity`, "unit cost" finds
 * `unitCost`). What the request named but the data lacks is kept under an invented name and reported; defaults the
 * data has no place for are dropped; data the template does not show is listed.
 */

export type Shape =
  | { kind: 'object'; props: [string, Shape][] }
  | { kind: 'array'; item: Shape }
  | { kind: 'scalar'; type: ValueType };

interface SchemaNode {
  type?: string | string[];
  format?: string;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
}

export function shapeFromSchema(node: SchemaNode | undefined): Shape {
  if (!node || typeof node !== 'object') return { kind: 'scalar', type: 'text' };
  const types = node.type === undefined ? [] : Array.isArray(node.type) ? node.type : [node.type];
  if (node.properties || types.includes('object')) {
    return {
      kind: 'object',
      props: Object.entries(node.properties ?? {}).map(([k, v]) => [k, shapeFromSchema(v)]),
    };
  }
  if (types.includes('array') || node.items) return { kind: 'array', item: shapeFromSchema(node.items) };
  if (types.includes('number') || types.includes('integer')) return { kind: 'scalar', type: 'number' };
  if (types.includes('boolean')) return { kind: 'scalar', type: 'boolean' };
  if (node.format === 'date' || node.format === 'date-time') return { kind: 'scalar', type: 'date' };
  if (node.format === 'email') return { kind: 'scalar', type: 'email' };
  if (node.format === 'uri' || node.format === 'url') return { kind: 'scalar', type: 'url' };
  return { kind: 'scalar', type: 'text' };
}

export function shapeFromSample(value: unknown): Shape {
  if (Array.isArray(value)) {
    const objects = value.filter((v) => v && typeof v === 'object' && !Array.isArray(v)) as Record<string, unknown>[];
    if (objects.length > 0) {
      // Rows may differ: the union of their keys, in first-seen order.
      const merged: Record<string, unknown> = {};
      for (const row of objects) for (const [k, v] of Object.entries(row)) if (!(k in merged)) merged[k] = v;
      return { kind: 'array', item: shapeFromSample(merged) };
    }
    return { kind: 'array', item: shapeFromSample(value[0]) };
  }
  if (value && typeof value === 'object')
    return { kind: 'object', props: Object.entries(value).map(([k, v]) => [k, shapeFromSample(v)]) };
  if (typeof value === 'number') return { kind: 'scalar', type: 'number' };
  if (typeof value === 'boolean') return { kind: 'scalar', type: 'boolean' };
  if (typeof value === 'string') {
    if (/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(value)) return { kind: 'scalar', type: 'date' };
    if (/^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i.test(value)) return { kind: 'scalar', type: 'email' };
    if (/^https?:\/\//.test(value)) return { kind: 'scalar', type: 'url' };
    if (value.length > 120 || value.includes('\n')) return { kind: 'scalar', type: 'longtext' };
  }
  return { kind: 'scalar', type: 'text' };
}

/** Schema and sample together: the schema's structure, with types the sample makes more precise. */
export function dataShape(schema?: JsonSchemaDocument, sample?: Record<string, unknown>): Shape | undefined {
  if (schema && Object.keys(schema).length > 0) return shapeFromSchema(schema as SchemaNode);
  if (sample && Object.keys(sample).length > 0) return shapeFromSample(sample);
  return undefined;
}

interface Leaf {
  path: string;
  name: string;
  /** The object it is in ("customer" for customer.name). */
  parent: string;
  type: ValueType;
  /** A list of plain values (address lines). */
  list?: boolean;
}

interface ObjectNode {
  path: string;
  name: string;
  leaves: Leaf[];
}

interface ListNode {
  path: string;
  name: string;
  /** Leaves relative to a row. */
  leaves: Leaf[];
}

function walk(shape: Shape, prefix: string, out: { leaves: Leaf[]; objects: ObjectNode[]; lists: ListNode[] }): void {
  if (shape.kind !== 'object') return;
  const here: Leaf[] = [];
  for (const [key, child] of shape.props) {
    const path = prefix ? `${prefix}.${key}` : key;
    const parent = prefix.split('.').pop() ?? '';
    if (child.kind === 'scalar') here.push({ path, name: key, parent, type: leafType(key, child.type) });
    else if (child.kind === 'object') walk(child, path, out);
    else if (child.item.kind === 'object') {
      const rows = { leaves: [] as Leaf[], objects: [] as ObjectNode[], lists: [] as ListNode[] };
      walk(child.item, '', rows);
      out.lists.push({ path, name: key, leaves: rows.leaves });
    } else here.push({ path, name: key, parent, type: 'text', list: true });
  }
  out.leaves.push(...here);
  if (prefix) out.objects.push({ path: prefix, name: prefix.split('.').pop() as string, leaves: here });
}

/** A data field's type: its name's concept says money or a date where the data only says number or string. */
function leafType(name: string, type: ValueType): ValueType {
  const concept = conceptOf(name);
  const conceptType = concept ? CONCEPTS[concept]?.type : undefined;
  if (type === 'number') {
    if (conceptType === 'money' || conceptType === 'percent' || conceptType === 'number') return conceptType;
    const guess = guessType(name);
    return guess === 'money' || guess === 'percent' ? guess : 'number';
  }
  if (type === 'text' && conceptType === 'date') return 'text';
  if (type === 'text' && conceptType === 'longtext') return 'longtext';
  return type;
}

function tokens(name: string): string[] {
  return fold(name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_.-]+/g, ' '))
    .split(' ')
    .filter(Boolean)
    .map((w) => conceptOf(w) ?? w);
}

/** How well a data field matches what a template wants, in [0, 1]. */
export function matchScore(want: { concept?: string; key: string; phrase?: string }, leaf: Leaf): number {
  const leafConcept = conceptOf(leaf.name);
  const withParent = conceptOf(`${leaf.parent} ${leaf.name}`);
  if (want.concept && (leafConcept === want.concept || withParent === want.concept)) return 1;
  // "invoice_number" wants `number` inside `invoice`.
  const wantName = want.concept ? (CONCEPTS[want.concept]?.name ?? want.key) : want.key;
  if (want.concept && CONCEPTS[want.concept]?.name && fold(leaf.name) === fold(wantName)) return 0.9;
  const a = tokens(want.phrase ?? want.key);
  const b = tokens(leaf.name);
  const common = a.filter((w) => b.includes(w)).length;
  const jaccard = common / new Set([...a, ...b]).size;
  const spelling = Math.max(
    similarity(snake(want.key), snake(leaf.name)),
    similarity(fold(want.phrase ?? ''), fold(humanize(leaf.name))),
  );
  return Math.max(jaccard, spelling * 0.95);
}

const THRESHOLD = 0.62;

function best<T extends Leaf>(
  want: { concept?: string; key: string; phrase?: string },
  leaves: T[],
  used: Set<string>,
): T | undefined {
  let found: T | undefined;
  let score = THRESHOLD;
  for (const leaf of leaves) {
    if (used.has(leaf.path)) continue;
    const s = matchScore(want, leaf);
    if (s > score) {
      score = s;
      found = leaf;
    }
  }
  return found;
}

function wantOf(field: FieldSpec): { concept?: string; key: string; phrase?: string } {
  const key = field.path.split('.').pop() as string;
  return { ...(field.concept ? { concept: field.concept } : {}), key, ...(field.label ? { phrase: field.label } : {}) };
}

/** Data objects that can be each party role, by their names. */
const PARTY_WORDS: Record<string, string[]> = {
  from: [
    'company',
    'seller',
    'issuer',
    'sender',
    'business',
    'merchant',
    'from',
    'organization',
    'organisation',
    'store',
    'shop',
    'vendor',
  ],
  company: ['company', 'employer', 'organization', 'organisation', 'business'],
  employer: ['employer', 'company', 'organization', 'organisation'],
  buyer: ['buyer', 'company', 'purchaser', 'organization'],
  sender: ['sender', 'from', 'company'],
  ship_from: ['ship_from', 'sender', 'warehouse', 'company', 'seller', 'from'],
  bill_to: ['customer', 'client', 'bill_to', 'billing', 'buyer', 'to', 'recipient', 'account'],
  customer: ['customer', 'client', 'buyer', 'to', 'recipient'],
  account_holder: ['account_holder', 'customer', 'client', 'holder', 'account', 'member'],
  to: ['recipient', 'to', 'addressee', 'customer', 'client'],
  recipient: ['recipient', 'to', 'addressee', 'customer', 'client'],
  ship_to: ['ship_to', 'shipping', 'delivery', 'shipping_address', 'deliver_to', 'customer'],
  supplier: ['supplier', 'vendor', 'seller'],
  employee: ['employee', 'staff', 'worker', 'person'],
};

function partyFromObject(role: string, node: ObjectNode, all: { objects: ObjectNode[] }): PartySpec | undefined {
  const lines: PartyLine[] = [];
  const name = node.leaves.find((l) => /^(name|full_?name|company_?name|legal_?name|display_?name)$/i.test(l.name));
  const nameParts = node.leaves.filter((l) => /^(first_?name|last_?name)$/i.test(l.name));
  if (name) lines.push({ path: name.path, kind: 'name' });
  else for (const p of nameParts) lines.push({ path: p.path, kind: 'name' });
  for (const leaf of node.leaves) {
    if (leaf === name || nameParts.includes(leaf) || lines.length >= 7) continue;
    if (leaf.list) lines.push({ path: leaf.path, kind: 'lines' });
    else if (leaf.type !== 'longtext' && !/^(id|uuid)$|logo|image|url/i.test(leaf.name))
      lines.push({ path: leaf.path, kind: 'text' });
  }
  // An address kept as its own object (customer.address.street, .city...).
  for (const child of all.objects.filter(
    (o) => o.path.startsWith(`${node.path}.`) && o.path.split('.').length === node.path.split('.').length + 1,
  )) {
    for (const leaf of child.leaves) if (lines.length < 8) lines.push({ path: leaf.path, kind: 'text' });
  }
  if (lines.length === 0) return undefined;
  return { role, lines };
}

export interface BindResult {
  spec: DocumentSpec;
  /** What the request named that the data does not have, with the name it was given. */
  invented: string[];
  /** Data the template does not show. */
  unused: string[];
}

export function bindSpec(planned: DocumentSpec, named: Set<object>, shape: Shape): BindResult {
  const spec = structuredClone(planned);
  // structuredClone loses identity; map the named set across by position.
  const isNamed = (kind: 'field' | 'column' | 'party' | 'section', index: number): boolean => {
    const source =
      kind === 'field'
        ? planned.fields[index]
        : kind === 'column'
          ? planned.table?.columns[index]
          : kind === 'party'
            ? planned.parties[index]
            : planned.sections[index];
    return Boolean(source && named.has(source));
  };
  const data = { leaves: [] as Leaf[], objects: [] as ObjectNode[], lists: [] as ListNode[] };
  walk(shape, '', data);
  const used = new Set<string>();
  const invented: string[] = [];
  const label = (f: FieldSpec) => f.label ?? humanize(f.path.split('.').pop() as string);

  // The table: the list whose name fits best, else the one with the most to show.
  if (spec.table || data.lists.length > 0) {
    const want = spec.table?.path.split('.').pop() ?? 'items';
    const list =
      data.lists.find((l) => fold(l.name) === fold(want)) ??
      data.lists.find((l) => similarity(singular(fold(l.name)), singular(fold(want))) > 0.7) ??
      [...data.lists].sort((a, b) => b.leaves.length - a.leaves.length)[0];
    if (list) {
      const current = spec.table;
      const namedColumns = current ? current.columns.filter((_, i) => isNamed('column', i)) : [];
      const rowUsed = new Set<string>();
      let columns: ColumnSpec[];
      if (namedColumns.length > 0) {
        columns = namedColumns.map((c) => {
          const leaf = best(wantOf(c), list.leaves, rowUsed);
          if (!leaf) {
            invented.push(`${label(c)} (${list.path}[].${c.path})`);
            return c;
          }
          rowUsed.add(leaf.path);
          return { ...c, path: leaf.path, type: c.type === 'text' || leaf.type !== 'number' ? leaf.type : c.type };
        });
      } else {
        columns = list.leaves
          .filter((l) => !l.list)
          .slice(0, 8)
          .map((leaf) => {
            rowUsed.add(leaf.path);
            const concept = conceptOf(leaf.name);
            const def = concept ? CONCEPTS[concept] : undefined;
            const column: ColumnSpec = {
              path: leaf.path,
              type: leaf.type,
              ...(concept && !def?.party ? { concept } : { label: humanize(leaf.name) }),
            };
            if (def?.sum || (leaf.type === 'money' && !/price|rate|cost_per|balance/i.test(leaf.name)))
              column.sum = true;
            return column;
          });
      }
      for (const leaf of list.leaves)
        if (!rowUsed.has(leaf.path))
          data.leaves.push({ ...leaf, path: `${list.path}[].${leaf.path}`, name: leaf.name });
      spec.table = {
        path: list.path,
        item: singular(snake(list.name)),
        columns,
        totals: current?.totals ?? columns.some((c) => c.type === 'money'),
      };
      const rate = data.leaves.find((l) => /^(tax|vat)_?rate$|^tax_?percent/i.test(l.name));
      if (rate) {
        spec.table.taxRate = rate.path;
        used.add(rate.path);
      }
      used.add(list.path);
      for (const other of data.lists)
        if (other !== list) data.leaves.push({ path: other.path, name: other.name, parent: '', type: 'text' });
    } else if (spec.table && !named.has(planned.table as object)) {
      delete spec.table;
      spec.sections = spec.sections.filter((s) => s.kind !== 'table');
    } else if (spec.table) {
      invented.push(`${spec.table.path} (a list of rows)`);
    }
  }

  // Parties: data objects named like each role.
  const parties: PartySpec[] = [];
  const usedObjects = new Set<string>();
  spec.parties.forEach((party, index) => {
    const words = PARTY_WORDS[party.role] ?? [party.role];
    const node =
      data.objects.find((o) => !usedObjects.has(o.path) && words.includes(snake(o.name))) ??
      data.objects.find((o) => !usedObjects.has(o.path) && words.some((w) => snake(o.name).includes(w)));
    const bound = node ? partyFromObject(party.role, node, data) : undefined;
    if (node && bound) {
      usedObjects.add(node.path);
      for (const l of bound.lines) used.add(l.path);
      parties.push(party.label ? { ...bound, label: party.label } : bound);
    } else if (isNamed('party', index)) {
      parties.push(party);
      invented.push(`${party.role.replace(/_/g, ' ')} (${party.lines[0]?.path.replace(/\.name$/, '') ?? party.role})`);
    }
  });
  spec.parties = parties;
  // A parties row needs someone besides the letterhead.
  const brand = parties[0] && BRAND_ROLES.has(parties[0].role) ? parties[0] : undefined;
  if (!parties.some((p) => p !== brand) && spec.docType !== 'letter')
    spec.sections = spec.sections.filter((s) => s.kind !== 'parties');

  // Sections with data: their text or value, found by name.
  const free = () => data.leaves.filter((l) => !used.has(l.path) && !l.path.includes('[]'));
  const SECTION_WORDS: Record<string, RegExp> = {
    notes: /^(notes?|comments?|remarks?|memo|message|footer_?note)$/i,
    terms: /^(terms|conditions|terms_?and_?conditions|tos|legal)$/i,
    summary: /^(summary|overview|highlights|executive_?summary|intro(duction)?)$/i,
    body: /^(body|content|text|message|letter)$/i,
    payment: /^(payment_?(instructions|info|details|terms)|how_?to_?pay)$/i,
    qr: /(url|link|href|payment_?url|verification_?url|qr)$/i,
    barcode: /^(tracking(_?(number|no|code))?|barcode|sku|order_?(number|id)|number|id|reference)$/i,
  };
  const sections: SectionSpec[] = [];
  spec.sections.forEach((section, index) => {
    const pattern = SECTION_WORDS[section.kind];
    if (section.kind === 'signature') {
      const node = data.objects.find((o) => /sign(atory|ed_?by|er)|approver|authori[sz]ed_?by/i.test(o.name));
      if (node) {
        section.path = node.path;
        for (const l of node.leaves) used.add(l.path);
        sections.push(section);
      } else if (isNamed('section', index)) sections.push(section);
      return;
    }
    if (!pattern) {
      sections.push(section);
      return;
    }
    const candidates = free().filter((l) => pattern.test(l.name));
    const preferred = PRESETS[spec.docType][section.kind === 'qr' ? 'qr' : 'barcode'];
    const leaf =
      candidates.find((l) => l.name === preferred) ??
      candidates[0] ??
      (section.kind === 'barcode' ? data.leaves.find((l) => pattern.test(l.name)) : undefined);
    if (section.kind === 'payment') {
      section.fields = (section.fields ?? []).flatMap((f) => {
        const l = best(wantOf(f), free(), used);
        if (!l) return [];
        used.add(l.path);
        return [{ ...f, path: l.path }];
      });
    }
    if (leaf) {
      section.path = leaf.path;
      used.add(leaf.path);
      sections.push(section);
    } else if (isNamed('section', index)) {
      sections.push(section);
      if (section.path) invented.push(`${section.kind} (${section.path})`);
    } else if (section.kind === 'payment' && section.fields?.length) {
      delete section.path;
      sections.push(section);
    }
  });
  spec.sections = sections;

  // Fields: named ones are kept (bound if the data has them); defaults only if the data has them.
  const fields: FieldSpec[] = [];
  spec.fields.forEach((field, index) => {
    const leaf = best(wantOf(field), free(), used);
    if (leaf) {
      used.add(leaf.path);
      const type =
        field.type === 'date' && leaf.type === 'text'
          ? 'date'
          : leaf.type === 'text' && field.type !== 'text'
            ? field.type
            : leaf.type;
      fields.push({ ...field, path: leaf.path, type });
    } else if (isNamed('field', index)) {
      fields.push(field);
      invented.push(`${label(field)} (${field.path})`);
    }
  });
  const anyNamed = planned.fields.some((f) => named.has(f));
  if (!anyNamed) {
    for (const leaf of free()) {
      if (fields.length >= 10) break;
      if (leaf.list || /logo|image|tax_?rate|vat_?rate|currency/i.test(leaf.name)) continue;
      used.add(leaf.path);
      const concept = conceptOf(leaf.name);
      fields.push({
        path: leaf.path,
        type: leaf.type,
        ...(concept && !CONCEPTS[concept]?.party ? { concept } : { label: humanize(leaf.name) }),
      });
    }
  }
  spec.fields = fields;

  if (spec.logo) {
    const logo = free().find((l) => /logo/i.test(l.name));
    if (logo) {
      spec.logo = logo.path;
      used.add(logo.path);
    }
  }
  const currency = data.leaves.find((l) => /^currency(_?code)?$/i.test(l.name));
  if (currency) used.add(currency.path);

  const unused = data.leaves.filter((l) => !used.has(l.path)).map((l) => l.path);
  return { spec, invented, unused };
}

function collect(shape: Shape): { leaves: Leaf[]; objects: ObjectNode[]; lists: ListNode[] } {
  const data = { leaves: [] as Leaf[], objects: [] as ObjectNode[], lists: [] as ListNode[] };
  walk(shape, '', data);
  return data;
}

/** Where a new column's values are in each row of the data's list, if the data has them. */
export function findRowPath(
  shape: Shape,
  listPath: string,
  want: { concept?: string; key: string; phrase?: string },
): { path: string; type: ValueType } | undefined {
  const list = collect(shape).lists.find((l) => l.path === listPath);
  const leaf = list ? best(want, list.leaves, new Set()) : undefined;
  return leaf ? { path: leaf.path, type: leaf.type } : undefined;
}

/** Where a new field's value is in the data, if the data has it. */
export function findScalarPath(
  shape: Shape,
  want: { concept?: string; key: string; phrase?: string },
): { path: string; type: ValueType } | undefined {
  const leaf = best(
    want,
    collect(shape).leaves.filter((l) => !l.list),
    new Set(),
  );
  return leaf ? { path: leaf.path, type: leaf.type } : undefined;
}
