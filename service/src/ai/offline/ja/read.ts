import { kindById } from '../kinds/catalogue';
import type { PageFormat } from '../kinds/formats';
import { presetOfKind } from '../kinds/kind';
import { escapeRegex } from '../kinds/retrieve';
import { type ListItem, type Named, named, type Scan } from '../scan';
import type { DocType, Lang } from '../spec';
import type { Request } from '../understand';
import { COLOURS, CONCEPTS, conceptOf } from '../vocabulary';
import type { Feature } from '../words';
import { JA_TERMS } from './labels';
import { hasJapanese } from './script';
import {
  canonical,
  JA_CHART,
  JA_COLOURS,
  JA_CONCEPT_WORDS,
  JA_DOC_TYPE_WORDS,
  JA_FEATURE_PATTERNS,
  JA_FONTS,
  JA_KIND_WORDS,
  JA_LANGUAGE_NAMES,
  JA_ROW_NOUNS,
  JA_TOTALS,
  JA_UNSUPPORTED,
} from './words';

/**
 * Reading a request written in Japanese. Japanese has no spaces between words, so lists are runs of nouns (kanji,
 * katakana, Latin) joined by 、・と及び, and what a list is comes from the words after it: "品名、数量、単価の列"
 * is columns, "支払期限と顧客名を含む" fields. What is understood is blanked in the scan, as the other rules do, and
 * the word rules in understand.ts still read what is left (A4, #hex, font names, currencies).
 */

/**
 * A prompt mostly in Japanese (a Japanese label quoted in an English request does not make it one). Kanji alone
 * could be Chinese, which the writer does not read: without kana, a Japanese name of a kind must be there.
 */
export function isJapanesePrompt(text: string): boolean {
  if (!hasJapanese(text)) return false;
  const named = [...JA_DOC_TYPE_WORDS, ...JA_KIND_WORDS].some(([, words]) => words.some((w) => text.includes(w)));
  if (!/[\u3040-\u30ff]/.test(text) && !named) return false;
  const japanese = text.match(/[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]/g)?.length ?? 0;
  const latin = text.match(/[A-Za-z]/g)?.length ?? 0;
  // A Japanese character carries about as much as a Latin word of four letters.
  return japanese * 4 >= latin;
}

/** The label language a Japanese prompt asks for ("英語で" → English), else Japanese itself. */
export function japaneseLanguage(scan: Scan): { lang: Lang; explicit: boolean } | undefined {
  for (const [lang, pattern] of JA_LANGUAGE_NAMES) {
    const match = scan.first(new RegExp(`(?:${pattern.source})(?:で(?:作成|書い)?|の|表記|版|ラベル)?`));
    if (match) {
      scan.consumeMatch(match);
      return { lang, explicit: true };
    }
  }
  return isJapanesePrompt(scan.original) ? { lang: 'ja', explicit: false } : undefined;
}

/** Kanji, katakana (with ー and 々), Latin letters and digits: what names are made of. 及び and 並びに are joins. */
const NOUN = '(?:(?!及び|並びに)[\\u3400-\\u4dbf\\u4e00-\\u9fff\\u3005\\u30a0-\\u30fa\\u30fc-\\u30ffa-z0-9#%&+])';
/** Hiragana written inside a name (支払い期限, 見積もり) and a polite お/ご in front (お支払期限). */
const OKURIGANA =
  '(?<=[\\u3400-\\u9fff])[いりきけしえみちつもれ]{1,2}(?=[\\u3400-\\u9fff])|(?<![付入含載])(?<=[\\u3400-\\u9fff])[いりきけしえみ](?![\\u3040-\\u309f])';
/** Names written with の that the dictionary knows whole (担当教員のコメント): one item, not two. */
const WITH_NO = [...Object.values(JA_TERMS), ...Object.values(JA_CONCEPT_WORDS).flat()]
  .filter((w) => /^[^\u3040-\u309f、・,/]+の[^\u3040-\u309f、・,/]+$/u.test(w))
  .sort((a, b) => b.length - a.length)
  .map(escapeRegex);
const ITEM = `(?:${WITH_NO.length ? `${WITH_NO.join('|')}|` : ''}(?:[おご](?=[\\u3400-\\u9fff]))?(?:${NOUN}|${OKURIGANA})+)`;
const JOIN = '[ \\u3000]*(?:[、，,・/;]|および|及び|並びに|ならびに|と|や)[ \\u3000]*';
/** Items and their joins; blanked stretches (something already understood) between joins are skipped. */
const LIST = `${ITEM}(?:(?:${JOIN})+[ \\u3000]*${ITEM})*`;
const TAIL = `(?:(?:${JOIN})|[ \\u3000])*`;

