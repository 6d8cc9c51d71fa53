/**
 * JSON Schema (2020-12, with the common draft-07 and OpenAPI spellings) to a TypeScript declaration, for
 * GET /v1/templates/{id}/types. Small on purpose: it covers what template schemas hold (objects, arrays, tuples,
 * enums, const, nullable and union types, required, additionalProperties, anyOf/oneOf/allOf, local $refs) and
 * writes `unknown` for anything else, so the output always compiles.
 */

type Node = Record<string, unknown>;

export interface TypeScriptOptions {
  /** The exported name of the root type (see typeNameOf). */
  name: string;
  /** Lines of a leading `//` comment. */
  header?: string[];
}

// Deeper than any real template's data; it bounds the work a hostile schema can ask for.
const MAX_DEPTH = 32;
const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

const isNode = (value: unknown): value is Node => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Words of a text in PascalCase, ASCII only (accents dropped): `Monthly sales — März` is `MonthlySalesMarz`. */
export function pascalCase(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
}

/** The data type's name for a template: its name in PascalCase and `Data` (`Invoice` is `InvoiceData`). */
export function typeNameOf(templateName: string): string {
  let base = pascalCase(templateName) || 'Template';
  if (/^[0-9]/.test(base)) base = `Template${base}`;
  return base.endsWith('Data') ? base : `${base}Data`;
}

/** Leading comment text, safe inside a JSDoc block. */
function docComment(text: string, indent: string): string {
  const lines = text.replace(/\*\//g, '*\\/').split(/\r?\n/);
  if (lines.length === 1) return `${indent}/** ${lines[0]} */\n`;
  return `${indent}/**\n${lines.map((line) => `${indent} * ${line}`.trimEnd()).join('\n')}\n${indent} */\n`;
}

/** A node's description, or its format when it has none (`date` says more than `string`). */
function describe(node: Node): string {
  if (typeof node.description === 'string' && node.description) return node.description;
  return typeof node.format === 'string' ? `Format: ${node.format}` : '';
}

function literal(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'boolean' || value === null) return String(value);
  return 'unknown';
}

/** A union without repeats; `unknown` absorbs everything, `never` disappears. */
function union(parts: string[]): string {
  const unique = [...new Set(parts)].filter((part) => part !== 'never');
  if (unique.includes('unknown')) return 'unknown';
  if (unique.length === 0) return 'never';
  return unique.join(' | ');
}

/** A member of an intersection: anything but a name is wrapped, since `A | B & C` would mean `A | (B & C)`. */
const parenthesised = (type: string) => (/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(type) ? type : `(${type})`);

