import { kindById } from './kinds/catalogue';
import { KIND_CONCEPTS } from './kinds/concepts';
import type { DocumentSpec, FieldSpec, Lang, ValueType } from './spec';
import { humanize } from './text';
import { CONCEPTS, conceptOf } from './vocabulary';

/**
 * Sample data for a spec: every value the template prints, plausible for the kind of document and in its
 * language, so that the preview reads like a real document. `fillSample` adds only what is missing, so data a
 * user gave (or edited) is kept when a refinement needs new values.
 */

type PerLang<T> = Partial<Record<Lang, T>> & { en: T };
const pick = <T>(table: PerLang<T>, lang: Lang): T => table[lang] ?? table.en;

const COMPANIES: PerLang<[string, string[], string, string]> = {
  en: [
    'Brightline Studio LLC',
    ['1100 Congress Avenue, Suite 400', 'Austin, TX 78701'],
    'hello@brightline.studio',
    '+1 512 555 0142',
  ],
  fr: ['Atelier Lumière SARL', ['18 rue des Lilas', '69003 Lyon'], 'contact@atelier-lumiere.fr', '+33 4 72 00 11 22'],
  de: ['Nordlicht Design GmbH', ['Lindenstraße 42', '10969 Berlin'], 'info@nordlicht-design.de', '+49 30 1234 5678'],
  es: ['Estudio Brisa S.L.', ['Calle de Alcalá 120', '28009 Madrid'], 'hola@estudiobrisa.es', '+34 910 123 456'],
  pt: ['Estúdio Atlântico Lda.', ['Rua Augusta 85', '1100-048 Lisboa'], 'ola@estudioatlantico.pt', '+351 210 123 456'],
  it: ['Studio Aurora S.r.l.', ['Via Garibaldi 27', '20121 Milano'], 'info@studioaurora.it', '+39 02 1234 5678'],
  nl: [
    'Studio Noorderlicht B.V.',
    ['Prinsengracht 263', '1016 GV Amsterdam'],
    'info@noorderlicht.nl',
    '+31 20 123 4567',
  ],
  ja: [
    '株式会社ひかりデザイン',
    ['〒150-0002', '東京都渋谷区渋谷2-21-1 ひかりビル4階'],
    'info@hikari-design.co.jp',
    '03-1234-5678',
  ],
};

const CUSTOMERS: PerLang<[string, string[], string]> = {
  en: ['Cascade Outdoor Co.', ['2250 NW Front Avenue', 'Portland, OR 97209'], 'ap@cascadeoutdoor.com'],
  fr: ['Maison Durand', ['5 avenue Foch', '75116 Paris'], 'compta@maison-durand.fr'],
  de: ['Bergmann & Söhne KG', ['Hafenweg 7', '20457 Hamburg'], 'buchhaltung@bergmann-soehne.de'],
  es: ['Distribuciones Sol S.A.', ['Avenida Diagonal 640', '08017 Barcelona'], 'facturas@distsol.es'],
  pt: ['Vinhos do Douro S.A.', ['Rua das Flores 12', '4050-262 Porto'], 'contas@vinhosdodouro.pt'],
  it: ['Bottega Verdi S.p.A.', ['Corso Vittorio Emanuele 15', '10123 Torino'], 'amministrazione@bottegaverdi.it'],
  nl: ['De Vries Handel B.V.', ['Coolsingel 40', '3011 AD Rotterdam'], 'administratie@devrieshandel.nl'],
  ja: ['株式会社さくら商事', ['〒530-0001', '大阪府大阪市北区梅田1-2-3'], 'keiri@sakura-shoji.co.jp'],
};

const PEOPLE: PerLang<string[]> = {
  en: ['Amara Nwosu', 'Daniel Kim', 'Priya Patel', 'Tom Becker'],
  fr: ['Camille Martin', 'Lucas Bernard', 'Chloé Petit', 'Hugo Moreau'],
  de: ['Jonas Weber', 'Lea Schneider', 'Felix Wagner', 'Mia Hoffmann'],
  es: ['Lucía García', 'Mateo López', 'Sofía Martín', 'Pablo Ruiz'],
  pt: ['Inês Costa', 'Tiago Silva', 'Beatriz Santos', 'Rui Ferreira'],
  it: ['Giulia Rossi', 'Marco Bianchi', 'Sara Romano', 'Luca Ferrari'],
  nl: ['Sanne de Jong', 'Daan Jansen', 'Emma Visser', 'Lars Bakker'],
  ja: ['山田 花子', '佐藤 健', '鈴木 美咲', '高橋 翔'],
};

const SERVICES: PerLang<string[]> = {
  en: ['Website redesign', 'Hosting and maintenance (12 months)', 'SEO audit', 'Content writing'],
  fr: ['Refonte du site web', 'Hébergement et maintenance (12 mois)', 'Audit SEO', 'Rédaction de contenus'],
  de: ['Website-Relaunch', 'Hosting und Wartung (12 Monate)', 'SEO-Analyse', 'Texterstellung'],
  es: ['Rediseño del sitio web', 'Alojamiento y mantenimiento (12 meses)', 'Auditoría SEO', 'Redacción de contenidos'],
  pt: ['Redesenho do site', 'Alojamento e manutenção (12 meses)', 'Auditoria SEO', 'Redação de conteúdos'],
  it: ['Restyling del sito web', 'Hosting e manutenzione (12 mesi)', 'Audit SEO', 'Redazione contenuti'],
  nl: ['Herontwerp website', 'Hosting en onderhoud (12 maanden)', 'SEO-audit', 'Contentcreatie'],
  ja: ['ウェブサイトリニューアル', 'サーバー保守（12か月）', 'SEO診断', 'コンテンツ制作'],
};

