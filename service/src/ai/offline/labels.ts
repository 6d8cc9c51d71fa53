import { JA_TERMS } from './ja/labels';
import { BUSINESS_KINDS } from './kinds/business';
import { COMPACT_KINDS } from './kinds/compact';
import { KIND_CONCEPTS } from './kinds/concepts';
import { PEOPLE_KINDS } from './kinds/people';
import type { Lang } from './spec';
import { fold } from './text';

/**
 * Labels in every language the offline provider writes: English, French, German, Spanish, Portuguese, Italian and
 * Dutch in the rows below, in that order, and Japanese in ja/labels.ts (one entry per row, checked by a test). Keys
 * are dictionary entries ("concepts"); data names stay English whatever the language.
 */
type Row = readonly [en: string, fr: string, de: string, es: string, pt: string, it: string, nl: string];

/** The languages of the rows; Japanese is kept apart (ja/labels.ts). */
export type RowLang = Exclude<Lang, 'ja'>;

export const ROW_INDEX: Record<RowLang, number> = { en: 0, fr: 1, de: 2, es: 3, pt: 4, it: 5, nl: 6 };

export const LANGUAGE_NAMES: Record<Lang, string> = {
  en: 'English',
  fr: 'French',
  de: 'German',
  es: 'Spanish',
  pt: 'Portuguese',
  it: 'Italian',
  nl: 'Dutch',
  ja: 'Japanese',
};

/** The locale money, numbers and dates are written in. */
export const LOCALES: Record<Lang, string> = {
  en: 'en-US',
  fr: 'fr-FR',
  de: 'de-DE',
  es: 'es-ES',
  pt: 'pt-PT',
  it: 'it-IT',
  nl: 'nl-NL',
  ja: 'ja-JP',
};