/** Writes one schema's declaration: the root type and one named type per `$defs` (or `definitions`) entry. */
export function typeScriptOf(schema: unknown, options: TypeScriptOptions): string {
  const root = isNode(schema) ? schema : {};
  const defs = new Map<string, { name: string; schema: unknown }>();
  const taken = new Set([options.name]);
  for (const key of ['$defs', 'definitions'] as const) {
    const table = root[key];
    if (!isNode(table)) continue;
    for (const [defName, defSchema] of Object.entries(table)) {
      let name = `${options.name}${pascalCase(defName) || 'Def'}`;
      for (let n = 2; taken.has(name); n++) name = `${options.name}${pascalCase(defName) || 'Def'}${n}`;
      taken.add(name);
      defs.set(`#/${key}/${defName}`, { name, schema: defSchema });
    }
  }

  function refName(ref: string): string {
    if (ref === '#') return options.name;
    // JSON Pointer escapes (~1 is "/", ~0 is "~") in a $defs key.
    const decoded = ref.replace(/~1/g, '/').replace(/~0/g, '~');
    return defs.get(decoded)?.name ?? 'unknown';
  }

  function typeOf(node: unknown, indent: string, depth: number): string {
    if (node === false) return 'never';
    if (!isNode(node) || depth > MAX_DEPTH) return 'unknown';
    const nullable = node.nullable === true ? ['null'] : [];
    if (typeof node.$ref === 'string') return union([refName(node.$ref), ...nullable]);
    if ('const' in node) return union([literal(node.const), ...nullable]);
    if (Array.isArray(node.enum)) return union([...node.enum.map(literal), ...nullable]);
    const alternatives = Array.isArray(node.anyOf) ? node.anyOf : Array.isArray(node.oneOf) ? node.oneOf : undefined;
    if (alternatives) return union([...alternatives.map((a) => typeOf(a, indent, depth + 1)), ...nullable]);
    if (Array.isArray(node.allOf)) {
      const parts = [...new Set(node.allOf.map((a) => typeOf(a, indent, depth + 1)))].filter((p) => p !== 'unknown');
      if (parts.length === 0) return union(['unknown', ...nullable]);
      const both = parts.map(parenthesised).join(' & ');
      return nullable.length ? `(${both}) | null` : both;
    }
    let types = node.type === undefined ? [] : (Array.isArray(node.type) ? node.type : [node.type]).map(String);
    if (types.length === 0 && isNode(node.properties)) types = ['object'];
    if (types.length === 0 && (node.items !== undefined || node.prefixItems !== undefined)) types = ['array'];
    if (types.length === 0) return union(['unknown', ...nullable]);
    const parts = types.map((type) => {
      switch (type) {
        case 'string':
          return 'string';
        case 'number':
        case 'integer':
          return 'number';
        case 'boolean':
          return 'boolean';
        case 'null':
          return 'null';
        case 'array':
          return arrayType(node, indent, depth);
        case 'object':
          return objectType(node, indent, depth);
        default:
          return 'unknown';
      }
    });
    return union([...parts, ...nullable]);
  }

  function arrayType(node: Node, indent: string, depth: number): string {
    // 2020-12 tuples are prefixItems (+ items for the rest); draft-07 tuples are an items array.
    const tuple = Array.isArray(node.prefixItems) ? node.prefixItems : Array.isArray(node.items) ? node.items : null;
    if (tuple) {
      const rest = Array.isArray(node.items) ? node.additionalItems : node.items;
      const members = tuple.map((item) => typeOf(item, indent, depth + 1));
      if (rest !== false) members.push(`...Array<${rest === undefined ? 'unknown' : typeOf(rest, indent, depth + 1)}>`);
      return `[${members.join(', ')}]`;
    }
    return `Array<${node.items === undefined ? 'unknown' : typeOf(node.items, indent, depth + 1)}>`;
  }

  function objectType(node: Node, indent: string, depth: number): string {
    const properties = isNode(node.properties) ? node.properties : {};
    const required = new Set(Array.isArray(node.required) ? node.required.map(String) : []);
    const inner = `${indent}  `;
    const lines: string[] = [];
    const propertyTypes: string[] = [];
    let optional = false;
    for (const [key, child] of Object.entries(properties)) {
      const type = typeOf(child, inner, depth + 1);
      const mark = required.has(key) ? '' : '?';
      if (mark) optional = true;
      propertyTypes.push(type);
      const description = isNode(child) ? describe(child) : '';
      const name = IDENTIFIER.test(key) ? key : JSON.stringify(key);
      lines.push(`${description ? docComment(description, inner) : ''}${inner}${name}${mark}: ${type};`);
    }
    const extra = node.additionalProperties ?? (isNode(node.patternProperties) ? true : undefined);
    let index: string | undefined;
    if (extra === true || (isNode(extra) && Object.keys(extra).length === 0)) index = 'unknown';
    else if (isNode(extra)) index = typeOf(extra, inner, depth + 1);
    if (index !== undefined && index !== 'unknown' && lines.length > 0) {
      // An index signature must admit every named property's type too (and undefined for optional ones).
      index = union([index, ...propertyTypes, ...(optional ? ['undefined'] : [])]);
    }
    if (index !== undefined) lines.push(`${inner}[key: string]: ${index};`);
    if (lines.length === 0) return extra === false ? 'Record<string, never>' : 'Record<string, unknown>';
    return `{\n${lines.join('\n')}\n${indent}}`;
  }

  function declaration(name: string, node: unknown): string {
    const description = isNode(node) ? describe(node) : '';
    const doc = description ? docComment(description, '') : '';
    const type = typeOf(node, '', 0);
    // A template's data is always an object, whatever a (perhaps empty) root schema leaves open.
    if (name === options.name && type === 'unknown') return `${doc}export type ${name} = Record<string, unknown>;\n`;
    // An interface reads best where one is possible: a plain object type.
    if (type.startsWith('{\n') && type.endsWith('\n}')) return `${doc}export interface ${name} ${type}\n`;
    return `${doc}export type ${name} = ${type};\n`;
  }

  const header = (options.header ?? []).map((line) => `// ${line.replace(/[\r\n\u2028\u2029]+/g, ' ')}\n`).join('');
  const parts = [declaration(options.name, root)];
  for (const { name, schema: defSchema } of defs.values()) parts.push(declaration(name, defSchema));
  return `${header}${header ? '\n' : ''}${parts.join('\n')}`;
}