/** The items of a list found at `start` in the scan (a regex match of LIST). */
function itemsOf(scan: Scan, start: number, text: string): ListItem[] {
  const items: ListItem[] = [];
  for (const m of text.matchAll(new RegExp(ITEM, 'gu'))) {
    const from = start + (m.index ?? 0);
    let word = m[0].replace(/(?:等|など)$/, '');
    word = word.replace(/^(?:各|全)/, '');
    if (!word) continue;
    items.push({
      text: scan.text(from, from + m[0].length).replace(/(?:等|など)$/, ''),
      start: from,
      end: from + m[0].length,
    });
  }
  return items;
}

/** Every name of a kind: the catalogue's (by id, with its base type), then the base types' own. */
function kindNames(): { id?: string; type: DocType; words: string[] }[] {
  const kinds = JA_KIND_WORDS.flatMap(([id, words]) => {
    const def = kindById(id);
    return def ? [{ id, type: def.base, words }] : [];
  });
  return [...kinds, ...JA_DOC_TYPE_WORDS.map(([type, words]) => ({ type, words }))];
}

function detectKind(scan: Scan, request: Request): void {
  const names = kindNames();
  let best: { name: (typeof names)[number]; index: number; length: number } | undefined;
  for (const name of names) {
    for (const word of name.words) {
      const match = scan.first(new RegExp(escapeRegex(word), 'u'));
      if (!match) continue;
      // The earliest mention wins, then the longer (検査結果報告書 starts before the 報告書 inside it).
      if (!best || match.index < best.index || (match.index === best.index && match[0].length > best.length))
        best = { name, index: match.index, length: match[0].length };
    }
  }
  if (!best) return;
  request.docType = best.name.type;
  request.docTypeFound = true;
  // A catalogue kind brings its block set: page format, list, marks (plan.ts reads them from the kind).
  if (best.name.id) request.kind = best.name.id;
  // "月次売上報告書", "研修修了証明書": the nouns written onto a report's or certificate's name make its title;
  // labels, tickets and cards carry their kind's name in a small band, with no title.
  const layout = kindById(best.name.id)?.layout;
  const compact = layout === 'label' || layout === 'ticket' || layout === 'card';
  if (!compact && ['report', 'certificate', 'statement', 'minutes', 'letter'].includes(best.name.type)) {
    const head = scan.work.slice(0, best.index);
    const before = new RegExp(`(?:${NOUN}){1,10}$`, 'u').exec(head);
    const title = before ? scan.text(before.index, best.index + best.length) : '';
    if (title && !request.title && !(request.languageExplicit && request.language !== 'ja')) request.title = title;
    if (before) scan.consume(before.index, best.index);
  }
  // Every mention of the kind is understood ("請求書番号" leaves "番号"), and of its base type's names with it.
  for (const name of names) {
    if (name !== best.name && (name.id || name.type !== best.name.type)) continue;
    for (const word of name.words) for (const m of scan.all(new RegExp(escapeRegex(word), 'u'))) scan.consumeMatch(m);
  }
}

function detectLook(scan: Scan, request: Request): void {
  let colour: { name: string; index: number } | undefined;
  for (const [pattern, name] of JA_COLOURS) {
    for (const m of scan.all(new RegExp(`(?:${pattern.source})(?:色|系)?(?:の|を)?(?:基調|アクセント|テーマ)?`, 'u'))) {
      if (!colour || m.index < colour.index) colour = { name, index: m.index };
      scan.consumeMatch(m);
    }
  }
  if (colour && COLOURS[colour.name] && !request.accent) {
    request.accent = COLOURS[colour.name];
    request.accentName = colour.name;
  }
  for (const [pattern, kind] of JA_FONTS) {
    const m = scan.first(new RegExp(`(?:${pattern.source})(?:フォント|書体)?`, 'u'));
    if (!m) continue;
    request.font ??= kind;
    scan.consumeMatch(m);
  }
  const larger = scan.first(/(?:文字|フォント|字)(?:を|が)?(?:大きく|大きめ)|大きめの(?:文字|フォント)|大きな文字/u);
  if (larger) {
    request.size = 11;
    scan.consumeMatch(larger);
  }
  const smaller = scan.first(/(?:文字|フォント|字)(?:を|が)?(?:小さく|小さめ)|小さめの(?:文字|フォント)|小さな文字/u);
  if (smaller) {
    request.size = 8.5;
    scan.consumeMatch(smaller);
  }
}

