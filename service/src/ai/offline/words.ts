import { hasJapanese } from './ja/script';
import { japaneseKey } from './ja/words';
import type { Lang, SectionKind } from './spec';
import { fold, snake } from './text';

/**
 * Word lists for reading requests: list separators, determiners, feature and section words, and a small glossary
 * that turns field names in other languages into English data names ("numéro de chambre" → `room_number`).
 */

/** Conjunctions that separate the items of a list, by language (Dutch "en" is "and"; French "en" is "in"). */
export const CONJUNCTIONS: Record<Lang, string[]> = {
  en: ['and', '&', 'plus', 'as well as', 'or'],
  fr: ['et', '&', 'ou'],
  de: ['und', '&', 'sowie', 'oder'],
  es: ['y', 'e', '&', 'o'],
  pt: ['e', '&', 'ou'],
  it: ['e', 'ed', '&', 'o'],
  nl: ['en', '&', 'of'],
  // Japanese lists are read in ja/read.ts (、・と及び).
  ja: ['&'],
};

/** Determiners and possessives dropped from the front of a list item. */
export const DETERMINERS = new Set(
  (
    'a an the some their its his her our your my each every any ' +
    'un une le la les l des du de d au aux ce cette ces son sa ses leur leurs ' +
    'der die das den dem des ein eine einen einem einer eines ihre ihr sein seine ' +
    'el los las lo uno una unos unas su sus del al ' +
    'o os as um uma uns umas seu sua do da dos das ' +
    'il gli i lo uno una dei degli delle della dello ' +
    'het een de van zijn haar hun'
  ).split(' '),
);

/** Words that end a list: a new clause, a preposition that starts a different thought. */
export const LIST_STOPS: Record<Lang, string[]> = {
  en: ['with', 'in', 'on', 'using', 'then', 'also', 'where', 'which', 'that', 'for', 'at', 'to', 'so', 'but', 'like'],
  fr: ['avec', 'en', 'sur', 'pour', 'dans', 'qui', 'puis', 'aussi', 'mais', 'a'],
  de: ['mit', 'in', 'auf', 'fur', 'im', 'dann', 'auch', 'aber', 'als', 'zum', 'zur'],
  es: ['con', 'en', 'para', 'que', 'luego', 'tambien', 'pero', 'sobre'],
  pt: ['com', 'em', 'para', 'que', 'depois', 'tambem', 'mas', 'no', 'na'],
  it: ['con', 'in', 'per', 'che', 'poi', 'anche', 'ma', 'su', 'nel', 'nella'],
  nl: ['met', 'in', 'op', 'voor', 'die', 'dan', 'ook', 'maar'],
  ja: ['with', 'in', 'on', 'for'],
};

/** Features and sections, with the words that ask for them in any of the languages. */
export const FEATURE_PATTERNS: [feature: Feature, pattern: RegExp][] = [
  [
    'pageNumbers',
    /\b(page numbers?|page numbering|numbered pages|page \d+ of \d+|page x of y|pagination|num[eé]ros? de pages?|seitenzahlen?|seitennummern?|n[uú]meros? de p[aá]gina|numeri di pagina|paginanummers?|paginering)\b/,
  ],
  ['qr', /\b(qr[ -]?codes?|qrcodes?|qr|codes? qr|c[oó]digos? qr|codice qr|qr-code)\b/],
  [
    'barcode',
    /\b(bar[ -]?codes?|code[ -]barres?|strichcodes?|c[oó]digos? de barras|codice a barre|streepjescodes?|code ?128|ean[ -]?13)\b/,
  ],
  ['logo', /\b(logos?|logotipo|log[oó]tipo|logotype|brand mark)\b/],
  [
    'signature',
    /\b(signature lines?|signatures?|sign here|sign-off|signed by|signatory|unterschrift(en|sfeld)?|firmas?|assinaturas?|handtekening(en)?)\b/,
  ],
  [
    'payment',
    /\b(payment (details|instructions|information|info)|bank (details|account|transfer|information)|how to pay|iban|bic|swift|informations de paiement|coordonn[eé]es bancaires|bankverbindung|zahlungsinformationen|datos (bancarios|de pago)|dados (banc[aá]rios|de pagamento)|coordinate bancarie|betaalgegevens|bankgegevens)\b/,
  ],
  [
    'terms',
    /\b((?<!payment )terms( and conditions| & conditions| of (service|sale))?|t&cs?|conditions g[eé]n[eé]rales( de vente)?|cgv|(allgemeine )?gesch[aä]ftsbedingungen|agb|t[eé]rminos y condiciones|condiciones generales|termos e condi[cç][oõ]es|condi[cç][oõ]es gerais|termini e condizioni|condizioni generali|(algemene )?voorwaarden)\b/,
  ],
  [
    'summary',
    /\b(executive summary|summary|r[eé]sum[eé]|synth[eè]se|zusammenfassung|resumen|resumo|riepilogo|sintesi|samenvatting)\b/,
  ],
  [
    'notes',
    /\b(notes?|remarks|comments|remarques|anmerkungen|bemerkungen|hinweise|notas|observaciones|observa[cç][oõ]es|osservazioni|opmerkingen)\b/,
  ],
  [
    'chart',
    /\b((bar|column|pie|donut|line|trend)\s+)?(charts?|graphs?|diagrams?|histograms?|graphiques?|camemberts?|diagramme?n?|gr[aá]ficos?|grafici|grafieken?)\b|\b\w+diagramme?n?\b/,
  ],
  [
    'totals',
    /\b(totals?|grand total|sub-?totals?|sous-totaux|sous-total|totaux|summen?|gesamtsumme|gesamtbetrag|totales|totale|totali|totaal|totalen)\b/,
  ],
];

