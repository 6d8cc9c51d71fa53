import type { EmailKind } from '../email/kinds';
import { conceptsOfLabel } from '../labels';
import type { DocType, FontKind, Lang, ValueType } from '../spec';
import { fold, hash, snake } from '../text';
import type { Feature } from '../words';

/**
 * What Japanese words mean to the offline writer: document kinds, field and column names (beyond the labels in
 * labels.ts, which count as names too), marks, colours, fonts, languages, and the pieces English data names are
 * made from. Words are matched in the request as written (Japanese has no case or accents to fold).
 */

/**
 * The base document types. The earliest mention wins, as for the other languages; the catalogue's kinds
 * (JA_KIND_WORDS) are read with these. Kinds the writer does not have (履歴書 CV) join when the catalogue gains
 * them; a test checks every kind has words.
 */
export const JA_DOC_TYPE_WORDS: [DocType, string[]][] = [
  ['credit_note', ['返金伝票', '赤伝票', 'クレジットノート', '貸方票']],
  ['order_confirmation', ['注文確認書', '注文請書', '受注確認書', '注文確認']],
  ['purchase_order', ['発注書', '注文書', '購入注文書', '発注伝票']],
  ['packing_slip', ['梱包明細書', '梱包明細', 'パッキングリスト', '出荷明細書', '出荷明細']],
  ['delivery_note', ['納品書', '納品伝票', '出荷伝票']],
  ['payslip', ['給与明細書', '給与明細', '給料明細', '賃金明細', '給与支払明細書']],
  ['timesheet', ['勤務表', 'タイムシート', '作業時間報告書', '稼働報告書']],
  ['statement', ['取引明細書', '取引明細', '入出金明細', '口座明細', '利用明細書', '残高明細']],
  ['minutes', ['議事録', '会議録', 'ミーティング記録']],
  ['certificate', ['修了証明書', '証明書', '修了証書', '修了証', '認定証', '賞状', '表彰状', '証書', '合格証']],
  ['invoice', ['請求書', 'インボイス', 'ご請求書', '御請求書']],
  ['quote', ['見積書', '御見積書', 'お見積書', '見積もり書', '見積り書', '見積もり', '見積り', '見積']],
  ['receipt', ['領収書', '領収証', 'レシート']],
  ['letter', ['手紙', '書簡', '案内状', '挨拶状', '送付状', '依頼状', 'お知らせ状', 'ビジネスレター']],
  ['report', ['報告書', 'レポート', '月報', '週報', '日報', '分析', '実績表', '売上表']],
];

/**
 * The catalogue's kinds (kinds/), by id: their Japanese names. A kind's name is read before its base type's (so
 * 検査結果報告書 is a lab report, not a report, and 勤怠表 an attendance sheet, not a timesheet); a test fails for a
 * kind without one.
 */
