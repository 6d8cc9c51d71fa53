import type { Shape } from '../bind';
import type { ValueType } from '../spec';
import { fold } from '../text';
import { type EmailPreset, type Slot, usedSlots } from './kinds';

/**
 * Binding an email to the user's data: each slot of the kind's preset takes the data field whose path says the
 * same (`store.title` for the company's name, `account.reset_link` for the reset URL), by the words of the path,
 * with synonyms, and a type that fits. What the data has not is reported and printed with a fallback; what the
 * email does not show is listed.
 */

interface Leaf {
  path: string;
  type: ValueType;
}

interface List {
  path: string;
  leaves: Leaf[];
}

function collect(shape: Shape, prefix: string, leaves: Leaf[], lists: List[]): void {
  if (shape.kind !== 'object') return;
  for (const [key, child] of shape.props) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (child.kind === 'scalar') leaves.push({ path, type: child.type });
    else if (child.kind === 'object') collect(child, path, leaves, lists);
    else if (child.item.kind === 'object') {
      const rows: Leaf[] = [];
      collect(child.item, '', rows, []);
      lists.push({ path, leaves: rows });
    }
  }
}

// Words that mean the same in a data path, as the one the presets use.
const SYNONYMS: Record<string, string> = {
  store: 'company',
  shop: 'company',
  business: 'company',
  organization: 'company',
  organisation: 'company',
  org: 'company',
  brand: 'company',
  merchant: 'company',
  seller: 'company',
  app: 'company',
  sender: 'company',
  // The person the email goes to, whatever the data calls them.
  user: 'customer',
  account: 'customer',
  member: 'customer',
  client: 'customer',
  recipient: 'customer',
  buyer: 'customer',
  person: 'customer',
  firstname: 'first',
  given: 'first',
  link: 'url',
  href: 'url',
  uri: 'url',
  no: 'number',
  num: 'number',
  nr: 'number',
  id: 'number',
  ref: 'number',
  reference: 'number',
  qty: 'quantity',
  count: 'quantity',
  cost: 'price',
  unit: 'price',
  title: 'name',
  label: 'name',
  product: 'name',
  description: 'name',
  mail: 'email',
  due: 'due',
  paid: 'amount',
  sum: 'amount',
  grand: 'total',
  ttl: 'expires',
  expiry: 'expires',
  expire: 'expires',
  expiration: 'expires',
  valid: 'expires',
  minutes: 'minutes',
  mins: 'minutes',
  created: 'date',
  placed: 'date',
  when: 'date',
  where: 'location',
  venue: 'location',
  place: 'location',
  address: 'address',
  shipping: 'shipping',
  delivery: 'shipping',
  tracking: 'tracking',
  token: 'url',
};

function tokens(path: string): Set<string> {
  const words = fold(path.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_.\-[\]]+/g, ' '))
    .split(' ')
    .filter(Boolean)
    .map((w) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w));
  return new Set(words.map((w) => SYNONYMS[w] ?? w));
}

/** Whether a data field of this type can stand for the slot. */
function fits(slot: Slot, leaf: Leaf): boolean {
  switch (slot.type) {
    case 'url':
      return leaf.type === 'url' || (leaf.type === 'text' && tokens(leaf.path).has('url'));
    case 'money':
    case 'number':
    case 'percent':
      return leaf.type === 'number' || leaf.type === 'money' || leaf.type === 'percent';
    case 'date':
      return leaf.type === 'date' || leaf.type === 'text';
    case 'email':
      return leaf.type === 'email' || leaf.type === 'text';
    default:
      return leaf.type !== 'boolean' && leaf.type !== 'url';
  }
}

// Who a field belongs to: the sender's name is never the customer's.
const ROLES = ['company', 'customer'];

/** How well a data path says what the slot means, in [0, 1]: shared words, the last word counting most. */
function score(slot: Slot, leaf: Leaf): number {
  const want = tokens(`${slot.path} ${slot.phrase}`);
  const have = [...tokens(leaf.path)];
  if (have.length === 0) return 0;
  const wantRole = ROLES.find((role) => want.has(role));
  const haveRole = ROLES.find((role) => have.includes(role));
  if (wantRole && haveRole && wantRole !== haveRole) return 0;
  const last = [...tokens(slot.path.split('.').pop() as string)];
  const common = have.filter((w) => want.has(w)).length;
  const lastMatch = last.every((w) => have.includes(w)) ? 0.25 : 0;
  return Math.min(1, common / have.length + lastMatch);
}

const THRESHOLD = 0.6;

function bestLeaf(slot: Slot, leaves: Leaf[], used: Set<string>): Leaf | undefined {
  let found: Leaf | undefined;
  let top = THRESHOLD;
  for (const leaf of leaves) {
    if (used.has(leaf.path) || !fits(slot, leaf)) continue;
    const s = score(slot, leaf);
    if (s > top) {
      top = s;
      found = leaf;
    }
  }
  return found;
}

export interface EmailBinding {
  paths: Record<string, string>;
  /** Slots the data has no field for: the preset's path is kept, printed with a fallback. */
  missing: string[];
  items?: { path: string; name: string; quantity?: string; price?: string };
  /** Data fields the email does not show. */
  unused: string[];
}

const ITEM_LISTS = /^(items?|lines?|line_?items|products|order_?items|entries|articles)$/i;

/** The slots (and the table) of a preset in the user's data. */
export function bindEmail(preset: EmailPreset, shape: Shape): EmailBinding {
  const leaves: Leaf[] = [];
  const lists: List[] = [];
  collect(shape, '', leaves, lists);
  const used = new Set<string>();
  const paths: Record<string, string> = {};
  const missing: string[] = [];
  // Required slots choose first: the order number before an optional reference takes the same field.
  const wanted = usedSlots(preset);
  const order = Object.entries(preset.slots)
    .filter(([name]) => wanted.has(name))
    .sort(([, a], [, b]) => Number(a.fallback !== undefined) - Number(b.fallback !== undefined));
  for (const [name, slot] of order) {
    const leaf = bestLeaf(slot, leaves, used);
    if (leaf) {
      paths[name] = leaf.path;
      used.add(leaf.path);
    } else {
      paths[name] = slot.path;
      missing.push(name);
    }
  }
  let items: EmailBinding['items'];
  if (preset.items) {
    const list = lists.find((l) => ITEM_LISTS.test(l.path.split('.').pop() as string)) ?? lists[0];
    if (list) {
      const rowUsed = new Set<string>();
      const column = (slot: Slot | undefined) => {
        if (!slot) return undefined;
        const leaf = bestLeaf(slot, list.leaves, rowUsed);
        if (leaf) rowUsed.add(leaf.path);
        return leaf?.path;
      };
      const name = column(preset.items.name) ?? list.leaves.find((l) => l.type === 'text')?.path;
      if (name) {
        rowUsed.add(name);
        const quantity = column(preset.items.quantity);
        const price = column(preset.items.price);
        items = { path: list.path, name, ...(quantity ? { quantity } : {}), ...(price ? { price } : {}) };
        used.add(list.path);
      }
    }
  }
  const unused = [
    ...leaves.filter((l) => !used.has(l.path)).map((l) => l.path),
    ...lists.filter((l) => !used.has(l.path)).map((l) => l.path),
  ];
  return { paths, missing, ...(items ? { items } : {}), unused };
}
