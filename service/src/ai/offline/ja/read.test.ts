import { describe, expect, it } from 'vitest';
import { emailKindOf } from '../email';
import { readRequest } from '../understand';

const keys = (list: { key: string }[]) => list.map((n) => n.key);
const features = (prompt: string) => [...readRequest(prompt).features].sort();

describe('reading a request written in Japanese', () => {
  it('finds the kind of document, its columns, its fields, its marks and its colour', () => {
    const r = readRequest('品名、数量、単価、金額の列がある請求書。支払期限と顧客名を含む。ロゴとQRコード付き、紺色で');
    expect(r.docType).toBe('invoice');
    expect(r.language).toBe('ja');
    expect(r.languageExplicit).toBe(false);
    expect(keys(r.columns)).toEqual(['item', 'quantity', 'unit_price', 'amount']);
    expect(r.tableAsked).toBe(true);
    expect(keys(r.fields)).toEqual(['due_date']);
    expect(r.parties).toEqual(['customer']);
    expect([...r.features].sort()).toEqual(['logo', 'qr']);
    expect(r.accentName).toBe('navy');
  });

  it('knows the kinds of documents by their Japanese names', () => {
    const kinds: [string, string][] = [
      ['請求書を作って', 'invoice'],
      ['御見積書', 'quote'],
      ['見積もりのテンプレート', 'quote'],
      ['領収書', 'receipt'],
      ['納品書', 'delivery_note'],
      ['発注書', 'purchase_order'],
      ['注文書', 'purchase_order'],
      ['注文請書', 'order_confirmation'],
      ['梱包明細書', 'packing_slip'],
      ['取引明細書', 'statement'],
      ['給与明細', 'payslip'],
      ['勤務表', 'timesheet'],
      ['報告書', 'report'],
      ['週報', 'report'],
      ['議事録', 'minutes'],
      ['修了証明書', 'certificate'],
      ['賞状', 'certificate'],
      ['返金伝票', 'credit_note'],
      ['案内状', 'letter'],
    ];
    for (const [prompt, kind] of kinds) {
      const r = readRequest(prompt);
      expect(r.docType, prompt).toBe(kind);
      expect(r.docTypeFound, prompt).toBe(true);
    }
    // The catalogue's kinds (kinds/) by their Japanese names, with their base types.
    const catalogue: [string, string, string][] = [
      ['名刺', 'business_card', 'document'],
      ['生徒の通知表', 'report_card', 'report'],
      ['検査結果報告書', 'lab_report', 'report'],
      ['勤怠表', 'attendance_sheet', 'report'],
      ['月次売上報告書', 'sales_report', 'report'],
      ['宛名ラベル', 'address_label', 'letter'],
      ['入場券', 'event_ticket', 'document'],
      ['保証書', 'warranty_card', 'document'],
      ['時間割', 'class_schedule', 'report'],
      ['価格表', 'price_list', 'report'],
    ];
    for (const [prompt, kind, base] of catalogue) {
      const r = readRequest(prompt);
      expect([r.kind, r.docType], prompt).toEqual([kind, base]);
    }
    expect(readRequest('履歴書').docTypeFound).toBe(false);
  });

  it('makes a title of the nouns written onto a report or certificate name', () => {
    expect(readRequest('A4横向きの月次売上報告書').title).toBe('月次売上報告書');
    expect(readRequest('研修修了証明書を作ってください').title).toBe('研修修了証明書');
    expect(readRequest('請求書').title).toBeUndefined();
    const quoted = readRequest('報告書、タイトルは「第3四半期 活動報告」、地域・売上の列');
    expect(quoted.title).toBe('第3四半期 活動報告');
    expect(keys(quoted.columns)).toEqual(['region', 'sales']);
  });

  it('splits lists on 、 ・ , と 及び and や, and reads the columns before and after the word for them', () => {
    expect(keys(readRequest('見積書、品番と品名と数量及び単価の列').columns)).toEqual([
      'sku',
      'item',
      'quantity',
      'unit_price',
    ]);
    expect(keys(readRequest('請求書で、列は品名・数量・金額').columns)).toEqual(['item', 'quantity', 'amount']);
    expect(keys(readRequest('請求書、列：品名,数量や単価').columns)).toEqual(['item', 'quantity', 'unit_price']);
    expect(keys(readRequest('納品書、明細表（品番、品名、数量）').columns)).toEqual(['sku', 'item', 'quantity']);
    expect(keys(readRequest('報告書、地域・売上・目標の表').columns)).toEqual(['region', 'sales', 'target']);
  });

  it('does not read the name of a document ending in 表 as a table of it', () => {
    // A report card: 科目 and 評価 are its subjects list's columns, not a table named 通知.
    const r = readRequest('生徒の通知表。科目、評価');
    expect(r.kind).toBe('report_card');
    expect(r.tableNoun).toBeUndefined();
    expect(keys(r.columns)).toEqual(['subject', 'grade']);
    expect(r.fields).toEqual([]);
    // A name the dictionary knows whole is one item, の and all.
    expect(keys(readRequest('成績表。科目、評価、担当教員のコメント').columns)).toEqual([
      'subject',
      'grade',
      'teacher_comment',
    ]);
    expect(readRequest('商品の一覧表').tableNoun).toBe('products');
  });

  it('keeps the fields listed before a table word out of the table', () => {
    const r = readRequest('納品書 A4縦 納品先、注文番号、品番・品名・数量の表、バーコード付き');
    expect(keys(r.columns)).toEqual(['sku', 'item', 'quantity']);
    expect(keys(r.fields)).toEqual(['order_number']);
    expect(r.parties).toEqual(['ship_to']);
    expect(r.features.has('barcode')).toBe(true);
    expect(r.pageSize).toBe('A4');
    expect(r.orientation).toBe('portrait');
  });

  it('reads fields before を含む, 付き and 記載, in brackets, and listed with no verb', () => {
    expect(keys(readRequest('請求書。支払期限と請求書番号を含む').fields)).toEqual(['due_date', 'number']);
    expect(keys(readRequest('請求書を作成してください。支払い期限付き').fields)).toEqual(['due_date']);
    const minutes = readRequest('議事録（日時、場所、出席者）、議題・担当者・期限の列');
    expect(keys(minutes.fields)).toEqual(['date', 'location', 'attendees']);
    expect(keys(minutes.columns)).toEqual(['task', 'owner', 'deadline']);
    const certificate = readRequest('修了証明書。受講者名、コース名、修了日、署名欄');
    expect(keys(certificate.fields)).toEqual(['course', 'completion_date']);
    expect(certificate.parties).toEqual(['recipient']);
    expect(certificate.features.has('signature')).toBe(true);
  });

  it('reads はがき and A5 as page formats, with no field named サイズ', () => {
    const postcard = readRequest('はがきサイズの案内状');
    expect([postcard.pageFormat?.widthMm, postcard.pageFormat?.heightMm]).toEqual([100, 148]);
    expect(postcard.docType).toBe('letter');
    const a5 = readRequest('A5サイズの請求書');
    expect(a5.pageFormat?.name).toBe('A5');
    expect(a5.fields).toEqual([]);
  });

  it('keeps Japanese names as labels and makes English data names of them', () => {
    const r = readRequest('部屋番号、宿泊数、料金の列のある請求書、チェックイン日とチェックアウト日');
    expect(r.columns.map((c) => [c.key, c.label, c.type])).toEqual([
      // 部屋番号 is the dictionary's own label for room_number (kinds/concepts.ts), so it needs none of its own.
      ['room_number', undefined, 'text'],
      ['stay_count', '宿泊数', 'number'],
      ['price', '料金', 'money'],
    ]);
    expect(r.fields.map((f) => [f.key, f.label, f.type])).toEqual([
      ['check_in_date', 'チェックイン日', 'date'],
      ['check_out_date', 'チェックアウト日', 'date'],
    ]);
    // Names with nothing the glossary knows still get distinct, valid data names.
    const odd = readRequest('請求書、鮮度・産地の列');
    expect(odd.columns).toHaveLength(2);
    for (const c of odd.columns) expect(c.key).toMatch(/^[a-z][a-z0-9_]*$/);
    expect(new Set(keys(odd.columns)).size).toBe(2);
  });

  it('reads the marks: QR code, barcode, signature line, logo, page numbers, notes, totals, terms', () => {
    expect(features('請求書、QRコード付き')).toEqual(['qr']);
    expect(features('納品書、バーコード付き')).toEqual(['barcode']);
    expect(features('見積書、署名欄あり')).toEqual(['signature']);
    expect(features('発注書、押印欄')).toEqual(['signature']);
    expect(features('請求書、ロゴ入り')).toEqual(['logo']);
    expect(features('報告書、ページ番号付き')).toEqual(['pageNumbers']);
    expect(features('請求書、備考欄と振込先')).toEqual(['notes', 'payment']);
    expect(features('見積書、合計欄と取引条件')).toEqual(['terms', 'totals']);
    expect(features('報告書、概要付き')).toEqual(['summary']);
  });

  it('reads page size and orientation', () => {
    expect(readRequest('横向きの勤務表').orientation).toBe('landscape');
    expect(readRequest('縦向きの報告書').orientation).toBe('portrait');
    expect(readRequest('A4サイズの請求書').pageSize).toBe('A4');
    expect(readRequest('Ａ４の請求書').pageSize).toBe('A4');
    expect(readRequest('レターサイズの請求書').pageSize).toBe('Letter');
  });

  it('reads colours without reading them into other words', () => {
    expect(readRequest('青の請求書').accentName).toBe('blue');
    expect(readRequest('紺色の請求書').accentName).toBe('navy');
    expect(readRequest('赤を基調とした見積書').accentName).toBe('red');
    expect(readRequest('緑色の報告書').accentName).toBe('green');
    expect(readRequest('ネイビーの領収書').accentName).toBe('navy');
    // 金額 is an amount, not gold; 青森 is a place.
    const r = readRequest('請求書、金額の列、青森支店');
    expect(r.accent).toBeUndefined();
    expect(keys(r.columns)).toEqual(['amount']);
  });

  it('reads the label language: Japanese from the script, another when named', () => {
    expect(readRequest('請求書').language).toBe('ja');
    const english = readRequest('見積書を英語で作成、品番と品名の列');
    expect(english.language).toBe('en');
    expect(english.languageExplicit).toBe(true);
    expect(english.docType).toBe('quote');
    expect(readRequest('請求書をフランス語で').language).toBe('fr');
    const japanese = readRequest('An invoice in Japanese with columns description, quantity and amount');
    expect(japanese.language).toBe('ja');
    expect(japanese.languageExplicit).toBe(true);
    expect(keys(japanese.columns)).toEqual(['description', 'quantity', 'amount']);
    expect(readRequest('Une facture en japonais').language).toBe('ja');
    expect(readRequest('日本語で請求書を作って').languageExplicit).toBe(true);
    // Kanji with no kana are Japanese only with a Japanese kind's name (Chinese is not read).
    expect(readRequest('請求書、品名、数量').language).toBe('ja');
    expect(readRequest('发票，品名，数量').language).toBe('en');
    // A Japanese label quoted in an English request does not make the request Japanese.
    expect(readRequest('An invoice with a column called 品名 and quantity').language).toBe('en');
  });

  it('reads currencies, fonts and text size', () => {
    expect(readRequest('請求書、ドル建て').currency).toBe('USD');
    expect(readRequest('請求書、円').currency).toBe('JPY');
    expect(readRequest('明朝体の案内状').font).toBe('serif');
    expect(readRequest('等幅フォントの報告書').font).toBe('mono');
    expect(readRequest('文字を大きめにした請求書').size).toBe(11);
  });

  it('says what it cannot draw', () => {
    expect(readRequest('地図付きの週報').unsupported).toEqual(['maps']);
    expect(readRequest('円グラフ付きの週報')).toMatchObject({ unsupported: [], chart: { type: 'pie' } });
    expect(readRequest('写真入りの報告書').unsupported).toEqual(['photos or pictures other than a logo']);
  });

  it('knows the kinds of email by their Japanese names', () => {
    expect(emailKindOf('パスワード再設定のメール').kind).toBe('password_reset');
    expect(emailKindOf('メールアドレスの確認メール').kind).toBe('verify_email');
    expect(emailKindOf('発送のお知らせメール、追跡番号付き').kind).toBe('shipping');
    expect(emailKindOf('ご注文確認メール').kind).toBe('order_confirmation');
    expect(emailKindOf('会員登録完了のメール').kind).toBe('welcome');
    expect(emailKindOf('予約のリマインダー').kind).toBe('reminder');
    expect(emailKindOf('お知らせメール').found).toBe(false);
  });
});