export const JA_KIND_WORDS: [string, string[]][] = [
  ['expense_report', ['経費精算書', '経費報告書', '経費精算', '立替経費精算書', '交通費精算書']],
  ['sales_report', ['売上報告書', '販売報告書', '売上レポート', '営業報告書']],
  ['dashboard', ['ダッシュボード', 'kpiレポート', '業績ダッシュボード']],
  ['inventory_count', ['棚卸表', '棚卸票', '棚卸しシート', '棚卸シート', '在庫表', '在庫一覧表', '在庫集計表']],
  ['price_list', ['価格表', '料金表', 'プライスリスト', '価格一覧']],
  ['spec_sheet', ['製品仕様書', '仕様書', 'スペックシート', '製品仕様']],
  ['work_order', ['作業指示書', '作業依頼書', '作業指図書', 'ワークオーダー']],
  ['service_report', ['作業報告書', 'サービス報告書', '点検報告書', '修理報告書', '保守報告書']],
  ['incident_report', ['インシデント報告書', '事故報告書', 'トラブル報告書', '障害報告書', 'ヒヤリハット報告書']],
  ['bill_of_lading', ['船荷証券', '運送状', 'b/l']],
  ['customs_declaration', ['税関申告書', '通関申告書', '輸出申告書', '輸入申告書', 'インボイス兼税関申告書']],
  ['hotel_folio', ['宿泊明細書', '宿泊明細', 'ホテルの明細書', '宿泊料金明細']],
  ['donation_receipt', ['寄附金受領証明書', '寄付金受領証明書', '寄附金受領証', '寄付金受領証', '寄付の領収書']],
  ['rent_receipt', ['家賃領収書', '家賃の領収書', '賃料領収書']],
  ['menu', ['メニュー', 'お品書き', '献立表', 'ドリンクメニュー', 'ランチメニュー']],
  ['report_card', ['成績表', '通知表', '成績通知書', '通信簿', '成績証明書']],
  ['lab_report', ['検査結果報告書', '検査報告書', '検査結果', '臨床検査', '血液検査']],
  ['prescription', ['処方箋', '処方せん', '処方書']],
  ['attendance_sheet', ['出席表', '出席簿', '出欠表', '勤怠表', '出勤簿', '参加者名簿']],
  ['class_schedule', ['時間割', '授業時間割', '時間割表']],
  ['event_programme', ['プログラム', '式次第', '進行表', 'タイムテーブル']],
  ['itinerary', ['旅程表', '旅行日程表', '行程表', '旅のしおり', '旅程']],
  ['booking_confirmation', ['予約確認書', '予約確認', '予約確認票', '宿泊予約確認書']],
  ['recipe_card', ['レシピカード', 'レシピ', '作り方カード']],
  ['contract', ['業務委託契約書', '契約書', 'サービス契約書', '請負契約書']],
  ['nda', ['秘密保持契約書', '秘密保持契約', '機密保持契約書', 'nda']],
  ['lease', ['賃貸借契約書', '建物賃貸借契約書', '賃貸契約書', '賃貸借契約']],
  ['offer_letter', ['採用通知書', '内定通知書', '採用通知', '内定通知']],
  ['cover_letter', ['カバーレター', '添え状', '応募書類の送付状']],
  ['reference_letter', ['推薦状', '紹介状', '推薦書']],
  ['shipping_label', ['配送ラベル', '送り状', '発送ラベル', '出荷ラベル', '宅配伝票', '配送伝票']],
  ['address_label', ['宛名ラベル', '宛名シール', 'アドレスラベル']],
  ['name_badge', ['名札', 'ネームプレート', 'ネームカード', 'ネームバッジ', '入館証']],
  ['event_ticket', ['入場券', 'チケット', '観覧券', '招待券', '前売券']],
  ['boarding_pass', ['搭乗券', 'ボーディングパス']],
  ['business_card', ['名刺']],
  ['gift_card', ['ギフトカード', 'ギフト券', '商品券']],
  ['membership_card', ['会員証', 'メンバーズカード', '会員カード', 'ポイントカード']],
  ['warranty_card', ['保証書', '製品保証書', '保証カード']],
];

/** Kinds of email, as email/kinds.ts EMAIL_KIND_WORDS: the first that matches wins (the text stays English). */
export const JA_EMAIL_KIND_WORDS: [EmailKind, RegExp][] = [
  ['password_reset', /パスワード(?:の)?(?:再設定|リセット|変更)|パスワードを忘れ/],
  ['verify_email', /メールアドレス(?:の)?(?:確認|認証)|本人確認|アカウント(?:の)?有効化/],
  ['shipping', /(?:発送|出荷)(?:の)?(?:お知らせ|通知|完了)|配送状況|追跡番号/],
  ['order_confirmation', /注文(?:確認|完了|受付)|ご注文/],
  ['receipt', /領収|(?:お)?支払い?(?:完了|確認)|決済完了/],
  ['invoice', /請求/],
  ['reminder', /リマインド|リマインダー|予約|打ち合わせ|面談|イベント/],
  ['welcome', /ようこそ|ウェルカム|会員登録|新規登録|登録完了/],
];

/**
 * Field and column names, by concept. Hiragana between kanji (支払い期限, 値引き) and a polite お/ご in front are
 * dropped before matching (canonical), so each word is listed once.
 */