const PRODUCTS: PerLang<string[]> = {
  en: ['Trail running shoes', 'Merino base layer', 'Insulated water bottle', 'Headlamp 300 lm'],
  fr: ['Chaussures de trail', 'Sous-couche en mérinos', 'Gourde isotherme', 'Lampe frontale 300 lm'],
  de: ['Trailrunning-Schuhe', 'Merino-Funktionsshirt', 'Isolierflasche', 'Stirnlampe 300 lm'],
  es: ['Zapatillas de trail', 'Camiseta térmica de merino', 'Botella isotérmica', 'Linterna frontal 300 lm'],
  pt: ['Sapatilhas de trail', 'Camisola térmica de merino', 'Garrafa térmica', 'Lanterna frontal 300 lm'],
  it: ['Scarpe da trail', 'Maglia termica in merino', 'Borraccia termica', 'Lampada frontale 300 lm'],
  nl: ['Trailschoenen', 'Merino onderlaag', 'Thermosfles', 'Hoofdlamp 300 lm'],
  ja: ['トレイルランニングシューズ', 'メリノウール肌着', '保温ボトル', 'ヘッドランプ 300 lm'],
};

const REGIONS: PerLang<string[]> = {
  en: ['North', 'South', 'East', 'West'],
  fr: ['Nord', 'Sud', 'Est', 'Ouest'],
  de: ['Nord', 'Süd', 'Ost', 'West'],
  es: ['Norte', 'Sur', 'Este', 'Oeste'],
  pt: ['Norte', 'Sul', 'Este', 'Oeste'],
  it: ['Nord', 'Sud', 'Est', 'Ovest'],
  nl: ['Noord', 'Zuid', 'Oost', 'West'],
  ja: ['北海道・東北', '関東', '関西', '九州'],
};

const TASKS: PerLang<string[]> = {
  en: ['Design review', 'Client workshop', 'Implementation', 'Testing and QA'],
  fr: ['Revue de conception', 'Atelier client', 'Développement', 'Tests et recette'],
  de: ['Design-Review', 'Kundenworkshop', 'Umsetzung', 'Tests und QS'],
  es: ['Revisión de diseño', 'Taller con el cliente', 'Implementación', 'Pruebas'],
  ja: ['デザインレビュー', '顧客ワークショップ', '実装', 'テスト・品質確認'],
};

const CATEGORIES: PerLang<string[]> = {
  en: ['Travel', 'Software', 'Marketing', 'Office'],
  fr: ['Déplacements', 'Logiciels', 'Marketing', 'Bureau'],
  de: ['Reisen', 'Software', 'Marketing', 'Büro'],
  es: ['Viajes', 'Software', 'Marketing', 'Oficina'],
  ja: ['旅費交通費', 'ソフトウェア', '広告宣伝費', '事務用品'],
};

const TRANSACTIONS: PerLang<string[]> = {
  en: [
    'Card payment: office supplies',
    'Transfer from Cascade Outdoor Co.',
    'Direct debit: rent',
    'Monthly account fee',
  ],
  fr: ['Paiement carte : fournitures', 'Virement de Maison Durand', 'Prélèvement : loyer', 'Frais de tenue de compte'],
  de: ['Kartenzahlung: Büromaterial', 'Überweisung von Bergmann & Söhne', 'Lastschrift: Miete', 'Kontoführungsgebühr'],
  es: [
    'Pago con tarjeta: material de oficina',
    'Transferencia de Distribuciones Sol',
    'Recibo: alquiler',
    'Comisión de mantenimiento',
  ],
  ja: ['カード払い：事務用品', 'さくら商事より振込', '口座振替：家賃', '口座維持手数料'],
};

const PAY_LINES: PerLang<string[]> = {
  en: ['Base salary', 'Overtime', 'Performance bonus', 'Meal allowance'],
  fr: ['Salaire de base', 'Heures supplémentaires', 'Prime de performance', 'Indemnité repas'],
  de: ['Grundgehalt', 'Überstunden', 'Leistungsprämie', 'Essenszuschuss'],
  es: ['Salario base', 'Horas extra', 'Bonus por objetivos', 'Dietas'],
  ja: ['基本給', '時間外手当', '業績賞与', '食事手当'],
};