export type Feature =
  | 'pageNumbers'
  | 'qr'
  | 'barcode'
  | 'logo'
  | 'signature'
  | 'payment'
  | 'terms'
  | 'summary'
  | 'notes'
  | 'totals'
  | 'chart';

export const FEATURE_SECTIONS: Partial<Record<Feature, SectionKind>> = {
  qr: 'qr',
  barcode: 'barcode',
  signature: 'signature',
  payment: 'payment',
  terms: 'terms',
  summary: 'summary',
  notes: 'notes',
  chart: 'chart',
};

/** What the offline generator cannot draw, with the reason it gives. */
export const UNSUPPORTED: [what: string, pattern: RegExp][] = [
  ['maps', /\b(maps?|cartes? g[eé]ographiques?|landkarten?|mapas?|mappe?)\b/],
  ['photos or pictures other than a logo', /\b(photos?|pictures?|product images?|images? of|fotos?|bilder)\b/],
  ['watermarks', /\b(watermarks?|filigranes?|wasserzeichen|marcas? de agua)\b/],
  ['background images', /\bbackground (images?|pictures?|photos?)\b/],
  [
    'interactive or fillable form fields',
    /\b(fillable|interactive|form fields?|checkbox(es)?|text inputs?|dropdowns?|buttons?)\b/,
  ],
  ['animations, video or scripts', /\b(animations?|animated|videos?|javascript|scripts?)\b/],
  ['multi-column text layouts', /\b(two|three|2|3)[- ]column (layout|text|newsletter)\b/],
];

/** Nouns for the rows of a table: "a table of products", "line items with ...". */
export const ROW_NOUNS: Record<string, string> = {
  'line items': 'items',
  items: 'items',
  item: 'items',
  products: 'products',
  lines: 'lines',
  services: 'services',
  transactions: 'transactions',
  entries: 'entries',
  rows: 'rows',
  orders: 'orders',
  tasks: 'tasks',
  'action items': 'action_items',
  actions: 'action_items',
  earnings: 'earnings',
  deductions: 'deductions',
  expenses: 'expenses',
  regions: 'regions',
  employees: 'employees',
  payments: 'payments',
  shipments: 'shipments',
  articles: 'items',
  article: 'items',
  artikel: 'items',
  artikeln: 'items',
  artikelen: 'items',
  positionen: 'items',
  posten: 'items',
  produits: 'products',
  prestations: 'services',
  lignes: 'lines',
  articulos: 'items',
  productos: 'products',
  lineas: 'lines',
  servicios: 'services',
  artigos: 'items',
  produtos: 'products',
  articoli: 'items',
  prodotti: 'products',
  voci: 'items',
  producten: 'products',
  regels: 'lines',
  mouvements: 'transactions',
  buchungen: 'transactions',
  movimientos: 'transactions',
};

/** Singular loop variables for list names. */
export function singular(name: string): string {
  const special: Record<string, string> = {
    entries: 'entry',
    action_items: 'action',
    items: 'item',
    lines: 'line',
    rows: 'row',
    earnings: 'earning',
    deductions: 'deduction',
    addresses: 'address',
  };
  if (special[name]) return special[name];
  if (name.endsWith('ies')) return `${name.slice(0, -3)}y`;
  if (name.endsWith('sses')) return name.slice(0, -2);
  if (name.endsWith('s') && name.length > 3) return name.slice(0, -1);
  return `${name}_row`;
}