export const TERMS: Record<string, Row> = {
  // Documents.
  invoice: ['Invoice', 'Facture', 'Rechnung', 'Factura', 'Fatura', 'Fattura', 'Factuur'],
  quote: ['Quote', 'Devis', 'Angebot', 'Presupuesto', 'Orçamento', 'Preventivo', 'Offerte'],
  receipt: ['Receipt', 'Reçu', 'Quittung', 'Recibo', 'Recibo', 'Ricevuta', 'Kwitantie'],
  credit_note: [
    'Credit note',
    'Avoir',
    'Gutschrift',
    'Nota de crédito',
    'Nota de crédito',
    'Nota di credito',
    'Creditnota',
  ],
  order_confirmation: [
    'Order confirmation',
    'Confirmation de commande',
    'Auftragsbestätigung',
    'Confirmación de pedido',
    'Confirmação de encomenda',
    "Conferma d'ordine",
    'Orderbevestiging',
  ],
  purchase_order: [
    'Purchase order',
    'Bon de commande',
    'Bestellung',
    'Orden de compra',
    'Ordem de compra',
    "Ordine d'acquisto",
    'Inkooporder',
  ],
  packing_slip: [
    'Packing slip',
    'Bordereau de colisage',
    'Packzettel',
    'Lista de empaque',
    'Guia de remessa',
    'Distinta di imballaggio',
    'Paklijst',
  ],
  delivery_note: [
    'Delivery note',
    'Bon de livraison',
    'Lieferschein',
    'Albarán',
    'Nota de entrega',
    'Documento di trasporto',
    'Pakbon',
  ],
  statement: [
    'Statement',
    'Relevé de compte',
    'Kontoauszug',
    'Extracto de cuenta',
    'Extrato de conta',
    'Estratto conto',
    'Rekeningoverzicht',
  ],
  payslip: [
    'Payslip',
    'Bulletin de paie',
    'Gehaltsabrechnung',
    'Nómina',
    'Recibo de vencimento',
    'Busta paga',
    'Loonstrook',
  ],
  timesheet: [
    'Timesheet',
    'Feuille de temps',
    'Stundenzettel',
    'Hoja de horas',
    'Folha de horas',
    'Foglio ore',
    'Urenstaat',
  ],
  report: ['Report', 'Rapport', 'Bericht', 'Informe', 'Relatório', 'Rapporto', 'Rapport'],
  minutes: [
    'Meeting minutes',
    'Compte rendu de réunion',
    'Besprechungsprotokoll',
    'Acta de reunión',
    'Ata de reunião',
    'Verbale di riunione',
    'Notulen',
  ],
  certificate: ['Certificate', 'Certificat', 'Zertifikat', 'Certificado', 'Certificado', 'Certificato', 'Certificaat'],
  letter: ['Letter', 'Lettre', 'Brief', 'Carta', 'Carta', 'Lettera', 'Brief'],
  document: ['Document', 'Document', 'Dokument', 'Documento', 'Documento', 'Documento', 'Document'],

  // Parties.
  from: ['From', 'De', 'Von', 'De', 'De', 'Da', 'Van'],
  to: ['To', 'À', 'An', 'Para', 'Para', 'A', 'Aan'],
  bill_to: ['Bill to', 'Facturer à', 'Rechnung an', 'Facturar a', 'Faturar a', 'Fatturare a', 'Factuur aan'],
  ship_to: ['Ship to', 'Livrer à', 'Lieferung an', 'Enviar a', 'Enviar para', 'Spedire a', 'Leveren aan'],
  ship_from: ['Ship from', 'Expéditeur', 'Absender', 'Remitente', 'Remetente', 'Mittente', 'Afzender'],
  customer: ['Customer', 'Client', 'Kunde', 'Cliente', 'Cliente', 'Cliente', 'Klant'],
  company: ['Company', 'Entreprise', 'Unternehmen', 'Empresa', 'Empresa', 'Azienda', 'Bedrijf'],
  supplier: ['Supplier', 'Fournisseur', 'Lieferant', 'Proveedor', 'Fornecedor', 'Fornitore', 'Leverancier'],
  buyer: ['Buyer', 'Acheteur', 'Käufer', 'Comprador', 'Comprador', 'Acquirente', 'Koper'],
  employee: ['Employee', 'Salarié', 'Mitarbeiter', 'Empleado', 'Funcionário', 'Dipendente', 'Werknemer'],
  employer: ['Employer', 'Employeur', 'Arbeitgeber', 'Empresa', 'Entidade patronal', 'Datore di lavoro', 'Werkgever'],
  recipient: ['Recipient', 'Destinataire', 'Empfänger', 'Destinatario', 'Destinatário', 'Destinatario', 'Ontvanger'],
  sender: ['Sender', 'Expéditeur', 'Absender', 'Remitente', 'Remetente', 'Mittente', 'Afzender'],
  account_holder: [
    'Account holder',
    'Titulaire du compte',
    'Kontoinhaber',
    'Titular de la cuenta',
    'Titular da conta',
    'Intestatario',
    'Rekeninghouder',
  ],

  // Fields.
  number: ['Number', 'Numéro', 'Nummer', 'Número', 'Número', 'Numero', 'Nummer'],
  invoice_number: [
    'Invoice no.',
    'N° de facture',
    'Rechnungsnr.',
    'N.º de factura',
    'N.º da fatura',
    'N. fattura',
    'Factuurnr.',
  ],
  quote_number: [
    'Quote no.',
    'N° de devis',
    'Angebotsnr.',
    'N.º de presupuesto',
    'N.º do orçamento',
    'N. preventivo',
    'Offertenr.',
  ],
  receipt_number: [
    'Receipt no.',
    'N° de reçu',
    'Quittungsnr.',
    'N.º de recibo',
    'N.º do recibo',
    'N. ricevuta',
    'Kwitantienr.',
  ],
  order_number: [
    'Order no.',
    'N° de commande',
    'Bestellnr.',
    'N.º de pedido',
    'N.º da encomenda',
    'N. ordine',
    'Ordernr.',
  ],
  po_number: [
    'PO number',
    'N° de bon de commande',
    'Bestellnummer',
    'N.º de orden de compra',
    'N.º da ordem de compra',
    'N. ordine di acquisto',
    'Inkoopordernr.',
  ],
  certificate_id: [
    'Certificate ID',
    'N° de certificat',
    'Zertifikatsnr.',
    'N.º de certificado',
    'N.º do certificado',
    'N. certificato',
    'Certificaatnr.',
  ],
  reference: ['Reference', 'Référence', 'Referenz', 'Referencia', 'Referência', 'Riferimento', 'Referentie'],
  date: ['Date', 'Date', 'Datum', 'Fecha', 'Data', 'Data', 'Datum'],
  issue_date: [
    'Issue date',
    "Date d'émission",
    'Ausstellungsdatum',
    'Fecha de emisión',
    'Data de emissão',
    'Data di emissione',
    'Datum',
  ],
  due_date: [
    'Due date',
    "Date d'échéance",
    'Fälligkeitsdatum',
    'Fecha de vencimiento',
    'Data de vencimento',
    'Data di scadenza',
    'Vervaldatum',
  ],
  valid_until: [
    'Valid until',
    "Valable jusqu'au",
    'Gültig bis',
    'Válido hasta',
    'Válido até',
    'Valido fino al',
    'Geldig tot',
  ],
  order_date: [
    'Order date',
    'Date de commande',
    'Bestelldatum',
    'Fecha de pedido',
    'Data da encomenda',
    "Data dell'ordine",
    'Besteldatum',
  ],
  delivery_date: [
    'Delivery date',
    'Date de livraison',
    'Lieferdatum',
    'Fecha de entrega',
    'Data de entrega',
    'Data di consegna',
    'Leverdatum',
  ],
  ship_date: [
    'Ship date',
    "Date d'expédition",
    'Versanddatum',
    'Fecha de envío',
    'Data de envio',
    'Data di spedizione',
    'Verzenddatum',
  ],
  pay_date: [
    'Pay date',
    'Date de paiement',
    'Auszahlungsdatum',
    'Fecha de pago',
    'Data de pagamento',
    'Data di pagamento',
    'Betaaldatum',
  ],
  completion_date: [
    'Completion date',
    "Date d'obtention",
    'Abschlussdatum',
    'Fecha de finalización',
    'Data de conclusão',
    'Data di completamento',
    'Voltooiingsdatum',
  ],
  period: ['Period', 'Période', 'Zeitraum', 'Periodo', 'Período', 'Periodo', 'Periode'],
  period_start: [
    'Period start',
    'Début de période',
    'Beginn',
    'Inicio del periodo',
    'Início do período',
    'Inizio periodo',
    'Begin periode',
  ],
  period_end: [
    'Period end',
    'Fin de période',
    'Ende',
    'Fin del periodo',
    'Fim do período',
    'Fine periodo',
    'Einde periode',
  ],
  prepared_by: [
    'Prepared by',
    'Préparé par',
    'Erstellt von',
    'Preparado por',
    'Preparado por',
    'Preparato da',
    'Opgesteld door',
  ],
  project: ['Project', 'Projet', 'Projekt', 'Proyecto', 'Projeto', 'Progetto', 'Project'],
  payment_method: [
    'Payment method',
    'Mode de paiement',
    'Zahlungsart',
    'Forma de pago',
    'Forma de pagamento',
    'Metodo di pagamento',
    'Betaalmethode',
  ],
  payment_terms: [
    'Payment terms',
    'Conditions de paiement',
    'Zahlungsbedingungen',
    'Condiciones de pago',
    'Condições de pagamento',
    'Termini di pagamento',
    'Betalingsvoorwaarden',
  ],
  tracking_number: [
    'Tracking no.',
    'N° de suivi',
    'Sendungsnr.',
    'N.º de seguimiento',
    'N.º de rastreio',
    'N. tracciamento',
    'Trackingnr.',
  ],
  carrier: ['Carrier', 'Transporteur', 'Versanddienst', 'Transportista', 'Transportadora', 'Corriere', 'Vervoerder'],
  name: ['Name', 'Nom', 'Name', 'Nombre', 'Nome', 'Nome', 'Naam'],
  address: ['Address', 'Adresse', 'Adresse', 'Dirección', 'Morada', 'Indirizzo', 'Adres'],
  email: ['Email', 'E-mail', 'E-Mail', 'Correo electrónico', 'E-mail', 'E-mail', 'E-mail'],
  phone: ['Phone', 'Téléphone', 'Telefon', 'Teléfono', 'Telefone', 'Telefono', 'Telefoon'],
  website: ['Website', 'Site web', 'Website', 'Sitio web', 'Site', 'Sito web', 'Website'],
  vat_number: ['VAT number', 'N° de TVA', 'USt-IdNr.', 'NIF', 'NIF', 'Partita IVA', 'Btw-nummer'],
  iban: ['IBAN', 'IBAN', 'IBAN', 'IBAN', 'IBAN', 'IBAN', 'IBAN'],
  bic: ['BIC', 'BIC', 'BIC', 'BIC', 'BIC', 'BIC', 'BIC'],
  bank: ['Bank', 'Banque', 'Bank', 'Banco', 'Banco', 'Banca', 'Bank'],
  account_number: [
    'Account number',
    'Numéro de compte',
    'Kontonummer',
    'Número de cuenta',
    'Número de conta',
    'Numero di conto',
    'Rekeningnummer',
  ],
  employee_id: [
    'Employee ID',
    'Matricule',
    'Personalnummer',
    'N.º de empleado',
    'N.º de funcionário',
    'Matricola',
    'Personeelsnummer',
  ],
  department: ['Department', 'Service', 'Abteilung', 'Departamento', 'Departamento', 'Reparto', 'Afdeling'],
  job_title: ['Position', 'Poste', 'Position', 'Puesto', 'Cargo', 'Mansione', 'Functie'],
  gross_pay: [
    'Gross pay',
    'Salaire brut',
    'Bruttolohn',
    'Salario bruto',
    'Salário bruto',
    'Retribuzione lorda',
    'Brutoloon',
  ],
  deductions: ['Deductions', 'Retenues', 'Abzüge', 'Deducciones', 'Descontos', 'Trattenute', 'Inhoudingen'],
  net_pay: [
    'Net pay',
    'Net à payer',
    'Auszahlungsbetrag',
    'Líquido a percibir',
    'Valor líquido',
    'Netto in busta',
    'Netto uitbetaald',
  ],
  opening_balance: [
    'Opening balance',
    'Solde initial',
    'Anfangssaldo',
    'Saldo inicial',
    'Saldo inicial',
    'Saldo iniziale',
    'Beginsaldo',
  ],
  closing_balance: [
    'Closing balance',
    'Solde final',
    'Endsaldo',
    'Saldo final',
    'Saldo final',
    'Saldo finale',
    'Eindsaldo',
  ],
  account: ['Account', 'Compte', 'Konto', 'Cuenta', 'Conta', 'Conto', 'Rekening'],
  course: ['Course', 'Formation', 'Kurs', 'Curso', 'Curso', 'Corso', 'Cursus'],
  grade: ['Grade', 'Mention', 'Note', 'Calificación', 'Classificação', 'Voto', 'Cijfer'],
  subject: ['Subject', 'Objet', 'Betreff', 'Asunto', 'Assunto', 'Oggetto', 'Onderwerp'],
  location: ['Location', 'Lieu', 'Ort', 'Lugar', 'Local', 'Luogo', 'Locatie'],
  chair: ['Chair', 'Président de séance', 'Vorsitz', 'Presidente', 'Presidente', 'Presidente', 'Voorzitter'],
  attendees: ['Attendees', 'Participants', 'Teilnehmer', 'Asistentes', 'Participantes', 'Partecipanti', 'Aanwezigen'],
  status: ['Status', 'Statut', 'Status', 'Estado', 'Estado', 'Stato', 'Status'],
  currency: ['Currency', 'Devise', 'Währung', 'Moneda', 'Moeda', 'Valuta', 'Valuta'],

  // Columns.
  description: [
    'Description',
    'Désignation',
    'Beschreibung',
    'Descripción',
    'Descrição',
    'Descrizione',
    'Omschrijving',
  ],
  item: ['Item', 'Article', 'Artikel', 'Artículo', 'Artigo', 'Articolo', 'Artikel'],
  product: ['Product', 'Produit', 'Produkt', 'Producto', 'Produto', 'Prodotto', 'Product'],
  service: ['Service', 'Prestation', 'Leistung', 'Servicio', 'Serviço', 'Servizio', 'Dienst'],
  sku: ['SKU', 'Réf.', 'Artikelnr.', 'Ref.', 'Ref.', 'Codice', 'Artikelnr.'],
  quantity: ['Quantity', 'Quantité', 'Menge', 'Cantidad', 'Quantidade', 'Quantità', 'Aantal'],
  ordered: ['Ordered', 'Commandé', 'Bestellt', 'Pedido', 'Encomendado', 'Ordinato', 'Besteld'],
  shipped: ['Shipped', 'Expédié', 'Geliefert', 'Enviado', 'Enviado', 'Spedito', 'Verzonden'],
  unit: ['Unit', 'Unité', 'Einheit', 'Unidad', 'Unidade', 'Unità', 'Eenheid'],
  unit_price: [
    'Unit price',
    'Prix unitaire',
    'Einzelpreis',
    'Precio unitario',
    'Preço unitário',
    'Prezzo unitario',
    'Stukprijs',
  ],
  price: ['Price', 'Prix', 'Preis', 'Precio', 'Preço', 'Prezzo', 'Prijs'],
  rate: ['Rate', 'Taux', 'Satz', 'Tarifa', 'Taxa', 'Tariffa', 'Tarief'],
  day_rate: [
    'Day rate',
    'Tarif journalier',
    'Tagessatz',
    'Tarifa diaria',
    'Diária',
    'Tariffa giornaliera',
    'Dagtarief',
  ],
  days: ['Days', 'Jours', 'Tage', 'Días', 'Dias', 'Giorni', 'Dagen'],
  hours: ['Hours', 'Heures', 'Stunden', 'Horas', 'Horas', 'Ore', 'Uren'],
  amount: ['Amount', 'Montant', 'Betrag', 'Importe', 'Valor', 'Importo', 'Bedrag'],
  total: ['Total', 'Total', 'Gesamt', 'Total', 'Total', 'Totale', 'Totaal'],
  subtotal: ['Subtotal', 'Sous-total', 'Zwischensumme', 'Subtotal', 'Subtotal', 'Subtotale', 'Subtotaal'],
  tax: ['Tax', 'TVA', 'MwSt.', 'IVA', 'IVA', 'IVA', 'Btw'],
  tax_rate: ['Tax rate', 'Taux de TVA', 'MwSt.-Satz', 'Tipo de IVA', 'Taxa de IVA', 'Aliquota IVA', 'Btw-tarief'],
  discount: ['Discount', 'Remise', 'Rabatt', 'Descuento', 'Desconto', 'Sconto', 'Korting'],
  weight: ['Weight', 'Poids', 'Gewicht', 'Peso', 'Peso', 'Peso', 'Gewicht'],
  category: ['Category', 'Catégorie', 'Kategorie', 'Categoría', 'Categoria', 'Categoria', 'Categorie'],
  region: ['Region', 'Région', 'Region', 'Región', 'Região', 'Regione', 'Regio'],
  sales: ['Sales', 'Ventes', 'Umsatz', 'Ventas', 'Vendas', 'Vendite', 'Verkoop'],
  revenue: ['Revenue', "Chiffre d'affaires", 'Erlöse', 'Ingresos', 'Receita', 'Ricavi', 'Omzet'],
  cost: ['Cost', 'Coût', 'Kosten', 'Coste', 'Custo', 'Costo', 'Kosten'],
  profit: ['Profit', 'Bénéfice', 'Gewinn', 'Beneficio', 'Lucro', 'Utile', 'Winst'],
  target: ['Target', 'Objectif', 'Ziel', 'Objetivo', 'Meta', 'Obiettivo', 'Doel'],
  growth: ['Growth', 'Croissance', 'Wachstum', 'Crecimiento', 'Crescimento', 'Crescita', 'Groei'],
  orders: ['Orders', 'Commandes', 'Bestellungen', 'Pedidos', 'Encomendas', 'Ordini', 'Bestellingen'],
  stock: ['Stock', 'Stock', 'Bestand', 'Existencias', 'Stock', 'Giacenza', 'Voorraad'],
  month: ['Month', 'Mois', 'Monat', 'Mes', 'Mês', 'Mese', 'Maand'],
  day: ['Day', 'Jour', 'Tag', 'Día', 'Dia', 'Giorno', 'Dag'],
  task: ['Task', 'Tâche', 'Aufgabe', 'Tarea', 'Tarefa', 'Attività', 'Taak'],
  owner: ['Owner', 'Responsable', 'Verantwortlich', 'Responsable', 'Responsável', 'Responsabile', 'Eigenaar'],
  debit: ['Debit', 'Débit', 'Soll', 'Cargo', 'Débito', 'Addebito', 'Debet'],
  credit: ['Credit', 'Crédit', 'Haben', 'Abono', 'Crédito', 'Accredito', 'Credit'],
  balance: ['Balance', 'Solde', 'Saldo', 'Saldo', 'Saldo', 'Saldo', 'Saldo'],
  notes_column: ['Notes', 'Remarques', 'Bemerkungen', 'Notas', 'Notas', 'Note', 'Opmerkingen'],

  // Sections.
  details: ['Details', 'Détails', 'Details', 'Detalles', 'Detalhes', 'Dettagli', 'Gegevens'],
  notes: ['Notes', 'Remarques', 'Anmerkungen', 'Notas', 'Notas', 'Note', 'Opmerkingen'],
  terms: [
    'Terms and conditions',
    'Conditions générales',
    'Geschäftsbedingungen',
    'Términos y condiciones',
    'Termos e condições',
    'Termini e condizioni',
    'Voorwaarden',
  ],
  signature: ['Signature', 'Signature', 'Unterschrift', 'Firma', 'Assinatura', 'Firma', 'Handtekening'],
  summary: ['Summary', 'Résumé', 'Zusammenfassung', 'Resumen', 'Resumo', 'Riepilogo', 'Samenvatting'],
  payment: [
    'Payment details',
    'Informations de paiement',
    'Zahlungsinformationen',
    'Datos de pago',
    'Dados de pagamento',
    'Dati di pagamento',
    'Betaalgegevens',
  ],
  body: ['Letter', 'Lettre', 'Brief', 'Carta', 'Carta', 'Lettera', 'Brief'],
  qr: ['QR code', 'Code QR', 'QR-Code', 'Código QR', 'Código QR', 'Codice QR', 'QR-code'],
  barcode: [
    'Barcode',
    'Code-barres',
    'Barcode',
    'Código de barras',
    'Código de barras',
    'Codice a barre',
    'Streepjescode',
  ],
  logo: ['Logo', 'Logo', 'Logo', 'Logotipo', 'Logótipo', 'Logo', 'Logo'],
  table: ['Items', 'Articles', 'Positionen', 'Artículos', 'Artigos', 'Articoli', 'Artikelen'],
  parties: ['Parties', 'Parties', 'Parteien', 'Partes', 'Partes', 'Parti', 'Partijen'],

  // Phrases.
  page_of: [
    'Page {n} of {c}',
    'Page {n} sur {c}',
    'Seite {n} von {c}',
    'Página {n} de {c}',
    'Página {n} de {c}',
    'Pagina {n} di {c}',
    'Pagina {n} van {c}',
  ],
  scan_to_pay: [
    'Scan to pay',
    'Scannez pour payer',
    'Zum Bezahlen scannen',
    'Escanee para pagar',
    'Digitalize para pagar',
    'Scansiona per pagare',
    'Scan om te betalen',
  ],
  scan_to_open: [
    'Scan to open online',
    'Scannez pour ouvrir en ligne',
    'Zum Öffnen scannen',
    'Escanee para abrir en línea',
    'Digitalize para abrir online',
    'Scansiona per aprire online',
    'Scan om online te openen',
  ],
  scan_to_verify: [
    'Scan to verify',
    'Scannez pour vérifier',
    'Zum Prüfen scannen',
    'Escanee para verificar',
    'Digitalize para verificar',
    'Scansiona per verificare',
    'Scan om te verifiëren',
  ],
  presented_to: [
    'This certificate is presented to',
    'Ce certificat est décerné à',
    'Dieses Zertifikat wird verliehen an',
    'Este certificado se otorga a',
    'Este certificado é atribuído a',
    'Questo certificato è conferito a',
    'Dit certificaat wordt uitgereikt aan',
  ],
  for_completing: [
    'for successfully completing',
    'pour avoir suivi avec succès',
    'für den erfolgreichen Abschluss von',
    'por haber completado con éxito',
    'por ter concluído com sucesso',
    'per aver completato con successo',
    'voor het succesvol afronden van',
  ],
  signed_by: [
    'Authorised signature',
    'Signature autorisée',
    'Unterschrift',
    'Firma autorizada',
    'Assinatura autorizada',
    'Firma autorizzata',
    'Handtekening',
  ],
  closing: [
    'Yours sincerely,',
    'Veuillez agréer mes salutations distinguées,',
    'Mit freundlichen Grüßen',
    'Atentamente,',
    'Com os melhores cumprimentos,',
    'Distinti saluti,',
    'Met vriendelijke groet,',
  ],
  no_items: [
    'No items',
    'Aucun élément',
    'Keine Einträge',
    'Sin elementos',
    'Sem itens',
    'Nessun elemento',
    'Geen items',
  ],
};