export const JA_CONCEPT_WORDS: Record<string, string[]> = {
  invoice_number: ['請求書番号', '請求番号', '請求書no'],
  quote_number: ['見積番号', '見積書番号'],
  receipt_number: ['領収書番号', '領収番号'],
  order_number: ['注文番号', '受注番号', 'オーダー番号'],
  po_number: ['発注番号', '発注書番号', '注文書番号'],
  certificate_id: ['証明書番号', '認定番号', '修了証番号'],
  reference: ['参照番号', '管理番号', '整理番号'],
  number: ['番号', 'no', 'ナンバー', '文書番号'],
  date: ['日付', '年月日', '日時', '開催日', '開催日時'],
  issue_date: ['発行日', '請求日', '発行年月日', '作成日', '見積日'],
  due_date: ['支払期限', '支払期日', '振込期限', 'お支払期限', '期日', '支払日'],
  valid_until: ['有効期限', '見積有効期限', '有効期間'],
  order_date: ['注文日', '発注日', '受注日'],
  delivery_date: ['納品日', '納期', '届日', '配達日', '配送日', '納入日'],
  ship_date: ['出荷日', '発送日'],
  pay_date: ['支給日', '給与支給日'],
  completion_date: ['修了日', '完了日'],
  period: ['期間', '対象期間', '請求期間', '集計期間'],
  period_start: ['開始日'],
  period_end: ['終了日'],
  prepared_by: ['作成者', '報告者', '記入者'],
  project: ['プロジェクト', '案件', '案件名', 'プロジェクト名'],
  payment_method: ['支払方法', '決済方法', '支払手段'],
  payment_terms: ['支払条件', '支払サイト'],
  tracking_number: ['追跡番号', '伝票番号', '問合せ番号', '問い合わせ番号', '送り状番号'],
  carrier: ['配送業者', '運送会社', '配送会社'],
  name: ['氏名', '名前'],
  address: ['住所', '所在地'],
  email: ['メール', 'メールアドレス', 'eメール'],
  phone: ['電話番号', '電話', 'tel', '連絡先'],
  website: ['ウェブサイト', 'ホームページ', 'url'],
  vat_number: ['登録番号', '事業者登録番号', '適格請求書発行事業者登録番号', 'インボイス登録番号', '法人番号'],
  bank: ['銀行', '銀行名', '振込銀行'],
  account_number: ['口座番号'],
  employee_id: ['社員番号', '従業員番号', '職員番号'],
  department: ['部署', '部門', '所属'],
  job_title: ['役職', '職位'],
  gross_pay: ['総支給額', '支給額', '支給合計'],
  deductions: ['控除', '控除額', '控除合計'],
  net_pay: ['差引支給額', '手取り', '手取額'],
  opening_balance: ['前期繰越', '前月繰越', '期首残高'],
  closing_balance: ['期末残高', '最終残高'],
  course: ['コース', '講座', '課程', '研修', '研修名', 'コース名'],
  grade: ['評価', '成績', '評定'],
  subject: ['件名', '題名', '表題', '科目', '教科'],
  teacher_comment: ['教員コメント', '担任コメント', '先生コメント', '所見', '担任所見'],
  location: ['場所', '会場', '開催場所'],
  chair: ['議長', '司会', '司会者'],
  attendees: ['出席者', '参加者'],
  status: ['状況', 'ステータス', '状態', '進捗'],

  // Parties.
  customer: ['顧客', '顧客名', '客様', '客様名', '取引先', '取引先名', '得意先', '得意先名', '客先', 'クライアント'],
  company: ['会社', '会社名', '自社', '当社', '発行者', '自社情報'],
  supplier: ['仕入先', '仕入先名', '納入業者', '仕入業者', 'サプライヤー'],
  buyer: ['購入者', '発注者'],
  employee: ['従業員', '社員', '従業員名', '社員名'],
  employer: ['雇用主'],
  recipient: ['受取人', '受領者', '受講者', '受賞者', '宛名', '宛先'],
  sender: ['差出人', '送り主', '送信者'],
  bill_to: ['請求先', '請求先住所'],
  ship_to: ['配送先', '届先', '送付先', '納品先', '配送先住所', '届け先'],
  ship_from: ['発送元', '差出人住所', '返送先'],

  // Columns.
  description: ['品目', '内容', '摘要', '説明', '明細内容', '詳細', '項目', '但し書', 'ただし書'],
  item: ['品名', '品物', 'アイテム'],
  product: ['商品', '商品名', '製品', '製品名'],
  service: ['サービス', 'サービス名', '作業項目'],
  sku: ['品番', '商品コード', '型番', '品目コード', '製品コード', 'sku'],
  quantity: ['数量', '個数', '数'],
  ordered: ['注文数', '発注数', '注文数量'],
  shipped: ['出荷数', '出荷数量', '納品数'],
  unit: ['単位'],
  unit_price: ['単価'],
  price: ['価格', '値段', '料金', '定価'],
  rate: ['時間単価', '時給', '宿泊単価'],
  day_rate: ['日額', '日当'],
  days: ['日数'],
  hours: ['時間', '作業時間', '勤務時間', '稼働時間', '時間数'],
  amount: ['金額', '価額'],
  total: ['合計', '合計金額', '総額', '総計'],
  subtotal: ['小計'],
  tax: ['消費税', '税額', '消費税額', '税'],
  tax_rate: ['税率', '消費税率'],
  discount: ['値引', '割引', '値引額', '割引額'],
  weight: ['重量', '重さ'],
  category: ['カテゴリー', 'カテゴリ', '分類', '区分', '種別'],
  region: ['地域', 'エリア', '地区'],
  sales: ['売上', '売上高'],
  revenue: ['収益', '収入'],
  cost: ['費用', 'コスト', '経費'],
  profit: ['利益', '粗利'],
  target: ['目標', '予算'],
  growth: ['成長率', '前年比', '増減率'],
  orders: ['注文件数', '受注件数'],
  stock: ['在庫', '在庫数'],
  month: ['月'],
  day: ['曜日'],
  task: ['作業', '作業内容', 'タスク', '業務内容', '議題'],
  owner: ['担当', '担当者'],
  debit: ['出金', '出金額'],
  credit: ['入金', '入金額'],
  balance: ['残高'],
};