const POSTCARD: PageFormat = {
  name: 'はがき 100 × 148 mm',
  size: 'custom',
  widthMm: 100,
  heightMm: 148,
  orientation: 'portrait',
  margin: 8,
};

function detectPage(scan: Scan, request: Request): void {
  const landscape = scan.first(/横向き|横長|横型|横置き|ランドスケープ/u);
  const portrait = scan.first(/縦向き|縦長|縦型|縦置き|ポートレート/u);
  if (landscape) {
    request.orientation = 'landscape';
    scan.consumeMatch(landscape);
  }
  if (portrait && (!landscape || portrait.index > landscape.index)) {
    request.orientation = 'portrait';
    scan.consumeMatch(portrait);
  }
  const letter = scan.first(/(?:us\s*)?レター(?:サイズ|用紙|判)/u);
  if (letter) {
    request.pageSize = 'Letter';
    scan.consumeMatch(letter);
  }
  const legal = scan.first(/リーガル(?:サイズ|用紙|判)?/u);
  if (legal) {
    request.pageSize = 'Legal';
    scan.consumeMatch(legal);
  }
  // はがき (the Japanese postcard, 100 × 148 mm): a size the page model has no name for, as A5 is.
  const postcard = scan.first(/(?:官製|往復)?(?:はがき|ハガキ|葉書)(?:サイズ|判|大)?/u);
  if (postcard) {
    request.pageFormat = POSTCARD;
    scan.consumeMatch(postcard);
  }
  // "A5サイズ": the word rules read A5 and A6 (kinds/formats.ts); the Japanese words after them are understood here.
  for (const m of scan.all(/(?<=a[56])(?:サイズ|用紙|判)/u)) scan.consumeMatch(m);
  const a4 = scan.first(/a4(?:サイズ|用紙|判|縦|横)?/u);
  if (a4) {
    request.pageSize = 'A4';
    if (/横$/.test(a4[0])) request.orientation = 'landscape';
    if (/縦$/.test(a4[0])) request.orientation = 'portrait';
    scan.consumeMatch(a4);
  }
}

function detectCurrency(scan: Scan, request: Request): void {
  const table: [RegExp, string][] = [
    [/日本円|円建て|円/u, 'JPY'],
    [/米ドル|ドル/u, 'USD'],
    [/ユーロ/u, 'EUR'],
    [/英ポンド|ポンド/u, 'GBP'],
  ];
  for (const [pattern, code] of table) {
    const matches = scan.all(pattern);
    if (matches.length === 0) continue;
    request.currency ??= code;
    for (const m of matches) scan.consumeMatch(m);
  }
}

function addFeature(request: Request, feature: Feature): void {
  request.features.add(feature);
}

/** The mark an item names, if it is one ("QRコード" in a list of fields is the code, not a field). */
function markOf(text: string): Feature | undefined {
  const c = canonical(text);
  for (const [feature, pattern] of JA_FEATURE_PATTERNS)
    if (new RegExp(`^(?:${pattern.source})$`, 'u').test(c)) return feature;
  if (/^(?:qr|qrコード)$/.test(c)) return 'qr';
  return undefined;
}

/**
 * A name the request's catalogue kind has among its own fields or columns: "氏名" on a business card is its
 * full_name (not a second name field), "科目" on a report card the subjects list's column. Listed without a table
 * word, a column of the kind's list is still a column: Japanese has no plurals to say so.
 */
function ownOfKind(request: Request, text: string): { named: Named; column: boolean } | undefined {
  const def = kindById(request.kind);
  if (!def) return undefined;
  const preset = presetOfKind(def, def.base);
  const key = canonical(text);
  const means = (concept: string) =>
    conceptOf(text) === concept ||
    canonical(JA_TERMS[concept] ?? '') === key ||
    (JA_CONCEPT_WORDS[concept] ?? []).some((w) => canonical(w) === key);
  const columns = preset.table?.columns ?? [];
  const concept = columns.find(means) ?? preset.fields.find(means);
  const def2 = concept ? CONCEPTS[concept] : undefined;
  if (!concept || !def2) return undefined;
  const { sum: _, ...asWritten } = named(text);
  return {
    named: { ...asWritten, concept, key: def2.name ?? concept, type: def2.type, ...(def2.sum ? { sum: true } : {}) },
    column: columns.includes(concept),
  };
}