// The catalogue's kinds and their fields (kinds/) add their titles and labels after these, overriding none.
for (const def of [...BUSINESS_KINDS, ...PEOPLE_KINDS, ...COMPACT_KINDS])
  if (def.title && !(def.id in TERMS)) TERMS[def.id] = def.title;
for (const [key, concept] of Object.entries(KIND_CONCEPTS)) if (!(key in TERMS)) TERMS[key] = concept.label;

/** A dictionary entry in a language; undefined when the dictionary has no such entry. */
export function term(concept: string, lang: Lang): string | undefined {
  if (lang === 'ja') return JA_TERMS[concept];
  return TERMS[concept]?.[ROW_INDEX[lang]];
}

/** `Page {n} of {c}` with its slots filled. */
export function phrase(concept: string, lang: Lang, slots: Record<string, string> = {}): string {
  let text = term(concept, lang) ?? concept;
  for (const [k, v] of Object.entries(slots)) text = text.replace(`{${k}}`, v);
  return text;
}

let reverse: Map<string, string[]> | undefined;

/**
 * Dictionary entries whose label in any language is this text (folded): how a label in an existing template, or a
 * name in a prompt, is recognised for translation.
 */
export function conceptsOfLabel(text: string): string[] {
  if (!reverse) {
    reverse = new Map();
    for (const [concept, row] of Object.entries(TERMS)) {
      for (const label of row) {
        const key = fold(label);
        const list = reverse.get(key) ?? [];
        if (!list.includes(concept)) list.push(concept);
        reverse.set(key, list);
      }
    }
    for (const [concept, label] of Object.entries(JA_TERMS)) {
      const key = fold(label);
      const list = reverse.get(key) ?? [];
      if (!list.includes(concept)) list.push(concept);
      reverse.set(key, list);
    }
  }
  return reverse.get(fold(text)) ?? [];
}