const TEXTS: Record<string, PerLang<string>> = {
  report_notes: {
    en: 'Figures are unaudited and may be revised. Questions about this report go to the finance team.',
    fr: 'Chiffres non audités, susceptibles d’être révisés. Pour toute question, contactez l’équipe financière.',
    de: 'Die Zahlen sind ungeprüft und können sich noch ändern. Fragen beantwortet das Finanzteam.',
    es: 'Cifras no auditadas, sujetas a revisión. Dirija sus preguntas al equipo financiero.',
    pt: 'Valores não auditados, sujeitos a revisão.',
    it: 'Dati non revisionati, soggetti a modifiche.',
    nl: 'Cijfers zijn niet gecontroleerd en kunnen nog wijzigen.',
    ja: '数値は監査前のもので、今後修正される場合があります。本報告書に関するお問い合わせは経理部までお願いいたします。',
  },
  certificate_notes: {
    en: 'This certificate can be verified online with its ID.',
    fr: 'Ce certificat peut être vérifié en ligne grâce à son numéro.',
    de: 'Dieses Zertifikat kann online anhand seiner Nummer geprüft werden.',
    es: 'Este certificado puede verificarse en línea con su número.',
    pt: 'Este certificado pode ser verificado online com o seu número.',
    it: 'Questo certificato può essere verificato online con il suo numero.',
    nl: 'Dit certificaat kan online worden gecontroleerd met het nummer.',
    ja: '本証明書は証明書番号によりオンラインで真正性を確認できます。',
  },
  shipping_notes: {
    en: 'Please check the goods on delivery and report any damage within 48 hours.',
    fr: 'Merci de vérifier la marchandise à la livraison et de signaler tout dommage sous 48 heures.',
    de: 'Bitte prüfen Sie die Ware bei Lieferung und melden Sie Schäden innerhalb von 48 Stunden.',
    es: 'Revise la mercancía a la entrega y comunique cualquier daño en 48 horas.',
    pt: 'Verifique a mercadoria na entrega e comunique danos em 48 horas.',
    it: 'Controllare la merce alla consegna e segnalare eventuali danni entro 48 ore.',
    nl: 'Controleer de goederen bij levering en meld schade binnen 48 uur.',
    ja: '商品到着時に内容をご確認のうえ、破損等がございましたら48時間以内にご連絡ください。',
  },
  people_notes: {
    en: 'Please review and contact HR within 14 days if anything is incorrect.',
    fr: 'Merci de vérifier et de contacter les RH sous 14 jours en cas d’erreur.',
    de: 'Bitte prüfen Sie die Angaben und melden Sie Fehler innerhalb von 14 Tagen der Personalabteilung.',
    es: 'Revise los datos y contacte con RR. HH. en 14 días si hay algún error.',
    pt: 'Verifique os dados e contacte os RH em 14 dias se houver algum erro.',
    it: 'Verificare i dati e contattare le risorse umane entro 14 giorni in caso di errori.',
    nl: 'Controleer de gegevens en neem binnen 14 dagen contact op met HR bij fouten.',
    ja: '内容をご確認いただき、誤りがございましたら14日以内に人事部までご連絡ください。',
  },
  notes: {
    en: 'Thank you for your business. Please include the document number with your payment.',
    fr: 'Merci de votre confiance. Merci de rappeler le numéro du document lors du paiement.',
    de: 'Vielen Dank für Ihren Auftrag. Bitte geben Sie bei der Zahlung die Belegnummer an.',
    es: 'Gracias por su confianza. Indique el número del documento al realizar el pago.',
    pt: 'Obrigado pela sua preferência. Indique o número do documento no pagamento.',
    it: 'Grazie per la fiducia. Indicare il numero del documento nel pagamento.',
    nl: 'Bedankt voor uw opdracht. Vermeld bij betaling het documentnummer.',
    ja: 'このたびはお取引いただき誠にありがとうございます。お振込の際は文書番号をご記入ください。',
  },
  terms: {
    en: 'Payment is due within 30 days. Prices are valid for 30 days from the date of issue. Work starts on written acceptance.',
    fr: "Paiement à 30 jours. Prix valables 30 jours à compter de la date d'émission. Les travaux débutent à l'acceptation écrite.",
    de: 'Zahlbar innerhalb von 30 Tagen. Die Preise gelten 30 Tage ab Ausstellungsdatum. Arbeitsbeginn nach schriftlicher Zusage.',
    es: 'Pago a 30 días. Precios válidos durante 30 días desde la fecha de emisión. El trabajo comienza tras la aceptación por escrito.',
    pt: 'Pagamento a 30 dias. Preços válidos por 30 dias a partir da data de emissão.',
    it: 'Pagamento a 30 giorni. Prezzi validi 30 giorni dalla data di emissione.',
    nl: 'Betaling binnen 30 dagen. Prijzen zijn 30 dagen geldig vanaf de uitgiftedatum.',
    ja: 'お支払いは発行日から30日以内にお願いいたします。見積価格の有効期間は発行日から30日間です。作業は書面でのご承諾後に開始いたします。',
  },
  // A general document knows nothing of its subject: its sample text says what the block is for, not invented figures.
  document_summary: {
    en: 'The opening text of the document: what it is about and what the reader should do with it.',
    fr: 'Le texte d’introduction du document : son objet et ce que le lecteur doit en faire.',
    de: 'Der einleitende Text des Dokuments: worum es geht und was der Leser damit tun soll.',
    es: 'El texto de introducción del documento: de qué trata y qué debe hacer el lector con él.',
    pt: 'O texto de abertura do documento: do que trata e o que o leitor deve fazer com ele.',
    it: 'Il testo introduttivo del documento: di cosa tratta e cosa deve farne il lettore.',
    nl: 'De inleidende tekst van het document: waar het over gaat en wat de lezer ermee moet doen.',
  },
  summary: {
    en: 'Revenue grew 8% on the previous period, led by the North and East regions. Costs stayed within budget; two regions are below target and have action plans.',
    fr: 'Le chiffre d’affaires progresse de 8 % sur la période, porté par les régions Nord et Est. Les coûts restent dans le budget.',
    de: 'Der Umsatz stieg gegenüber der Vorperiode um 8 %, getragen von den Regionen Nord und Ost. Die Kosten blieben im Budget.',
    es: 'Los ingresos crecieron un 8 % respecto al periodo anterior, impulsados por las regiones Norte y Este. Los costes se mantuvieron dentro del presupuesto.',
    pt: 'As receitas cresceram 8 % face ao período anterior, impulsionadas pelas regiões Norte e Este.',
    it: 'I ricavi sono cresciuti dell’8 % rispetto al periodo precedente, trainati dalle regioni Nord ed Est.',
    nl: 'De omzet groeide 8 % ten opzichte van de vorige periode, gedreven door de regio’s Noord en Oost.',
    ja: '売上高は前期比8%増となり、北海道・東北および関西地域が成長を牽引しました。費用は予算内に収まり、目標未達の2地域では改善計画を実施中です。',
  },
  body: {
    en: 'Thank you for meeting with us last week. As discussed, we are pleased to confirm the next phase of the project, starting on 1 April.\n\nThe attached schedule sets out the milestones and the team who will work with you. Please let me know if you have any questions.',
    fr: 'Nous vous remercions pour notre rencontre de la semaine dernière. Comme convenu, nous avons le plaisir de confirmer la prochaine phase du projet, à partir du 1er avril.\n\nLe calendrier joint précise les étapes et l’équipe qui vous accompagnera.',
    de: 'vielen Dank für das Gespräch in der vergangenen Woche. Wie besprochen bestätigen wir gern die nächste Projektphase ab dem 1. April.\n\nDer beigefügte Zeitplan nennt die Meilensteine und das Team, das Sie begleitet.',
    es: 'Gracias por la reunión de la semana pasada. Como acordamos, nos complace confirmar la siguiente fase del proyecto, a partir del 1 de abril.\n\nEl calendario adjunto detalla los hitos y el equipo que trabajará con ustedes.',
    pt: 'Obrigado pela reunião da semana passada. Como combinado, confirmamos a próxima fase do projeto, a partir de 1 de abril.',
    it: 'Grazie per l’incontro della scorsa settimana. Come concordato, confermiamo la prossima fase del progetto a partire dal 1° aprile.',
    nl: 'Hartelijk dank voor het gesprek van vorige week. Zoals besproken bevestigen wij graag de volgende projectfase vanaf 1 april.',
    ja: '先週はお打ち合わせのお時間をいただき、誠にありがとうございました。お打ち合わせのとおり、4月1日よりプロジェクトの次フェーズを開始いたしますことをご連絡申し上げます。\n\n添付の工程表に、各マイルストーンと担当チームを記載しております。ご不明な点がございましたら、お気軽にお問い合わせください。',
  },
  salutation: {
    en: 'Dear Ms Fernandez,',
    fr: 'Madame,',
    de: 'Sehr geehrte Frau Fernandez,',
    es: 'Estimada Sra. Fernández:',
    pt: 'Exma. Sra. Fernandes,',
    it: 'Gentile Sig.ra Fernandez,',
    nl: 'Geachte mevrouw Fernandez,',
    ja: '拝啓　時下ますますご清栄のこととお慶び申し上げます。',
  },
  payment_instructions: {
    en: 'Pay by bank transfer within 30 days, quoting the document number.',
    fr: 'Règlement par virement sous 30 jours, en indiquant le numéro du document.',
    de: 'Bitte überweisen Sie den Betrag innerhalb von 30 Tagen unter Angabe der Belegnummer.',
    es: 'Pague por transferencia en un plazo de 30 días indicando el número del documento.',
    pt: 'Pague por transferência bancária em 30 dias, indicando o número do documento.',
    it: 'Pagamento tramite bonifico entro 30 giorni, indicando il numero del documento.',
    nl: 'Betaal binnen 30 dagen per overschrijving onder vermelding van het documentnummer.',
    ja: '発行日から30日以内に、文書番号をご記入のうえ下記口座へお振込みください。',
  },
};