/** Words in other languages whose English gives a better data name than their own spelling. */
const GLOSSARY: Record<string, string> = {
  numero: 'number',
  nummer: 'number',
  nr: 'number',
  no: 'number',
  nom: 'name',
  nombre: 'name',
  nome: 'name',
  naam: 'name',
  prix: 'price',
  preis: 'price',
  precio: 'price',
  preco: 'price',
  prezzo: 'price',
  prijs: 'price',
  datum: 'date',
  fecha: 'date',
  data: 'date',
  montant: 'amount',
  betrag: 'amount',
  importe: 'amount',
  importo: 'amount',
  bedrag: 'amount',
  valor: 'amount',
  quantite: 'quantity',
  menge: 'quantity',
  cantidad: 'quantity',
  quantidade: 'quantity',
  quantita: 'quantity',
  aantal: 'quantity',
  chambre: 'room',
  zimmer: 'room',
  habitacion: 'room',
  quarto: 'room',
  camera: 'room',
  kamer: 'room',
  nuits: 'nights',
  nachte: 'nights',
  noches: 'nights',
  noites: 'nights',
  notti: 'nights',
  nachten: 'nights',
  client: 'customer',
  kunde: 'customer',
  cliente: 'customer',
  klant: 'customer',
  heures: 'hours',
  stunden: 'hours',
  horas: 'hours',
  ore: 'hours',
  uren: 'hours',
  jours: 'days',
  tage: 'days',
  dias: 'days',
  giorni: 'days',
  dagen: 'days',
  tarif: 'rate',
  tarifa: 'rate',
  tariffa: 'rate',
  tarief: 'rate',
  journalier: 'daily',
  poids: 'weight',
  gewicht: 'weight',
  peso: 'weight',
  taille: 'size',
  grosse: 'size',
  couleur: 'colour',
  farbe: 'colour',
  lot: 'batch',
  charge: 'batch',
  lote: 'batch',
  vendu: 'sold',
  vendue: 'sold',
  vendus: 'sold',
  verkauft: 'sold',
  vendido: 'sold',
  vendida: 'sold',
  venduta: 'sold',
  venduto: 'sold',
  verkocht: 'sold',
  ricavi: 'revenue',
  revenus: 'revenue',
  ingresos: 'revenue',
  omzet: 'revenue',
  adresse: 'address',
  direccion: 'address',
  indirizzo: 'address',
  adres: 'address',
  livraison: 'delivery',
  lieferung: 'delivery',
  entrega: 'delivery',
  consegna: 'delivery',
  levering: 'delivery',
  commande: 'order',
  bestellung: 'order',
  pedido: 'order',
  ordine: 'order',
  remise: 'discount',
  rabatt: 'discount',
  descuento: 'discount',
  sconto: 'discount',
  korting: 'discount',
  produit: 'product',
  produkt: 'product',
  producto: 'product',
  produto: 'product',
  prodotto: 'product',
  reference: 'reference',
  referenz: 'reference',
  referencia: 'reference',
  riferimento: 'reference',
  stock: 'stock',
  bestand: 'stock',
  existencias: 'stock',
  unitaire: 'unit',
  unitario: 'unit',
  einzel: 'unit',
  total: 'total',
  gesamt: 'total',
  totale: 'total',
  totaal: 'total',
};

const NAME_FILLERS = new Set([
  'de',
  'du',
  'des',
  'la',
  'le',
  'les',
  'd',
  'l',
  'der',
  'die',
  'das',
  'von',
  'el',
  'del',
  'di',
  'van',
  'het',
  'do',
  'da',
]);

/** An English snake_case data name for a field someone named, in whatever language they named it. */
export function englishKey(phrase: string): string {
  if (hasJapanese(phrase)) return japaneseKey(phrase);
  const all = fold(phrase)
    .split(/[\s'./-]+/)
    .filter(Boolean);
  const parts = all.filter((w) => !NAME_FILLERS.has(w)).map((w) => GLOSSARY[w] ?? w);
  // French, Spanish and Italian put the noun first ("numéro de chambre"); English data names read "room_number".
  const first = parts[0];
  const romance = all.length > 2 && NAME_FILLERS.has(all[1] as string);
  const ordered =
    romance && first && ['number', 'name', 'date', 'price', 'rate', 'amount', 'quantity'].includes(first)
      ? [...parts.slice(1), first]
      : parts;
  return snake(ordered.join(' '));
}
