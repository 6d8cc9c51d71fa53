import { hasJapanese } from './ja/script';
import { japaneseConcept, japaneseType } from './ja/words';
import { KIND_CONCEPTS } from './kinds/concepts';
import { conceptsOfLabel } from './labels';
import type { DocType, FontKind, Lang, ValueType } from './spec';
import { fold } from './text';

/**
 * What the words of a request mean: the fields and columns documents have (concepts, with their type and their
 * names in several languages), document types, colours, fonts and languages. All words are folded (lower case,
 * no accents). Labels in labels.ts count as names too, so "Menge" and "Qté" are quantity without being listed here.
 */

export interface Concept {
  type: ValueType;
  /** Added up in a totals row. */
  sum?: boolean;
  /** The data name when it is not the concept's key (`invoice_number` is `number` under `invoice`). */
  name?: string;
  /** A party this concept is (customer, company...), for "customer name" and "with the supplier". */
  party?: boolean;
  words?: string[];
}

export const CONCEPTS: Record<string, Concept> = {
  // Document fields.
  number: { type: 'text', words: ['no', 'nr', 'num', 'n', 'doc number', 'document number'] },
  invoice_number: {
    type: 'text',
    name: 'number',
    words: ['invoice number', 'invoice no', 'invoice #', 'numero de facture', 'rechnungsnummer', 'numero de factura'],
  },
  quote_number: { type: 'text', name: 'number', words: ['quote number', 'quotation number', 'numero de devis'] },
  receipt_number: { type: 'text', name: 'number', words: ['receipt number', 'numero de recu'] },
  order_number: {
    type: 'text',
    words: [
      'order number',
      'order no',
      'order #',
      'order id',
      'numero de commande',
      'bestellnummer',
      'numero de pedido',
    ],
  },
  po_number: { type: 'text', words: ['po number', 'po no', 'po #', 'purchase order number', 'po'] },
  certificate_id: { type: 'text', words: ['certificate id', 'certificate number', 'certificate no', 'credential id'] },
  reference: { type: 'text', words: ['ref', 'reference number', 'ref no', 'your reference', 'our reference'] },
  date: { type: 'date', words: ['datum', 'fecha', 'data', 'dated'] },
  issue_date: {
    type: 'date',
    words: [
      'issued on',
      'issued at',
      'issued date',
      'invoice date',
      'date of issue',
      'issued',
      'date de facture',
      'rechnungsdatum',
      'issue date',
    ],
  },
  due_date: { type: 'date', words: ['due', 'due on', 'payment due', 'due by', 'payment due date', 'echeance'] },
  valid_until: {
    type: 'date',
    words: [
      'validity',
      'expiry date',
      'expiration date',
      'valid till',
      'expires',
      'date de validite',
      'validity date',
      'valid through',
      'expiry',
      'fecha de validez',
    ],
  },
  order_date: { type: 'date', words: ['ordered on', 'date of order'] },
  delivery_date: { type: 'date', words: ['delivery', 'delivered on', 'expected delivery', 'date de livraison'] },
  ship_date: { type: 'date', words: ['shipping date', 'dispatch date', 'shipped on', 'dispatched on'] },
  pay_date: { type: 'date', words: ['payment date', 'paid on', 'payday', 'pay day'] },
  completion_date: { type: 'date', words: ['completed on', 'date of completion', 'completion'] },
  period: {
    type: 'text',
    words: ['pay period', 'billing period', 'reporting period', 'statement period', 'period covered', 'periode'],
  },
  period_start: { type: 'date', words: ['start date', 'from date', 'period from', 'start'] },
  period_end: { type: 'date', words: ['end date', 'to date', 'period to', 'end'] },
  prepared_by: { type: 'text', words: ['author', 'prepared by', 'written by'] },
  project: { type: 'text', words: ['project name', 'projet', 'projekt', 'proyecto'] },
  payment_method: { type: 'text', words: ['paid by', 'payment type', 'payment mode', 'method of payment'] },
  payment_terms: { type: 'text', words: ['terms of payment', 'payment conditions'] },
  tracking_number: {
    type: 'text',
    words: [
      'tracking',
      'tracking no',
      'tracking code',
      'tracking id',
      'tracking number',
      'numero de suivi',
      'sendungsnummer',
      'trackingnummer',
      'numero de seguimiento',
      'codigo de rastreio',
      'numero di tracciamento',
      'trackingcode',
    ],
  },
  carrier: { type: 'text', words: ['shipping carrier', 'courier', 'shipping method'] },
  name: { type: 'text', words: ['full name'] },
  address: { type: 'text', words: ['postal address', 'street address'] },
  email: { type: 'email', words: ['e-mail', 'mail', 'email address', 'courriel'] },
  phone: { type: 'text', words: ['telephone', 'tel', 'phone number', 'mobile', 'telefono'] },
  website: { type: 'url', words: ['web', 'url', 'site', 'web site', 'homepage'] },
  vat_number: {
    type: 'text',
    words: [
      'vat',
      'vat id',
      'tax id',
      'vat no',
      'tva',
      'ust-idnr',
      'tax number',
      'tva intracommunautaire',
      'vat number',
    ],
  },
  iban: { type: 'text' },
  bic: { type: 'text', words: ['swift', 'bic/swift', 'swift code'] },
  bank: { type: 'text', words: ['bank name'] },
  account_number: { type: 'text', words: ['account no', 'account #', 'acct no', 'account number'] },
  employee_id: {
    type: 'text',
    words: [
      'employee number',
      'staff id',
      'employee no',
      'staff number',
      'employee id',
      'numero de empleado',
      'numero d employe',
    ],
  },
  department: { type: 'text', words: ['dept', 'division'] },
  job_title: { type: 'text', words: ['job title', 'role', 'position'] },
  gross_pay: { type: 'money', words: ['gross', 'gross salary', 'gross pay', 'brut'] },
  deductions: { type: 'money', words: ['total deductions'] },
  net_pay: { type: 'money', words: ['net', 'net salary', 'take home pay', 'take-home pay', 'net amount', 'net pay'] },
  opening_balance: { type: 'money', words: ['starting balance', 'previous balance'] },
  closing_balance: { type: 'money', words: ['ending balance', 'final balance', 'new balance'] },
  account: { type: 'text', words: ['account name'] },
  course: { type: 'text', words: ['course name', 'programme', 'program', 'training', 'course title'] },
  grade: { type: 'text', words: ['mark', 'score', 'distinction', 'result'] },
  subject: { type: 'text', words: ['re', 'regarding', 'object', 'subject line'] },
  location: { type: 'text', words: ['venue', 'place', 'room'] },
  chair: { type: 'text', words: ['chairperson', 'chaired by', 'chairman', 'chairwoman'] },
  attendees: { type: 'longtext', words: ['participants', 'present', 'attendance', 'teilnehmern', 'asistentes'] },
  status: { type: 'text', words: ['state'] },
  currency: { type: 'text' },

  // Parties.
  customer: { type: 'text', party: true, words: ['client', 'customers', 'clients', 'billed to', 'kunden'] },
  company: { type: 'text', party: true, words: ['business', 'seller', 'issuer', 'my company', 'our company'] },
  supplier: { type: 'text', party: true, words: ['vendor', 'supplier', 'provider', 'fournisseur', 'lieferant'] },
  buyer: { type: 'text', party: true, words: ['purchaser'] },
  employee: { type: 'text', party: true, words: ['staff member', 'worker'] },
  employer: { type: 'text', party: true, words: [] },
  recipient: {
    type: 'text',
    party: true,
    words: ['addressee', 'awardee', 'recipient name', 'student', 'participant', 'participante', 'destinataire'],
  },
  sender: { type: 'text', party: true, words: [] },
  bill_to: {
    type: 'text',
    party: true,
    words: [
      'billing address',
      'bill to',
      'billed to',
      'adresse de facturation',
      'rechnungsadresse',
      'direccion de facturacion',
    ],
  },
  ship_to: {
    type: 'text',
    party: true,
    words: [
      'shipping address',
      'delivery address',
      'ship to',
      'deliver to',
      'adresse de livraison',
      'lieferadresse',
      'lieferanschrift',
      'direccion de entrega',
      'direccion de envio',
    ],
  },
  ship_from: { type: 'text', party: true, words: ['return address', 'ship from'] },
  account_holder: { type: 'text', party: true, words: ['account owner'] },

  // Table columns.
  description: {
    type: 'text',
    words: ['desc', 'item description', 'designation', 'details', 'libelle', 'bezeichnung', 'concepto', 'particulars'],
  },
  item: { type: 'text', words: ['item name', 'article', 'line item', 'items'] },
  product: { type: 'text', words: ['product name', 'products', 'producto', 'produkt', 'prodotto'] },
  service: { type: 'text', words: ['services', 'prestation', 'leistung', 'servicio', 'task description'] },
  sku: {
    type: 'text',
    words: [
      'item code',
      'product code',
      'part number',
      'article number',
      'artikelnummer',
      'code',
      'item no',
      'part no',
    ],
  },
  quantity: {
    type: 'number',
    sum: true,
    words: [
      'qty',
      'quantity',
      'qte',
      'quantite',
      'anzahl',
      'cantidad',
      'quantidade',
      'quantita',
      'units',
      'pcs',
      'count',
    ],
  },
  ordered: { type: 'number', sum: true, words: ['qty ordered', 'quantity ordered', 'ordered qty', 'bestellt'] },
  shipped: {
    type: 'number',
    sum: true,
    words: ['qty shipped', 'quantity shipped', 'shipped qty', 'delivered', 'geliefert'],
  },
  unit: { type: 'text', words: ['uom', 'unit of measure'] },
  unit_price: {
    type: 'money',
    words: ['unit cost', 'price per unit', 'each', 'rate per unit', 'unit price', 'preis', 'precio unitario'],
  },
  price: { type: 'money', words: ['prices', 'cost price', 'selling price'] },
  rate: { type: 'money', words: ['hourly rate', 'rate per hour', 'tarif', 'rate/hour'] },
  day_rate: { type: 'money', words: ['daily rate', 'rate per day', 'tarif journalier', 'tagessatz', 'tarifa diaria'] },
  days: { type: 'number', sum: true, words: ['day count', 'jours', 'tage'] },
  hours: { type: 'number', sum: true, words: ['hrs', 'time spent', 'duration', 'hours worked'] },
  amount: {
    type: 'money',
    sum: true,
    words: ['line total', 'value', 'montant', 'betrag', 'importe', 'importo', 'bedrag', 'sum', 'line amount'],
  },
  total: { type: 'money', sum: true, words: ['totals', 'grand total', 'total amount'] },
  subtotal: { type: 'money', words: ['sub-total', 'sub total'] },
  tax: { type: 'money', sum: true, words: ['vat amount', 'tax amount', 'sales tax'] },
  tax_rate: { type: 'percent', words: ['vat rate', 'tax %', 'vat %', 'tax rate'] },
  discount: { type: 'money', words: ['rebate', 'reduction'] },
  weight: { type: 'number', sum: true, words: ['weight kg', 'poids', 'gewicht'] },
  category: { type: 'text', words: ['type', 'group', 'categories'] },
  region: { type: 'text', words: ['regions', 'area', 'territory'] },
  sales: { type: 'money', sum: true, words: ['sales amount', 'turnover', 'umsatz'] },
  revenue: { type: 'money', sum: true, words: ['revenues', 'income', 'ricavi'] },
  cost: { type: 'money', sum: true, words: ['costs', 'expenses', 'expense', 'spend'] },
  profit: { type: 'money', sum: true, words: ['margin', 'net profit', 'earnings'] },
  target: { type: 'money', sum: true, words: ['goal', 'quota', 'budget'] },
  growth: { type: 'percent', words: ['change', 'yoy', 'growth %', 'variance', 'evolution'] },
  orders: { type: 'number', sum: true, words: ['order count', 'number of orders'] },
  stock: { type: 'number', words: ['stock level', 'in stock', 'inventory', 'on hand', 'quantity on hand'] },
  month: { type: 'text', words: ['months'] },
  day: { type: 'text', words: ['weekday'] },
  task: { type: 'text', words: ['activity', 'action', 'action item', 'tasks'] },
  owner: { type: 'text', words: ['assignee', 'responsible', 'assigned to', 'who'] },
  debit: { type: 'money', sum: true, words: ['withdrawal', 'withdrawals', 'paid out', 'money out', 'debits'] },
  credit: { type: 'money', sum: true, words: ['deposit', 'deposits', 'paid in', 'money in', 'credits'] },
  balance: { type: 'money', words: ['running balance', 'solde'] },
};