const TAX_RATES: Record<Lang, number> = {
  en: 0.08,
  fr: 0.2,
  de: 0.19,
  es: 0.21,
  pt: 0.23,
  it: 0.22,
  nl: 0.21,
  ja: 0.1,
};

const NUMBERS: Record<string, string> = {
  invoice: 'INV-2026-0142',
  quote: 'Q-2026-0087',
  receipt: 'R-104522',
  credit_note: 'CN-2026-0019',
  order: 'SO-10482',
  shipment: 'SH-55120',
  delivery: 'DN-2026-0311',
  statement: 'ST-2026-03',
  payslip: 'PS-2026-03-117',
  timesheet: 'TS-2026-11',
  report: 'RPT-2026-Q1',
  meeting: 'MIN-2026-014',
  certificate: 'CERT-2026-0417',
  letter: 'REF-2026-118',
  document: 'DOC-2026-001',
};

interface Ctx {
  spec: DocumentSpec;
  lang: Lang;
}

/** Values the other languages print in English, which would stand out on a Japanese page. */
const JAPANESE_VALUES: Record<string, string[]> = {
  project: ['ウェブサイト刷新', 'モバイルアプリ開発', 'データ基盤構築'],
  carrier: ['ゆうパック'],
  bank: ['ひかり銀行 渋谷支店'],
  department: ['開発部', '経理部', '営業部'],
  job_title: ['シニアデザイナー', '営業担当', 'エンジニア'],
  grade: ['優'],
  status: ['順調', '要注意', '完了'],
  month: ['1月', '2月', '3月', '4月'],
  day: ['月曜日', '火曜日', '水曜日', '木曜日'],
  unit: ['時間', '個', '日', '個'],
};