/** Adds a name the kind has as its own; false when it is not one of the kind's. */
function addOwn(request: Request, text: string): boolean {
  const own = ownOfKind(request, text);
  if (!own) return false;
  const list = own.column ? request.columns : request.fields;
  if (!list.some((x) => x.key === own.named.key)) list.push(own.named);
  return true;
}

/**
 * The columns of a list written before a table word. "納品先、注文番号、品番・品名・数量の表": when 、 and a tighter
 * join (・, と, 及び) are both used, only the last group is the table's; the items before it are left for the fields.
 */
function tableGroup(scan: Scan, items: ListItem[]): ListItem[] {
  if (items.length < 2) return items;
  const joins = items.slice(1).map((item, i) => scan.work.slice((items[i] as ListItem).end, item.start));
  if (!joins.some((j) => /[、,]/.test(j)) || joins.every((j) => /[、,]/.test(j))) return items;
  let from = items.length - 1;
  while (from > 0 && !/[、,]/.test(joins[from - 1] as string)) from--;
  return items.slice(from);
}

function addColumns(scan: Scan, request: Request, items: ListItem[]): void {
  for (const item of items) {
    const mark = markOf(item.text);
    const concept = conceptOf(item.text);
    if (!mark && addOwn(request, item.text)) {
      scan.consume(item.start, item.end);
      continue;
    }
    if (concept && CONCEPTS[concept]?.party) {
      if (!request.parties.includes(concept)) request.parties.push(concept);
    } else if (mark && mark !== 'notes') {
      addFeature(request, mark);
    } else {
      const n = named(item.text);
      if (!request.columns.some((c) => c.key === n.key)) request.columns.push(n);
    }
    scan.consume(item.start, item.end);
  }
}

function readColumns(scan: Scan, request: Request): void {
  // "品名、数量、単価、金額の列", "品名と数量のカラム".
  for (const m of scan.all(new RegExp(`(${LIST})${TAIL}の?[ \\u3000]*(?:列|カラム)`, 'u'))) {
    request.tableAsked = true;
    const items = tableGroup(scan, itemsOf(scan, m.index, m[1] as string));
    addColumns(scan, request, items);
    scan.consume((items[0] as ListItem).start, m.index + m[0].length);
  }
  // "列は品名、数量、単価", "列：品名・数量".
  for (const m of scan.all(new RegExp(`(?:列|カラム)(?:は|に|を|として|:)[ \\u3000]*(${LIST})`, 'u'))) {
    request.tableAsked = true;
    const at = m.index + m[0].length - (m[1] as string).length;
    addColumns(scan, request, itemsOf(scan, at, m[1] as string));
    scan.consumeMatch(m);
  }
  // "明細表（品名、数量、単価）", "商品の一覧(商品名・価格)".
  const table = '(?:表|一覧表?|リスト|テーブル|明細|内訳)';
  for (const m of scan.all(new RegExp(`${table}[ \\u3000]*\\([ \\u3000]*(${LIST})${TAIL}\\)`, 'u'))) {
    request.tableAsked = true;
    const at = m.index + m[0].indexOf(m[1] as string);
    addColumns(scan, request, itemsOf(scan, at, m[1] as string));
    scan.consumeMatch(m);
  }
  // "品名・数量・金額の表" (columns), "商品の一覧" (what the rows are); "通知表" and "棚卸表" are names of documents.
  for (const m of scan.all(new RegExp(`(${LIST})${TAIL}(の)?[ \\u3000]*${table}`, 'u'))) {
    const items = tableGroup(scan, itemsOf(scan, m.index, m[1] as string));
    if (items.length === 1 && !m[2]) continue;
    request.tableAsked = true;
    const noun = items.length === 1 ? JA_ROW_NOUNS[canonical((items[0] as ListItem).text)] : undefined;
    if (noun) request.tableNoun ??= noun;
    else if (items.length > 1 || request.columns.length === 0) addColumns(scan, request, items);
    scan.consume((items[0] as ListItem).start, m.index + m[0].length);
  }
  // A table asked for with no list: "明細表付き", "表形式で".
  const bare = scan.first(/明細表|一覧表|表形式|テーブル/u);
  if (bare) {
    request.tableAsked = true;
    scan.consumeMatch(bare);
  }
}

