/**
 * Requests written in Japanese (and two that cross languages), with what each must produce. Shaped like
 * generate.test.ts's cases, so they can join the acceptance suite; ../generate.test.ts runs them.
 */
export interface JapaneseRequest {
  prompt: string;
  /** Text the rendered PDF shows (pdftotext; spaces and case ignored: Japanese has no spaces, headers are capitals). */
  labels: string[];
  /** Data paths the sample has. */
  data?: string[];
  docType?: string;
  language?: string;
  orientation?: 'portrait' | 'landscape';
  size?: string;
  pageNumbers?: boolean;
  accent?: string;
  font?: string;
  reply?: RegExp;
  png?: string;
  pages?: number;
}

export const japaneseRequests: JapaneseRequest[] = [
  {
    prompt: '品名、数量、単価、金額の列がある請求書。支払期限と顧客名を含む。ロゴとQRコード付き、紺色で',
    labels: [
      '請求書',
      '品名',
      '数量',
      '単価',
      '金額',
      '小計',
      '消費税',
      '合計',
      '支払期限',
      '請求先',
      '読み取ってお支払い',
    ],
    data: ['invoice.items.0.unit_price', 'company.logo_url', 'invoice.payment_url', 'invoice.due_date'],
    docType: 'invoice',
    language: 'ja',
    accent: '#1b2a4a',
    reply: /^Here is a Japanese invoice with the columns 品名, 数量, 単価 and 金額/,
    png: 'ja-invoice',
  },
  {
    prompt: '見積書を作成。品番・品名・数量・単価・金額の表、有効期限、取引条件と署名欄',
    labels: ['見積書', '品番', '品名', '数量', '単価', '金額', '有効期限', '取引条件', '署名'],
    data: ['quote.items.0.sku', 'quote.valid_until', 'quote.terms', 'quote.signatory.name'],
    docType: 'quote',
    language: 'ja',
  },
  {
    prompt: '領収書　但し書き、金額、発行日、宛名を記載、QRコード',
    labels: ['領収書', '但し書き', '金額', '発行日', '受取人'],
    data: ['receipt.description', 'receipt.amount', 'receipt.issue_date', 'recipient.name'],
    docType: 'receipt',
    language: 'ja',
  },
  {
    prompt: '納品書 A4縦 納品先、注文番号、品番・品名・数量の表、バーコード付き',
    labels: ['納品書', '配送先', '注文番号', '品番', '品名', '数量'],
    data: ['delivery.items.0.sku', 'delivery.order_number', 'customer.name'],
    docType: 'delivery_note',
    language: 'ja',
    size: 'A4',
    orientation: 'portrait',
  },
  {
    prompt: 'A4横向きの月次売上報告書、概要、地域・売上・目標・成長率の列、ページ番号付き',
    labels: ['月次売上報告書', '概要', '地域', '売上', '目標', '成長率', '1 / 1 ページ'],
    data: ['report.rows.0.sales', 'report.summary'],
    docType: 'report',
    language: 'ja',
    orientation: 'landscape',
    pageNumbers: true,
    png: 'ja-report',
  },
  {
    prompt: '議事録（日時、場所、出席者）、議題・担当者・期限の列',
    labels: ['議事録', '日時', '場所', '出席者', '議題', '担当者', '期限'],
    data: ['meeting.attendees', 'meeting.location'],
    docType: 'minutes',
    language: 'ja',
  },
  {
    prompt: '研修修了証明書を作ってください。受講者名、コース名、修了日、署名欄、金色',
    labels: ['研修修了証明書', '本証明書を次の方に授与します', '下記の課程を修了したことを証します', '修了日'],
    data: ['recipient.name', 'certificate.course', 'certificate.signatory.name'],
    docType: 'certificate',
    language: 'ja',
    orientation: 'landscape',
    accent: '#b08d1e',
    pages: 1,
    png: 'ja-certificate',
  },
  {
    prompt: '給与明細：社員番号、部署、支給日を記載。明細表（項目、金額）、備考',
    labels: ['給与明細', '社員番号', '部署', '支給日', '項目', '金額', '備考'],
    data: ['payslip.employee_id', 'payslip.department', 'payslip.pay_date'],
    docType: 'payslip',
    language: 'ja',
  },
  {
    prompt: '発注書、仕入先と配送先を含む。品番、品名、数量、単価、金額の列。合計欄、押印欄、赤で',
    labels: ['発注書', '仕入先', '配送先', '品番', '品名', '数量', '単価', '金額', '合計'],
    data: ['supplier.name', 'shipping.name', 'order.items.0.unit_price'],
    docType: 'purchase_order',
    language: 'ja',
    accent: '#c0392b',
  },
  {
    prompt: '部屋番号、宿泊数、料金の列のある請求書、チェックイン日とチェックアウト日',
    labels: ['請求書', '部屋番号', '宿泊数', '料金', 'チェックイン日', 'チェックアウト日'],
    data: ['invoice.items.0.room_number', 'invoice.items.0.stay_count', 'invoice.check_in_date'],
    docType: 'invoice',
    language: 'ja',
  },
  {
    prompt: '取引明細書：日付、摘要、出金、入金、残高の列、口座番号と期間、ページ番号',
    labels: ['取引明細書', '日付', '摘要', '出金', '入金', '残高', '口座番号', '期間'],
    data: ['statement.transactions.0.balance', 'statement.account_number', 'statement.period'],
    docType: 'statement',
    language: 'ja',
    pageNumbers: true,
  },
  {
    prompt: '勤務表、日付・作業内容・時間の列、横向き',
    labels: ['勤務表', '日付', '作業内容', '時間'],
    data: ['timesheet.entries.0.hours'],
    docType: 'timesheet',
    language: 'ja',
    orientation: 'landscape',
  },
  {
    prompt: 'ビジネスレター、件名、日付、差出人と宛先、署名、明朝体',
    labels: ['件名', '敬具', '拝啓'],
    data: ['letter.subject', 'sender.name', 'recipient.name'],
    docType: 'letter',
    language: 'ja',
    font: 'serif',
    png: 'ja-letter',
  },
  {
    prompt: 'An invoice in Japanese with columns description, quantity and amount',
    labels: ['請求書', '品目', '数量', '金額', '合計'],
    docType: 'invoice',
    language: 'ja',
    reply: /^Here is a Japanese invoice/,
  },
  {
    prompt: '見積書を英語で作成、品番と品名と数量及び単価の列、署名欄',
    labels: ['Quote', 'SKU', 'Item', 'Quantity', 'Unit price', 'Signature'],
    docType: 'quote',
    language: 'en',
  },
];