/** Yen have no cents and buy about a hundredth of a dollar: amounts are scaled so a ¥450 website is not printed. */
const MONEY_SCALE: Record<string, number> = { JPY: 100 };

/** A value for one field, from its concept, its name and its type. */
function fieldValue(field: FieldSpec, ctx: Ctx, i = 0): unknown {
  const key = field.concept ?? conceptOf(field.path.split('.').pop() as string);
  const japanese = ctx.lang === 'ja' && key ? JAPANESE_VALUES[key] : undefined;
  if (japanese) return japanese[i % japanese.length];
  const value = plainValue(field, ctx, i);
  const scale = MONEY_SCALE[ctx.spec.currency];
  return scale && field.type === 'money' && typeof value === 'number' ? Math.round(value * scale) : value;
}

function plainValue(field: FieldSpec, ctx: Ctx, i: number): unknown {
  const name = field.path.split('.').pop() as string;
  const key = field.concept ?? conceptOf(name) ?? name;
  const { lang, spec } = ctx;
  const own = KIND_CONCEPTS[key]?.sample;
  if (own !== undefined) return Array.isArray(own) ? structuredClone(own[i % own.length]) : structuredClone(own);
  const people = pick(PEOPLE, lang);
  switch (key) {
    case 'number':
    case 'invoice_number':
    case 'quote_number':
    case 'receipt_number':
      return NUMBERS[spec.root] ?? 'DOC-2026-001';
    case 'order_number':
      return 'SO-10482';
    case 'po_number':
      return 'PO-2026-0311';
    case 'certificate_id':
      return 'CERT-2026-0417';
    case 'reference':
      return 'REF-2026-118';
    case 'tracking_number':
      return '1Z999AA10123456784';
    case 'account_number':
      return '0042 7781 5530';
    case 'employee_id':
      return 'E-10293';
    case 'issue_date':
    case 'order_date':
      return '2026-03-02';
    case 'date':
      return `2026-03-${String(2 + i * 3).padStart(2, '0')}`;
    case 'salutation':
      return pick(TEXTS.salutation as PerLang<string>, lang);
    case 'due_date':
      return '2026-04-01';
    case 'valid_until':
      return '2026-04-01';
    case 'delivery_date':
    case 'ship_date':
      return '2026-03-05';
    case 'pay_date':
      return '2026-03-31';
    case 'completion_date':
      return '2026-03-13';
    case 'period_start':
      return '2026-03-01';
    case 'period_end':
      return '2026-03-31';
    case 'period':
      return {
        en: 'March 2026',
        fr: 'Mars 2026',
        de: 'März 2026',
        es: 'Marzo 2026',
        pt: 'Março 2026',
        it: 'Marzo 2026',
        nl: 'Maart 2026',
        ja: '2026年3月',
      }[lang];
    case 'prepared_by':
    case 'chair':
    case 'owner':
      return people[i % people.length];
    case 'recipient':
      return people[0];
    case 'name':
      return people[i % people.length];
    case 'attendees':
      return people.join(lang === 'ja' ? '、' : ', ');
    case 'location':
      return pick(COMPANIES, lang)[1][1];
    case 'project':
      return ['Website relaunch', 'Mobile app', 'Data platform'][i % 3];
    case 'payment_method':
      return (
        {
          en: 'Visa •••• 4821',
          fr: 'Carte Visa •••• 4821',
          de: 'Visa •••• 4821',
          es: 'Tarjeta Visa •••• 4821',
          ja: 'クレジットカード（Visa •••• 4821）',
        }[lang as 'en'] ?? 'Visa •••• 4821'
      );
    case 'payment_terms':
      return {
        en: 'Net 30',
        fr: '30 jours net',
        de: '30 Tage netto',
        es: '30 días',
        pt: '30 dias',
        it: '30 giorni',
        nl: '30 dagen',
        ja: '月末締め翌月末払い',
      }[lang];
    case 'carrier':
      return 'UPS Ground';
    case 'email':
      return 'billing@example.com';
    case 'phone':
      return '+1 512 555 0142';
    case 'website':
      return 'https://example.com';
    case 'vat_number':
      return {
        en: 'US 84-3921057',
        fr: 'FR 40 123456789',
        de: 'DE 123456789',
        es: 'ESB12345678',
        pt: 'PT 501234567',
        it: 'IT 01234567890',
        nl: 'NL 8123.45.678.B01',
        ja: 'T1234567890123',
      }[lang];
    case 'iban':
      return 'DE89 3704 0044 0532 0130 00';
    case 'bic':
      return 'COBADEFFXXX';
    case 'bank':
      return 'First Capital Bank';
    case 'department':
      return ['Engineering', 'Finance', 'Sales'][i % 3];
    case 'job_title':
      return ['Senior Designer', 'Account Manager', 'Engineer'][i % 3];
    case 'gross_pay':
      return 5240;
    case 'deductions':
      return 1310;
    case 'net_pay':
      return 3930;
    case 'opening_balance':
      return 2500;
    case 'closing_balance':
      return 4318.5;
    case 'course':
      return (
        {
          en: 'Advanced Data Analysis with Python',
          fr: 'Analyse de données avancée avec Python',
          de: 'Fortgeschrittene Datenanalyse mit Python',
          es: 'Análisis de datos avanzado con Python',
          ja: 'Pythonによる実践データ分析',
        }[lang as 'en'] ?? 'Advanced Data Analysis with Python'
      );
    case 'grade':
      return 'Distinction';
    case 'subject':
      return (
        {
          en: 'Next phase of the project',
          fr: 'Prochaine phase du projet',
          de: 'Nächste Projektphase',
          es: 'Siguiente fase del proyecto',
          ja: 'プロジェクト次フェーズ開始のご案内',
        }[lang as 'en'] ?? 'Next phase of the project'
      );
    case 'status':
      return ['On track', 'At risk', 'Done'][i % 3];
    case 'currency':
      return spec.currency;
    case 'description':
    case 'item':
    case 'service':
      return rowText(spec, lang, i);
    case 'product':
      return pick(PRODUCTS, lang)[i % 4];
    case 'sku':
      return `SKU-${1040 + i * 7}`;
    case 'quantity':
    case 'ordered':
    case 'shipped':
      return [2, 5, 1, 3][i % 4];
    case 'unit':
      return ['hrs', 'pcs', 'days', 'pcs'][i % 4];
    case 'unit_price':
    case 'price':
      return [450, 89, 1200, 65][i % 4];
    case 'rate':
      return [95, 85, 110, 75][i % 4];
    case 'day_rate':
      return [650, 720, 580, 600][i % 4];
    case 'days':
      return [5, 3, 2, 4][i % 4];
    case 'hours':
      return [7.5, 6, 8, 4.5][i % 4];
    case 'amount':
    case 'total':
      return [1250, 349.5, 980, 420][i % 4];
    case 'tax':
      return [100, 27.96, 78.4, 33.6][i % 4];
    case 'tax_rate':
      return TAX_RATES[lang];
    case 'discount':
      return [0, 25, 0, 10][i % 4];
    case 'weight':
      return [1.2, 0.4, 2.5, 0.8][i % 4];
    case 'category':
      return pick(CATEGORIES, lang)[i % 4];
    case 'region':
      return pick(REGIONS, lang)[i % 4];
    case 'sales':
    case 'revenue':
      return [48200, 39150, 52900, 31800][i % 4];
    case 'cost':
      return [31200, 27400, 33100, 24900][i % 4];
    case 'profit':
      return [17000, 11750, 19800, 6900][i % 4];
    case 'target':
      return [45000, 42000, 50000, 35000][i % 4];
    case 'growth':
      return [0.08, -0.03, 0.12, 0.05][i % 4];
    case 'orders':
      return [312, 198, 405, 227][i % 4];
    case 'stock':
      return [120, 8, 54, 33][i % 4];
    case 'month':
      return ['January', 'February', 'March', 'April'][i % 4];
    case 'day':
      return ['Monday', 'Tuesday', 'Wednesday', 'Thursday'][i % 4];
    case 'task':
      return pick(TASKS, lang)[i % 4];
    case 'debit':
      return [86.4, 0, 1450, 12][i % 4];
    case 'credit':
      return [0, 3354.9, 0, 0][i % 4];
    case 'balance':
      return [2413.6, 5768.5, 4318.5, 4306.5][i % 4];
    default:
      return byName(name, field.type, lang, i) ?? byType(field.type, name, i);
  }
}