/** Reads fields: the names before "を含む / 入り / 付き / の欄" and after "項目は". */
function readFields(scan: Scan, request: Request): void {
  const verbs =
    '(?:を|も|が|の)?[ \\u3000]*(?:含む|含め|含んだ|入れ|入った|記載|明記|表示|追加|載せ|載った|記入|付け|つけ|付き|つき|入り|あり|ある|欄|項目|フィールド)';
  const lists = [
    ...scan.all(new RegExp(`(${LIST})${TAIL}${verbs}`, 'u')).map((m) => itemsOf(scan, m.index, m[1] as string)),
    ...scan
      .all(new RegExp(`(?:項目|フィールド)(?:は|に|として|:)[ \\u3000]*(${LIST})`, 'u'))
      .map((m) => itemsOf(scan, m.index + m[0].length - (m[1] as string).length, m[1] as string)),
    // "議事録（日時、場所、出席者）": a list in brackets that is not a table's.
    ...scan
      .all(new RegExp(`\\([ \\u3000]*(${LIST})${TAIL}\\)`, 'u'))
      .map((m) => itemsOf(scan, m.index + m[0].indexOf(m[1] as string), m[1] as string)),
  ];
  addFields(scan, request, lists);
  // Names listed with no verb ("受講者名、コース名、修了日"): a list of two or more, or one name the dictionary
  // knows, is what the document shows.
  const rest = scan
    .all(new RegExp(LIST, 'u'))
    .map((m) => itemsOf(scan, m.index, m[0]))
    .filter((items) => items.length > 1 || (items[0] && (conceptOf(items[0].text) || markOf(items[0].text))));
  addFields(scan, request, rest);
}

function addFields(scan: Scan, request: Request, lists: ListItem[][]): void {
  for (const items of lists) {
    for (const item of items) {
      scan.consume(item.start, item.end);
      const mark = markOf(item.text);
      if (mark) {
        addFeature(request, mark);
        continue;
      }
      if (addOwn(request, item.text)) continue;
      if (new RegExp(`^(?:${JA_TOTALS.source})$`).test(canonical(item.text))) {
        addFeature(request, 'totals');
        continue;
      }
      const concept = conceptOf(item.text);
      if (concept && CONCEPTS[concept]?.party) {
        if (!request.parties.includes(concept)) request.parties.push(concept);
        continue;
      }
      // "顧客の住所" and "送付先住所" name a party's line.
      const owner = /^(.+?)(?:の)?(?:名|名前|住所|所在地|連絡先)$/.exec(item.text)?.[1];
      const party = owner ? conceptOf(owner) : undefined;
      if (party && CONCEPTS[party]?.party) {
        if (!request.parties.includes(party)) request.parties.push(party);
        continue;
      }
      const n = named(item.text);
      if (!request.fields.some((x) => x.key === n.key) && !request.columns.some((c) => c.key === n.key))
        request.fields.push(n);
    }
  }
}

/** "タイトルは「月次活動報告」": a title given in Japanese quotes, kept as written. */
function detectTitle(scan: Scan, request: Request): void {
  const quoted = scan.first(/(?:タイトル|題名|表題|見出し)(?:は|を|:)?[ \u3000]*「([^」\n]{1,80})」/u);
  if (!quoted || request.title) return;
  const inner = quoted.index + quoted[0].indexOf('「') + 1;
  request.title = scan.text(inner, inner + (quoted[1] as string).length);
  scan.consumeMatch(quoted);
}

/** Reads what a Japanese request says into `request`, blanking it in `scan`. */
export function readJapanese(scan: Scan, request: Request): void {
  detectTitle(scan, request);
  // Before the currency: 円グラフ is a pie chart, not yen.
  const chart = scan.first(new RegExp(JA_CHART.source, 'u'));
  if (chart) {
    request.chart = { type: chart[1] === '円' ? 'pie' : chart[1] === '折れ線' ? 'line' : 'bar' };
    request.features.add('chart');
    scan.consumeMatch(chart);
  }
  detectPage(scan, request);
  detectLook(scan, request);
  detectCurrency(scan, request);
  for (const [what, pattern] of JA_UNSUPPORTED) {
    const matches = scan.all(new RegExp(pattern.source, 'u'));
    if (matches.length === 0) continue;
    if (!request.unsupported.includes(what)) request.unsupported.push(what);
    for (const m of matches) scan.consumeMatch(m);
  }
  detectKind(scan, request);
  readColumns(scan, request);
  for (const [feature, pattern] of JA_FEATURE_PATTERNS) {
    for (const m of scan.all(new RegExp(pattern.source, 'u'))) {
      addFeature(request, feature);
      scan.consumeMatch(m);
    }
  }
  readFields(scan, request);
  for (const m of scan.all(new RegExp(JA_TOTALS.source, 'u'))) {
    addFeature(request, 'totals');
    scan.consumeMatch(m);
  }
}