/** A Japanese name in the form it is looked up in: no polite prefix, no hiragana between kanji, full-width as ASCII. */
export function canonical(text: string): string {
  return fold(text)
    .replace(/\s+/g, '')
    .replace(/^[おご](?=[\u3400-\u9fff])/, '')
    .replace(/(?<=[\u3400-\u9fff])[いりきけしえみちつもれ]{1,2}(?=[\u3400-\u9fff])/g, '')
    .replace(/(?<=[\u3400-\u9fff])[いりきけしえみ]$/, '');
}

let index: Map<string, string> | undefined;

/** The concept a Japanese name means, from the words above, then from the Japanese labels. */
export function japaneseConcept(name: string, known: (concept: string) => boolean): string | undefined {
  if (!index) {
    index = new Map();
    for (const [concept, words] of Object.entries(JA_CONCEPT_WORDS))
      for (const word of words) if (!index.has(canonical(word))) index.set(canonical(word), concept);
  }
  const key = canonical(name);
  return index.get(key) ?? conceptsOfLabel(key).find(known);
}

/** Marks and sections, as the other languages' FEATURE_PATTERNS; totals are read after the column lists. */
export const JA_FEATURE_PATTERNS: [Feature, RegExp][] = [
  ['pageNumbers', /ページ番号|ページ数|頁番号|ノンブル|ページ付け/],
  ['qr', /qr\s*コード|二次元(?:バー)?コード/],
  ['barcode', /バーコード|janコード/],
  ['logo', /ロゴ(?:マーク|画像)?/],
  ['signature', /(?:署名|サイン|押印|捺印|印鑑)(?:欄|用の欄|スペース|枠)?/],
  ['payment', /お?振込先|お?振込口座|振り込み先|銀行口座|口座情報|お?支払い?情報|振込情報/],
  ['terms', /利用規約|取引条件|契約条件|約款|規約/],
  ['summary', /エグゼクティブサマリー|サマリー|概要|要約|総括/],
  ['notes', /備考(?:欄)?|注記|特記事項|注意事項|メモ(?:欄)?|コメント欄/],
];