/** A value from the words of a name nobody has a concept for ("guest name", "room number", "check-out date"). */
function byName(name: string, type: ValueType, lang: Lang, i: number): unknown {
  const n = name.toLowerCase();
  if (type === 'date')
    return /out|end|until|due|expir|to$|return/.test(n) ? `2026-03-${String(5 + i * 3).padStart(2, '0')}` : undefined;
  if (type === 'money' || type === 'number' || type === 'percent') {
    if (/nights?|days?/.test(n)) return [3, 2, 5, 1][i % 4];
    return undefined;
  }
  if (/(guest|person|contact|manager|author|owner|name|driver|patient|student|teacher|speaker)/.test(n))
    return pick(PEOPLE, lang)[i % 4];
  if (/room|table|seat|desk|gate|unit/.test(n)) return ['214', '108', '305', '412'][i % 4];
  if (/city|location|place|venue/.test(n)) return pick(COMPANIES, lang)[1][1];
  if (/(number|no|id|code|ref)$/.test(n))
    return `${
      n
        .replace(/_?(number|no|id|code|ref)$/, '')
        .slice(0, 3)
        .toUpperCase() || 'REF'
    }-${1040 + i * 7}`;
  if (/(email|mail)/.test(n)) return 'ada@example.com';
  if (/(phone|tel|mobile)/.test(n)) return '+1 512 555 0142';
  if (/(url|link|website)/.test(n)) return 'https://example.com';
  return undefined;
}

function rowText(spec: DocumentSpec, lang: Lang, i: number): string {
  switch (spec.docType) {
    case 'packing_slip':
    case 'delivery_note':
    case 'purchase_order':
    case 'receipt':
    case 'order_confirmation':
      return pick(PRODUCTS, lang)[i % 4] as string;
    case 'statement':
      return pick(TRANSACTIONS, lang)[i % 4] as string;
    case 'payslip':
      return pick(PAY_LINES, lang)[i % 4] as string;
    case 'timesheet':
    case 'minutes':
      return pick(TASKS, lang)[i % 4] as string;
    case 'report':
      return pick(CATEGORIES, lang)[i % 4] as string;
    default:
      return pick(SERVICES, lang)[i % 4] as string;
  }
}