// The catalogue's fields (kinds/concepts.ts), after these: a word already claimed stays with its concept.
for (const [key, concept] of Object.entries(KIND_CONCEPTS)) {
  if (key in CONCEPTS) continue;
  CONCEPTS[key] = {
    type: concept.type,
    ...(concept.sum ? { sum: true } : {}),
    ...(concept.party ? { party: true } : {}),
    ...(concept.words ? { words: concept.words } : {}),
  };
}

let index: Map<string, string> | undefined;

function conceptIndex(): Map<string, string> {
  if (!index) {
    index = new Map();
    // The concept's own key first, then listed words; dictionary labels only where nothing claimed the word.
    for (const key of Object.keys(CONCEPTS)) index.set(fold(key.replace(/_/g, ' ')), key);
    for (const [key, concept] of Object.entries(CONCEPTS)) {
      for (const word of concept.words ?? []) if (!index.has(fold(word))) index.set(fold(word), key);
    }
  }
  return index;
}

/** The concept a name means, if it means a known one exactly ("Qté", "unit cost", "Einzelpreis"). */
export function conceptOf(name: string): string | undefined {
  const folded = fold(name.replace(/[_]+/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2'))
    .replace(/[.:]+$/g, '')
    .trim();
  if (!folded) return undefined;
  if (hasJapanese(folded)) return japaneseConcept(folded, (c) => c in CONCEPTS);
  const direct = conceptIndex().get(folded);
  if (direct) return direct;
  const fromLabel = conceptsOfLabel(folded).find((c) => c in CONCEPTS);
  if (fromLabel) return fromLabel;
  // Plurals: "prices", "Stunden" are listed; "descriptions" is not.
  if (folded.endsWith('s')) return conceptIndex().get(folded.slice(0, -1));
  return undefined;
}

/** A type for a name no concept matches exactly, from the words in it ("delivery fee" is money). */
export function guessType(name: string): ValueType {
  if (hasJapanese(name)) return japaneseType(name);
  const f = fold(name);
  if (/\b(date|day|on|deadline|dob|birthday|datum|fecha|data)\b/.test(f)) return 'date';
  if (
    /\b(price|cost|fee|amount|total|charge|salary|pay|balance|revenue|sales|prix|preis|precio|montant|betrag)\b/.test(f)
  )
    return 'money';
  if (/\brate per\b|\bper (night|hour|day|unit)\b/.test(f)) return 'money';
  if (
    /\b(qty|quantit\w*|menge|anzahl|cantidad|aantal|count|number of|hours|nights|units|pieces|weight|stock|level)\b/.test(
      f,
    )
  )
    return 'number';
  if (/(%|\bpercent|\brate of|\bratio|\bshare)\b/.test(f)) return 'percent';
  if (/\be-?mail\b/.test(f)) return 'email';
  if (/\b(url|link|website)\b/.test(f)) return 'url';
  if (/\b(comments?|description|remarks|notes?)\b/.test(f)) return 'text';
  return 'text';
}

/** Document types and the words that name them. The earliest mention in a prompt wins. */
export const DOC_TYPE_WORDS: [DocType, string[]][] = [
  [
    'credit_note',
    ['credit note', 'credit memo', 'avoir', 'gutschrift', 'nota de credito', 'nota di credito', 'creditnota'],
  ],
  [
    'order_confirmation',
    [
      'order confirmation',
      'confirmation de commande',
      'auftragsbestatigung',
      'confirmacion de pedido',
      'orderbevestiging',
    ],
  ],
  [
    'purchase_order',
    [
      'purchase order',
      'bon de commande',
      'bestellung',
      'orden de compra',
      'ordem de compra',
      'ordine d acquisto',
      "ordine d'acquisto",
      'inkooporder',
    ],
  ],
  [
    'packing_slip',
    [
      'packing slip',
      'packing list',
      'bordereau de colisage',
      'packzettel',
      'packliste',
      'lista de empaque',
      'paklijst',
    ],
  ],
  [
    'delivery_note',
    [
      'delivery note',
      'delivery slip',
      'delivery receipt',
      'bon de livraison',
      'lieferschein',
      'albaran',
      'nota de entrega',
      'guia de remessa',
      'documento di trasporto',
      'pakbon',
    ],
  ],
  [
    'payslip',
    [
      'payslip',
      'pay slip',
      'pay stub',
      'paystub',
      'salary slip',
      'bulletin de paie',
      'bulletin de salaire',
      'fiche de paie',
      'gehaltsabrechnung',
      'lohnabrechnung',
      'nomina',
      'recibo de vencimento',
      'busta paga',
      'loonstrook',
    ],
  ],
  [
    'timesheet',
    [
      'timesheet',
      'time sheet',
      'feuille de temps',
      'stundenzettel',
      'hoja de horas',
      'folha de horas',
      'foglio ore',
      'urenstaat',
    ],
  ],
  [
    'statement',
    [
      'statement',
      'releve',
      'kontoauszug',
      'extracto',
      'extrato',
      'estratto conto',
      'rekeningoverzicht',
      'account summary',
    ],
  ],
  [
    'minutes',
    [
      'minutes',
      'compte rendu',
      'compte-rendu',
      'proces-verbal',
      'proces verbal',
      'protokoll',
      'acta de reunion',
      'ata de reuniao',
      'verbale',
      'notulen',
    ],
  ],
  [
    'certificate',
    [
      'certificate',
      'certificat',
      'zertifikat',
      'urkunde',
      'certificado',
      'certificato',
      'certificaat',
      'diploma',
      'award',
      'bescheinigung',
      'attestation',
      'constancia',
    ],
  ],
  ['invoice', ['invoice', 'facture', 'rechnung', 'factura', 'fatura', 'fattura', 'factuur']],
  [
    'quote',
    [
      'quote',
      'quotation',
      'estimate',
      'proposal',
      'devis',
      'angebot',
      'kostenvoranschlag',
      'presupuesto',
      'cotizacion',
      'orcamento',
      'preventivo',
      'offerte',
    ],
  ],
  ['receipt', ['receipt', 'recu', 'quittung', 'kassenbon', 'recibo', 'ricevuta', 'kwitantie', 'kassabon']],
  ['letter', ['letter', 'cover letter', 'lettre', 'carta', 'lettera']],
  [
    'report',
    ['report', 'rapport', 'bericht', 'informe', 'relatorio', 'rapporto', 'overview', 'analysis', 'dashboard', 'review'],
  ],
];

/** Named colours in the languages the provider reads, as accents that print well on white. */
export const COLOURS: Record<string, string> = {
  red: '#c0392b',
  'dark red': '#8b1e1e',
  crimson: '#b0182f',
  burgundy: '#7b1e2b',
  maroon: '#7b1e2b',
  wine: '#722f37',
  orange: '#d35400',
  amber: '#b7791f',
  gold: '#b08d1e',
  golden: '#b08d1e',
  yellow: '#b7950b',
  green: '#2e7d32',
  'dark green': '#1b5e20',
  'forest green': '#1b5e20',
  'light green': '#43a047',
  emerald: '#047857',
  olive: '#556b2f',
  mint: '#2f9e77',
  teal: '#0f766e',
  turquoise: '#0e8f8a',
  cyan: '#0891b2',
  blue: '#1f5fa8',
  'light blue': '#2b7bb9',
  'sky blue': '#0284c7',
  'dark blue': '#1b2a4a',
  navy: '#1b2a4a',
  'navy blue': '#1b2a4a',
  'royal blue': '#1d4ed8',
  indigo: '#3730a3',
  purple: '#6b21a8',
  violet: '#7c3aed',
  lavender: '#7e6bb0',
  magenta: '#a21caf',
  pink: '#c2185b',
  coral: '#e0603f',
  salmon: '#d9694f',
  brown: '#7c4a1e',
  grey: '#4b5563',
  gray: '#4b5563',
  'dark grey': '#333f48',
  'dark gray': '#333f48',
  charcoal: '#333f48',
  slate: '#475569',
  silver: '#6b7280',
  black: '#111111',
  // French.
  rouge: '#c0392b',
  bordeaux: '#7b1e2b',
  dore: '#b08d1e',
  jaune: '#b7950b',
  vert: '#2e7d32',
  'vert fonce': '#1b5e20',
  bleu: '#1f5fa8',
  'bleu marine': '#1b2a4a',
  'bleu fonce': '#1b2a4a',
  'bleu clair': '#2b7bb9',
  marine: '#1b2a4a',
  rose: '#c2185b',
  marron: '#7c4a1e',
  gris: '#4b5563',
  noir: '#111111',
  // German.
  rot: '#c0392b',
  dunkelrot: '#8b1e1e',
  gelb: '#b7950b',
  grun: '#2e7d32',
  dunkelgrun: '#1b5e20',
  blau: '#1f5fa8',
  dunkelblau: '#1b2a4a',
  marineblau: '#1b2a4a',
  hellblau: '#2b7bb9',
  turkis: '#0e8f8a',
  lila: '#6b21a8',
  violett: '#7c3aed',
  rosa: '#c2185b',
  braun: '#7c4a1e',
  grau: '#4b5563',
  schwarz: '#111111',
  // Spanish, Portuguese, Italian.
  rojo: '#c0392b',
  naranja: '#d35400',
  dorado: '#b08d1e',
  amarillo: '#b7950b',
  verde: '#2e7d32',
  azul: '#1f5fa8',
  'azul marino': '#1b2a4a',
  'azul oscuro': '#1b2a4a',
  'azul marinho': '#1b2a4a',
  morado: '#6b21a8',
  negro: '#111111',
  vermelho: '#c0392b',
  laranja: '#d35400',
  dourado: '#b08d1e',
  roxo: '#6b21a8',
  cinza: '#4b5563',
  preto: '#111111',
  rosso: '#c0392b',
  arancione: '#d35400',
  oro: '#b08d1e',
  giallo: '#b7950b',
  blu: '#1f5fa8',
  'blu scuro': '#1b2a4a',
  azzurro: '#2b7bb9',
  viola: '#6b21a8',
  marrone: '#7c4a1e',
  grigio: '#4b5563',
  nero: '#111111',
  // Dutch.
  rood: '#c0392b',
  oranje: '#d35400',
  goud: '#b08d1e',
  geel: '#b7950b',
  groen: '#2e7d32',
  blauw: '#1f5fa8',
  donkerblauw: '#1b2a4a',
  paars: '#6b21a8',
  roze: '#c2185b',
  bruin: '#7c4a1e',
  grijs: '#4b5563',
  zwart: '#111111',
};

/** Font words: generic families and the common names people give them. */
export const FONT_WORDS: [FontKind, string[]][] = [
  [
    'mono',
    [
      'monospace',
      'monospaced',
      'mono',
      'courier',
      'typewriter',
      'menlo',
      'consolas',
      'fixed width',
      'fixed-width',
      'code font',
    ],
  ],
  [
    'serif',
    [
      'serif',
      'georgia',
      'times',
      'times new roman',
      'garamond',
      'classic',
      'elegant',
      'traditional',
      'formal font',
      'serife',
    ],
  ],
  [
    'sans',
    [
      'sans-serif',
      'sans serif',
      'sans',
      'helvetica',
      'arial',
      'inter',
      'roboto',
      'modern',
      'clean',
      'grotesk',
      'calibri',
    ],
  ],
];

/** Words that name a language, in the languages the provider reads. */
export const LANGUAGE_WORDS: Record<Lang, string[]> = {
  en: ['english', 'anglais', 'englisch', 'ingles', 'inglese', 'engels'],
  fr: ['french', 'francais', 'franzosisch', 'frances', 'franceses', 'francese', 'frans'],
  de: ['german', 'allemand', 'deutsch', 'deutsche', 'aleman', 'alemao', 'tedesco', 'duits'],
  es: ['spanish', 'espagnol', 'spanisch', 'espanol', 'castellano', 'espanhol', 'spagnolo', 'spaans'],
  pt: ['portuguese', 'portugais', 'portugiesisch', 'portugues', 'portoghese', 'portugees'],
  it: ['italian', 'italien', 'italienisch', 'italiano', 'italiaans'],
  nl: ['dutch', 'neerlandais', 'niederlandisch', 'hollandisch', 'neerlandes', 'olandese', 'nederlands'],
  ja: ['japanese', 'japonais', 'japanisch', 'japones', 'japonesa', 'giapponese', 'japans'],
};

/** Small words that tell which language a prompt is written in (none of them is also an English word). */
export const LANGUAGE_CUES: Record<Lang, string[]> = {
  en: ['with', 'and', 'the', 'for', 'of', 'columns', 'add', 'include', 'showing', 'create', 'make', 'an'],
  fr: [
    'avec',
    'une',
    'des',
    'les',
    'et',
    'pour',
    'du',
    'colonnes',
    'aux',
    'sur',
    'dans',
    'chaque',
    'le',
    'la',
    'mensuel',
  ],
  de: ['eine', 'ein', 'einer', 'mit', 'und', 'fur', 'die', 'der', 'das', 'den', 'dem', 'spalten', 'von', 'zu', 'im'],
  es: ['una', 'con', 'y', 'para', 'las', 'los', 'el', 'del', 'columnas', 'por', 'cada', 'mensual'],
  pt: ['uma', 'um', 'com', 'e', 'os', 'as', 'do', 'da', 'colunas', 'em', 'mensal', 'no'],
  it: ['una', 'uno', 'con', 'e', 'per', 'gli', 'il', 'della', 'delle', 'colonne', 'mensile', 'di'],
  nl: ['een', 'met', 'en', 'voor', 'het', 'van', 'kolommen', 'maandelijks', 'de'],
  // Japanese is told by its script (ja/read.ts), not by Latin words.
  ja: [],
};

/** Concepts that are columns of a table rather than fields of a document. */
export const COLUMN_CONCEPTS = new Set([
  'description',
  'item',
  'product',
  'service',
  'sku',
  'quantity',
  'ordered',
  'shipped',
  'unit',
  'unit_price',
  'price',
  'rate',
  'day_rate',
  'days',
  'hours',
  'amount',
  'total',
  'tax',
  'tax_rate',
  'discount',
  'weight',
  'category',
  'region',
  'sales',
  'revenue',
  'cost',
  'profit',
  'target',
  'growth',
  'orders',
  'stock',
  'month',
  'day',
  'task',
  'owner',
  'debit',
  'credit',
  'balance',
  'status',
  'date',
]);