export const JA_TOTALS = /合計(?:欄|金額)?|小計|総計|総額/;

/** What the writer cannot draw, with the same reasons as the other languages (words.ts UNSUPPORTED). */
/** A chart and its type: 棒グラフ (bar), 円グラフ (pie), 折れ線グラフ (line); グラフ alone is a bar chart. */
export const JA_CHART = /(棒|円|折れ線|積み上げ)?(?:グラフ|チャート)|図表|ヒストグラム/;

export const JA_UNSUPPORTED: [string, RegExp][] = [
  ['maps', /地図|マップ/],
  ['photos or pictures other than a logo', /写真|商品画像|イラスト/],
  ['watermarks', /透かし|ウォーターマーク/],
  ['background images', /背景画像/],
  ['interactive or fillable form fields', /チェックボックス|入力フォーム|入力欄|記入式フォーム|ボタン/],
  ['animations, video or scripts', /アニメーション|動画|スクリプト/],
];

/** Colours, as the English names in vocabulary.ts COLOURS (the reply names them in English). */
export const JA_COLOURS: [RegExp, string][] = [
  [/濃紺|ネイビー(?:ブルー)?|紺(?:色)?(?=[色系いをでの基]|$)|紺色/, 'navy'],
  [/水色|空色|ライトブルー|スカイブルー/, 'light blue'],
  [/青緑|ティール|ターコイズ/, 'teal'],
  [/深緑|ダークグリーン/, 'dark green'],
  [/黄緑/, 'light green'],
  [/ワインレッド|えんじ色?|臙脂色?|ボルドー|バーガンディ/, 'burgundy'],
  [/藍色|インディゴ/, 'indigo'],
  [/青(?=[色系いをでの基]|$)|ブルー/, 'blue'],
  [/赤(?=[色系いをでの基]|$)|レッド/, 'red'],
  [/緑(?=[色系をでの基]|$)|グリーン/, 'green'],
  [/黄色|イエロー/, 'yellow'],
  [/橙色?|オレンジ/, 'orange'],
  [/紫(?=[色系をでの基]|$)|パープル/, 'purple'],
  [/ピンク|桃色/, 'pink'],
  [/茶色|ブラウン/, 'brown'],
  [/灰色|グレー|グレイ/, 'grey'],
  [/黒(?=[色系いをでの基]|$)|ブラック/, 'black'],
  [/金色|ゴールド/, 'gold'],
];

export const JA_FONTS: [RegExp, FontKind][] = [
  [/等幅(?:フォント)?|モノスペース/, 'mono'],
  [/明朝(?:体)?|セリフ体|セリフ/, 'serif'],
  [/ゴシック(?:体)?|サンセリフ/, 'sans'],
];

/** Language names and the particles that make them the label language ("日本語で", "英語の"). */
export const JA_LANGUAGE_NAMES: [Lang, RegExp][] = [
  ['ja', /日本語|和文/],
  ['en', /英語|英文/],
  ['fr', /フランス語|仏語/],
  ['de', /ドイツ語|独語/],
  ['es', /スペイン語|西語/],
  ['pt', /ポルトガル語/],
  ['it', /イタリア語/],
  ['nl', /オランダ語/],
];

/** Rows of a table named by a single noun ("商品の一覧"), as words.ts ROW_NOUNS. */
export const JA_ROW_NOUNS: Record<string, string> = {
  商品: 'products',
  製品: 'products',
  品目: 'items',
  明細: 'items',
  サービス: 'services',
  取引: 'transactions',
  入出金: 'transactions',
  作業: 'tasks',
  タスク: 'tasks',
  注文: 'orders',
  従業員: 'employees',
  社員: 'employees',
  地域: 'regions',
  支払: 'payments',
  経費: 'expenses',
  出荷: 'shipments',
};