function byType(type: ValueType, name: string, i: number): unknown {
  switch (type) {
    case 'date':
      return `2026-03-${String(2 + i * 3).padStart(2, '0')}`;
    case 'money':
      return [120, 349.5, 75.25, 980][i % 4];
    case 'number':
      return [3, 12, 7, 5][i % 4];
    case 'percent':
      return [0.15, 0.08, 0.22, 0.05][i % 4];
    case 'email':
      return ['ada@example.com', 'grace@example.org', 'alan@example.net'][i % 3];
    case 'url':
      return 'https://example.com';
    case 'boolean':
      return i % 2 === 0;
    case 'longtext':
      return `${humanize(name)}: sample text.`;
    default:
      return `${humanize(name)} ${i + 1}`;
  }
}

/** A small logo in the accent colour, as a data URL, so the preview shows where a logo goes without any file. */
export function sampleLogo(accent: string, name: string): string {
  const initials = name
    .split(/\s+/)
    .filter((w) => /^[A-Za-z\u00c0-\u024f]/.test(w))
    .slice(0, 2)
    .map((w) => w.charAt(0).toUpperCase())
    .join('');
  // A name in another script ("株式会社ひかりデザイン") gets a ring: images are drawn without the CJK fonts.
  const mark = initials
    ? `<text x="60" y="76" text-anchor="middle" font-family="Helvetica" font-size="46" font-weight="bold" fill="#ffffff">${initials}</text>`
    : '<circle cx="60" cy="60" r="30" fill="none" stroke="#ffffff" stroke-width="12"/>';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 120 120"><rect width="120" height="120" rx="18" fill="${accent}"/>${mark}</svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

function has(data: Record<string, unknown>, path: string): boolean {
  let node: unknown = data;
  for (const key of path.split('.')) {
    if (!node || typeof node !== 'object' || !(key in (node as object))) return false;
    node = (node as Record<string, unknown>)[key];
  }
  return true;
}

export function getPath(data: Record<string, unknown>, path: string): unknown {
  let node: unknown = data;
  for (const key of path.split('.')) {
    if (!node || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

export function setPath(data: Record<string, unknown>, path: string, value: unknown): void {
  const keys = path.split('.');
  let node = data;
  for (const key of keys.slice(0, -1)) {
    const next = node[key];
    if (!next || typeof next !== 'object' || Array.isArray(next)) node[key] = {};
    node = node[key] as Record<string, unknown>;
  }
  node[keys[keys.length - 1] as string] = value;
}

function put(data: Record<string, unknown>, path: string, value: () => unknown): void {
  if (!has(data, path)) setPath(data, path, value());
}

/** Adds to `data` (a copy) every value the spec prints that it does not have yet. */
export function fillSample(spec: DocumentSpec, given: Record<string, unknown> = {}): Record<string, unknown> {
  const data = structuredClone(given);
  const ctx: Ctx = { spec, lang: spec.language };
  seedKind(spec, data);
  for (const field of spec.fields) put(data, field.path, () => fieldValue(field, ctx));
  spec.parties.forEach((party, index) => {
    const isBrand = index === 0 && ['from', 'company', 'employer', 'sender', 'ship_from', 'buyer'].includes(party.role);
    const [name, lines, email] = isBrand
      ? pick(COMPANIES, spec.language)
      : ['employee', 'recipient', 'to'].includes(party.role)
        ? [
            pick(PEOPLE, spec.language)[0] as string,
            pick(CUSTOMERS, spec.language)[1],
            pick(CUSTOMERS, spec.language)[2],
          ]
        : pick(CUSTOMERS, spec.language);
    for (const line of party.lines) {
      const last = line.path.split('.').pop() as string;
      if (line.kind === 'name') put(data, line.path, () => name);
      else if (line.kind === 'lines') put(data, line.path, () => [...lines]);
      else if (/email/.test(last)) put(data, line.path, () => email);
      else put(data, line.path, () => fieldValue({ path: line.path, type: 'text' }, ctx, index));
    }
  });
  if (spec.logo) {
    const brandName = spec.parties[0]?.lines.find((l) => l.kind === 'name')?.path;
    const name = brandName ? String(getPath(data, brandName) ?? 'Q') : 'Q';
    put(data, spec.logo, () => sampleLogo(spec.style.accent, name));
  }
  if (spec.table) fillRows(spec, data, ctx);
  for (const section of spec.sections) {
    for (const field of section.fields ?? []) put(data, field.path, () => fieldValue(field, ctx));
    if (!section.path) continue;
    const path = section.path;
    const last = path.split('.').pop() as string;
    switch (section.kind) {
      case 'notes':
      case 'terms':
      case 'summary':
      case 'body':
      case 'payment':
        put(data, path, () =>
          pick(TEXTS[textKey(section.kind, spec)] ?? (TEXTS.notes as PerLang<string>), spec.language),
        );
        break;
      case 'signature':
        put(data, path, () => ({
          name: pick(PEOPLE, spec.language)[1],
          title: {
            en: 'Managing Director',
            fr: 'Directrice générale',
            de: 'Geschäftsführer',
            es: 'Director general',
            pt: 'Diretor-geral',
            it: 'Amministratore delegato',
            nl: 'Directeur',
            ja: '代表取締役',
          }[spec.language],
        }));
        break;
      case 'qr':
      case 'barcode': {
        // A value a kind knows (a ticket's URL, a member number) is its own sample; fields the document prints
        // already have theirs.
        const concept = conceptOf(last) ?? last;
        const own = KIND_CONCEPTS[concept]?.sample ?? (spec.fields.some((f) => f.path === path) ? undefined : null);
        if (own !== undefined && own !== null && !Array.isArray(own)) put(data, path, () => own);
        else if (own === undefined) put(data, path, () => fieldValue({ path, concept, type: 'text' }, ctx));
        else if (section.kind === 'qr')
          put(data, path, () => `https://example.com/${spec.root}/${NUMBERS[spec.root] ?? 'view'}`);
        else
          put(data, path, () =>
            /tracking/.test(last) ? '1Z999AA10123456784' : (NUMBERS[spec.root] ?? 'DOC-2026-001'),
          );
        break;
      }
      default:
        break;
    }
  }
  for (const section of spec.sections) {
    if (section.kind === 'body')
      put(data, `${spec.root}.salutation`, () => pick(TEXTS.salutation as PerLang<string>, spec.language));
  }
  if (spec.table?.taxRate) put(data, spec.table.taxRate, () => TAX_RATES[spec.language]);
  return data;
}

/** Which sample text a section gets: notes read differently on a report, a packing slip and a payslip. */
function textKey(kind: string, spec: DocumentSpec): string {
  if (kind === 'payment') return 'payment_instructions';
  if (kind === 'summary' && spec.docType === 'document' && !spec.kind) return 'document_summary';
  if (kind !== 'notes') return kind;
  if (['report', 'minutes', 'statement', 'document'].includes(spec.docType)) return 'report_notes';
  if (['packing_slip', 'delivery_note', 'purchase_order', 'order_confirmation'].includes(spec.docType))
    return 'shipping_notes';
  if (['payslip', 'timesheet'].includes(spec.docType)) return 'people_notes';
  if (spec.docType === 'certificate') return 'certificate_notes';
  return 'notes';
}

function fillRows(spec: DocumentSpec, data: Record<string, unknown>, ctx: Ctx): void {
  const table = spec.table;
  if (!table) return;
  const existing = getPath(data, table.path);
  const rows: Record<string, unknown>[] = Array.isArray(existing)
    ? (existing as Record<string, unknown>[])
    : Array.from({ length: 4 }, () => ({}));
  if (!Array.isArray(existing)) setPath(data, table.path, rows);
  const cols = table.columns;
  const qty = cols.find((c) => ['quantity', 'hours', 'days', 'ordered'].includes(c.concept ?? ''));
  const price = cols.find((c) => ['unit_price', 'price', 'rate', 'day_rate'].includes(c.concept ?? ''));
  rows.forEach((row, i) => {
    if (!row || typeof row !== 'object') return;
    for (const column of cols) {
      if (column.path in row) continue;
      let value = fieldValue(column, ctx, i);
      // Line amounts agree with quantity × price, so the totals add up on the preview.
      if (['amount', 'total'].includes(column.concept ?? '') && qty && price) {
        const q = Number(row[qty.path] ?? fieldValue(qty, ctx, i));
        const p = Number(row[price.path] ?? fieldValue(price, ctx, i));
        if (Number.isFinite(q * p)) value = Math.round(q * p * 100) / 100;
      }
      setPath(row, column.path, value);
    }
  });
}

/**
 * A catalogue kind's own sample (kinds/): its rows, consistent with each other (ranges that flag, balances that
 * run, variances that are counted minus expected), and values no concept gives. Only where the data has none.
 */
function seedKind(spec: DocumentSpec, data: Record<string, unknown>): void {
  const def = kindById(spec.kind) ?? kindById(spec.docType);
  if (!def) return;
  const clauses = spec.sections.find((s) => s.kind === 'clauses');
  const listPath = def.clauses ? clauses?.path : spec.table?.path;
  // Its rows and values are in dollars' worth; yen are scaled as every other amount (a ￥12 dish is not printed).
  const scale = MONEY_SCALE[spec.currency] ?? 1;
  const money = new Set((spec.table?.columns ?? []).filter((c) => c.type === 'money').map((c) => c.path));
  const scaled = (value: unknown, isMoney: boolean) =>
    isMoney && typeof value === 'number' ? Math.round(value * scale) : structuredClone(value);
  if (def.rows && listPath && getPath(data, listPath) === undefined)
    setPath(
      data,
      listPath,
      def.rows.map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, scaled(v, money.has(k))]))),
    );
  const isMoney = (path: string) => CONCEPTS[path.split('.').pop() as string]?.type === 'money';
  // The currency printed is the one the amounts are in (a Japanese price list is in yen, not its sample's euros).
  for (const [key, value] of Object.entries(def.values ?? {}))
    put(data, `${spec.root}.${key}`, () => (key === 'currency' ? spec.currency : scaled(value, isMoney(key))));
  for (const [key, value] of Object.entries(def.data ?? {})) put(data, key, () => scaled(value, isMoney(key)));
}
