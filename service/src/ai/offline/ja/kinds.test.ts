import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { flat, inspectPdf } from '../../suite/inspect';
import { renderAnswer } from '../__fixtures__/render';
import { offlineProvider } from '../index';
import { KINDS } from '../kinds/catalogue';
import { readSpec } from '../spec';
import { JA_KIND_WORDS } from './words';

/**
 * Japanese requests for the catalogue's kinds (kinds/): each is generated, rendered to a real PDF and read back with
 * poppler: its kind, its Japanese labels (pdftotext), its page size (pdfinfo) and its codes (zbarimg).
 */
const provider = offlineProvider();
const ARTIFACTS = fileURLToPath(new URL('../../../../artifacts/offline/', import.meta.url));
const squeeze = (text: string) => text.replace(/\s+/g, '');

interface KindRequest {
  prompt: string;
  kind: string;
  labels: string[];
  /** Page size in millimetres, width × height (pdfinfo). */
  mm: [number, number];
  codes?: { type: string; value: RegExp }[];
  png?: string;
}

const requests: KindRequest[] = [
  {
    prompt: '生徒の成績表。科目、評価、担当教員のコメント',
    kind: 'report_card',
    labels: ['成績表', '生徒氏名', 'クラス', '学期', '科目', '評価', '担当教員のコメント', '署名'],
    mm: [210, 297],
    png: 'ja-report-card',
  },
  {
    prompt: '4x6インチの配送ラベル、追跡番号のバーコード付き',
    kind: 'shipping_label',
    labels: ['発送元', '配送先', '重量', '発送日', '追跡番号'],
    mm: [101.6, 152.4],
    codes: [{ type: 'CODE-128', value: /^1Z\w+$/ }],
    png: 'ja-shipping-label',
  },
  {
    prompt: 'コンサートのチケット、座席とQRコード付き',
    kind: 'event_ticket',
    labels: ['チケット', '開催日', '開場', '会場', 'ゲート', '列', '座席', 'チケット番号'],
    mm: [203.2, 82.55],
    codes: [{ type: 'QR-Code', value: /^https:\/\/tickets\.example\.com\// }],
  },
  {
    prompt: '名刺を作成。氏名、役職、電話番号、メールアドレス',
    kind: 'business_card',
    labels: ['電話番号', 'メールアドレス'],
    mm: [85, 55],
  },
  {
    prompt: 'レストランのメニュー',
    kind: 'menu',
    // The kind's sample prices are scaled to yen as every other amount (Burrata is 12 in dollars' worth).
    labels: ['メニュー', '区分', '料理', '説明', '価格', '￥1,200'],
    mm: [210, 297],
  },
  {
    prompt: '血液検査の検査結果報告書',
    kind: 'lab_report',
    labels: ['検査結果報告書', '患者氏名', '生年月日', '検体採取日', '検査項目', '結果', '単位', '基準値', '判定'],
    mm: [210, 297],
  },
  {
    prompt: '業務委託契約書、署名欄付き',
    kind: 'contract',
    labels: ['業務委託契約書', '契約番号', '発効日', '委託者', '受託者', '署名'],
    mm: [210, 297],
  },
  {
    prompt: '旅程表、日付・時刻・内容の表',
    kind: 'itinerary',
    labels: ['旅程表', '旅行者', '予約番号', '日付', '時刻', '内容'],
    mm: [210, 297],
  },
  {
    prompt: '搭乗券、便名、ゲート、座席',
    kind: 'boarding_pass',
    labels: ['搭乗券', '搭乗者名', '便名', '搭乗開始時刻', 'ゲート', '座席'],
    mm: [203.2, 82.55],
  },
  {
    prompt: '処方箋を作成',
    kind: 'prescription',
    labels: ['処方箋', '患者氏名', '薬剤名', '用量', '用法', '日数', '処方医'],
    mm: [148, 210],
  },
  {
    prompt: 'はがきサイズの保証書、製造番号とお買い上げ日',
    kind: 'warranty_card',
    labels: ['保証書', '製造番号', 'お買い上げ日', '保証期限', '販売店'],
    mm: [100, 148],
  },
  {
    prompt: '家賃領収書',
    kind: 'rent_receipt',
    labels: ['家賃領収書', '対象期間', '物件所在地', 'お支払額', '￥145,000', '貸主', '借主'],
    mm: [210, 297],
  },
  {
    // The currency printed is the one the prices are in.
    prompt: '価格表',
    kind: 'price_list',
    // The currency's label and value sit in a two-column header: pdftotext reads the value on the next row's line.
    labels: ['価格表', '有効開始日', '通貨', 'JPY', '品番', '単位', '価格'],
    mm: [210, 297],
  },
  {
    prompt: '倉庫の在庫表',
    kind: 'inventory_count',
    labels: ['棚卸表', '品番', '帳簿在庫', '実地棚卸数', '差異'],
    mm: [210, 297],
  },
];

describe('offline provider: Japanese requests for the catalogue kinds', () => {
  it('names every catalogue kind in Japanese, and only kinds the catalogue has', () => {
    const named = new Set(JA_KIND_WORDS.map(([id]) => id));
    // Kinds that are a base type as it is (statement) have their words in JA_DOC_TYPE_WORDS.
    expect(KINDS.filter((k) => k.title && !named.has(k.id)).map((k) => k.id)).toEqual([]);
    expect([...named].filter((id) => !KINDS.some((k) => k.id === id))).toEqual([]);
  });

  it("prints a kind's own Japanese word where the dictionary's does not fit it, and translates it back", async () => {
    const answer = await provider.complete({
      messages: [],
      task: { kind: 'generate', prompt: '成績表を作成', templateKind: 'document' },
    });
    const first = await renderAnswer(answer);
    const text = squeeze(flat(inspectPdf(first.bytes).reading));
    // A report card's subject is 科目; 件名 is a letter's.
    expect(text).toContain('科目');
    expect(text).not.toContain('件名');
    const translated = await provider.complete({
      messages: [],
      task: { kind: 'refine', instruction: 'Translate the labels into English', current: first.template, history: [] },
    });
    const english = squeeze(flat(inspectPdf((await renderAnswer(translated)).bytes).reading));
    expect(english).toContain('subject');
    expect(english).not.toContain('科目');
  });

  for (const c of requests) {
    it(`makes a ${c.kind} of "${c.prompt}"`, async () => {
      const answer = await provider.complete({
        messages: [{ role: 'user', content: c.prompt }],
        task: { kind: 'generate', prompt: c.prompt, templateKind: 'document' },
      });
      // renderAnswer fails on any finding above info, missing glyphs included.
      const result = await renderAnswer(answer);
      const spec = readSpec(result.html, result.css)?.spec;
      expect(spec?.kind).toBe(c.kind);
      expect(spec?.language).toBe('ja');
      if (c.png) mkdirSync(ARTIFACTS, { recursive: true });
      const pdf = inspectPdf(result.bytes, {
        codes: Boolean(c.codes),
        ...(c.png ? { png: `${ARTIFACTS}generated-${c.png}` } : {}),
      });
      const text = squeeze(flat(pdf.reading));
      for (const label of c.labels) expect(text, `label "${label}" in the PDF`).toContain(squeeze(label).toLowerCase());
      const [width, height] = pdf.sizes[0] ?? [0, 0];
      expect(width).toBeCloseTo(c.mm[0], 0);
      expect(height).toBeCloseTo(c.mm[1], 0);
      for (const code of c.codes ?? []) {
        const found = pdf.codes.find((d) => d.type === code.type);
        expect(found?.value, `${code.type} decoded`).toMatch(code.value);
      }
    });
  }
});