/** The value a name holds, from its last words (日 is a date, 額 money, 数 a count). */
export function japaneseType(name: string): ValueType {
  const c = canonical(name);
  if (/メール/.test(c)) return 'email';
  if (/url|ウェブ|ホームページ|リンク/.test(c)) return 'url';
  if (/(?:日|日付|期限|期日|年月日)$/.test(c)) return 'date';
  if (/(?:率|割合|%)$/.test(c)) return 'percent';
  if (/(?:額|金|料|代|費|価格|単価|賃|給|円)$/.test(c)) return 'money';
  if (/(?:数|量|時間|泊|重量|件数|点数|得点)$/.test(c)) return 'number';
  if (/(?:備考|コメント|説明|所見|感想|内容)$/.test(c)) return 'longtext';
  return 'text';
}

/** Pieces of English data names, longest first when matched. */
const GLOSSARY: Record<string, string> = {
  部屋: 'room',
  客室: 'room',
  宿泊者: 'guest',
  宿泊: 'stay',
  ゲスト: 'guest',
  泊数: 'nights',
  チェックイン: 'check_in',
  チェックアウト: 'check_out',
  座席: 'seat',
  席: 'seat',
  ゲート: 'gate',
  便名: 'flight',
  便: 'flight',
  搭乗: 'boarding',
  出発: 'departure',
  到着: 'arrival',
  会員: 'member',
  患者: 'patient',
  生徒: 'student',
  学生: 'student',
  教員: 'teacher',
  先生: 'teacher',
  科目: 'subject',
  教科: 'subject',
  点数: 'score',
  得点: 'score',
  出欠: 'attendance',
  検査: 'test',
  結果: 'result',
  基準値: 'reference_range',
  基準: 'reference',
  車両: 'vehicle',
  車: 'car',
  運転手: 'driver',
  品: 'item',
  番号: 'number',
  名前: 'name',
  氏名: 'name',
  名称: 'name',
  名: 'name',
  日付: 'date',
  年月日: 'date',
  日時: 'datetime',
  時刻: 'time',
  日: 'date',
  期限: 'deadline',
  金額: 'amount',
  料金: 'fee',
  手数料: 'fee',
  送料: 'shipping_fee',
  費用: 'cost',
  価格: 'price',
  単価: 'unit_price',
  数量: 'quantity',
  数: 'count',
  重量: 'weight',
  サイズ: 'size',
  色: 'colour',
  住所: 'address',
  電話: 'phone',
  メール: 'email',
  備考: 'notes',
  コメント: 'comment',
  担当: 'staff',
  担当者: 'staff',
  理由: 'reason',
  種類: 'type',
  区分: 'type',
  状態: 'status',
  場所: 'location',
  開始: 'start',
  終了: 'end',
  合計: 'total',
  割引: 'discount',
  ポイント: 'points',
  コード: 'code',
  評価: 'rating',
  所見: 'findings',
  単位: 'unit',
  配送: 'delivery',
  出荷: 'shipment',
  注文: 'order',
  顧客: 'customer',
  会社: 'company',
  口座: 'account',
};

const GLOSSARY_WORDS = Object.keys(GLOSSARY).sort((a, b) => b.length - a.length);

/**
 * An English snake_case data name for a Japanese name ("部屋番号" → `room_number`): the glossary's pieces in order,
 * Latin words kept. A name with no known piece gets a stable name from its hash, so two such names never collide.
 */
export function japaneseKey(phrase: string): string {
  const text = canonical(phrase);
  const parts: string[] = [];
  let unknown = false;
  for (let i = 0; i < text.length; ) {
    const latin = /^[a-z0-9]+/.exec(text.slice(i));
    if (latin) {
      parts.push(latin[0]);
      i += latin[0].length;
      continue;
    }
    const word = GLOSSARY_WORDS.find((w) => text.startsWith(w, i));
    if (word) {
      if (parts[parts.length - 1] !== GLOSSARY[word]) parts.push(GLOSSARY[word] as string);
      i += word.length;
      continue;
    }
    unknown = true;
    i++;
  }
  if (parts.length === 0) return `field_${hash(text)}`;
  const key = snake(parts.join(' '));
  // Some of the name was not understood: the hash keeps "配送番号" and "管理番号" apart.
  return unknown && parts.length === 1 ? `${key}_${hash(text).slice(0, 4)}` : key;
}
