/**
 * The acceptance suite's requests: varied kinds, languages, page formats and marks, each with what its rendered PDF
 * must show. Labels are compared case-insensitively in the laid-out text; `tables` are the header cells of each
 * list asked for, in order on one line; `pageMm` is the first page's width and height; `marks` are the values the
 * codes must decode to. Cases in other languages (Japanese...) are added to the same list.
 */
export interface SuiteRequest {
  prompt: string;
  /** The catalogue kind (or base type) the writer must choose. */
  kind: string;
  labels: string[];
  tables?: string[][];
  pageMm?: [width: number, height: number];
  /** Codes: the value each must decode to. A signature line and a logo: present in the template. A chart: drawn
   * by core's filter of that type, its labels (the first row's name) on the page beside the table's. */
  marks?: { qr?: string; barcode?: string; signature?: boolean; logo?: boolean; chart?: 'bar' | 'line' | 'pie' };
  pages?: number;
  /** The reply must say this (a generic document says it is generic). */
  reply?: RegExp;
  /** Writes the first page to service/artifacts/suite/<png>.png. */
  png?: string;
}

const A4: [number, number] = [210, 297];
const A4_LANDSCAPE: [number, number] = [297, 210];
const LETTER: [number, number] = [215.9, 279.4];
const A5: [number, number] = [148, 210];
const LABEL_4X6: [number, number] = [101.6, 152.4];
const TICKET: [number, number] = [203.2, 82.55];
const ID_CARD: [number, number] = [85.6, 54];

const TRACKING = '1Z999AA10123456784';

export const REQUESTS: SuiteRequest[] = [
  // Sales documents.
  {
    prompt: 'An invoice for a freelance designer with hours, rate and amount, and a QR code to pay',
    kind: 'invoice',
    labels: ['Invoice', 'Due date', 'Subtotal', 'Total'],
    tables: [['Description', 'Hours', 'Rate', 'Amount']],
    pageMm: A4,
    png: 'invoice',
  },
  {
    prompt: 'Facture avec logo, colonnes désignation, quantité et prix unitaire',
    kind: 'invoice',
    marks: { logo: true },
    labels: ['Facture', 'Total'],
    tables: [['Désignation', 'Quantité', 'Prix unitaire']],
    pageMm: A4,
  },
  {
    prompt: 'Rechnung auf US Letter mit Spalten Beschreibung, Menge und Betrag',
    kind: 'invoice',
    labels: ['Rechnung', 'Gesamt'],
    tables: [['Beschreibung', 'Menge', 'Betrag']],
    pageMm: LETTER,
  },
  {
    prompt: 'Presupuesto para reforma de cocina con columnas concepto, cantidad y precio',
    kind: 'quote',
    labels: ['Presupuesto'],
    tables: [['Concepto', 'Cantidad', 'Precio']],
  },
  { prompt: 'A receipt for a coffee shop', kind: 'receipt', labels: ['Receipt', 'Total'], pageMm: A4 },
  { prompt: 'Credit note for a returned order', kind: 'credit_note', labels: ['Credit note', 'Total'] },
  {
    prompt: 'Order confirmation with a QR code linking to the tracking page',
    kind: 'order_confirmation',
    labels: ['Order confirmation', 'Ship to'],
  },
  {
    prompt: 'Purchase order with SKU, description, quantity and unit price columns and a signature',
    kind: 'purchase_order',
    labels: ['Purchase order', 'Supplier'],
    tables: [['SKU', 'Description', 'Quantity', 'Unit price']],
  },
  {
    prompt: 'Packing slip with a barcode of the tracking number',
    kind: 'packing_slip',
    labels: ['Packing slip', 'Tracking'],
    marks: { barcode: TRACKING },
  },
  {
    prompt: 'Lieferschein mit Unterschrift',
    kind: 'delivery_note',
    labels: ['Lieferschein', 'Unterschrift'],
    marks: { signature: true },
  },
  {
    prompt: 'Customer statement with ageing (current, 30, 60, 90 days) and a running balance',
    kind: 'statement',
    labels: ['Statement', 'Current', '1–30 days', '31–60 days', 'Over 60 days', 'Amount due', '2,700.00'],
    tables: [['Date', 'Description', 'Debit', 'Credit', 'Balance']],
    png: 'statement',
  },
  {
    prompt: 'Hotel folio for a three-night stay',
    kind: 'hotel_folio',
    labels: ['Guest folio', 'Room', 'Check-in', 'Check-out', 'Total'],
    tables: [['Date', 'Description', 'Amount']],
  },
  {
    prompt: 'Price list for a coffee roaster with SKU, product, unit and price',
    kind: 'price_list',
    labels: ['Price list'],
    tables: [['SKU', 'Product', 'Unit', 'Price']],
  },
  // People and payroll.
  {
    prompt: 'Payslip with earnings and deductions and the net pay',
    kind: 'payslip',
    labels: ['Payslip', 'Net pay'],
  },
  {
    prompt: 'Weekly timesheet with one line per day with hours and project, total hours',
    kind: 'timesheet',
    labels: ['Timesheet', 'Total'],
    tables: [['Day', 'Hours', 'Project']],
  },
  {
    prompt: 'Expense report with date, category, description and amount',
    kind: 'expense_report',
    labels: ['Expense report', 'Total', '348.00'],
    tables: [['Date', 'Category', 'Description', 'Amount']],
  },
  {
    prompt: 'Note de frais pour un déplacement à Lyon',
    kind: 'expense_report',
    labels: ['Note de frais', 'Total'],
    tables: [['Date', 'Catégorie', 'Désignation', 'Montant']],
  },
  // Reports.
  {
    prompt: 'Monthly sales report with KPI cards and a table of regions with sales, target and growth',
    kind: 'sales_report',
    labels: ['Total sales', 'Orders', 'Average order'],
    tables: [['Region', 'Sales', 'Target', 'Growth']],
    pageMm: A4,
  },
  {
    prompt: 'A sales dashboard with KPI cards for revenue, orders, customers and conversion rate',
    kind: 'dashboard',
    labels: ['Revenue', 'Orders', 'Customers', 'Conversion rate', '110,940'],
    pageMm: A4_LANDSCAPE,
    marks: { chart: 'bar' },
    pages: 1,
    png: 'dashboard',
  },
  // Charts, drawn from the list they chart.
  {
    prompt: 'A monthly sales report with a table of regions with sales and target and a pie chart of sales',
    kind: 'sales_report',
    labels: ['Sales', 'North'],
    tables: [['Region', 'Sales', 'Target']],
    marks: { chart: 'pie' },
    pageMm: A4,
    png: 'pie-chart',
  },
  {
    prompt: 'An expense report with a line chart of the amounts',
    kind: 'expense_report',
    labels: ['Expense report', 'Amount'],
    marks: { chart: 'line' },
  },
  {
    prompt:
      'Un rapport des ventes avec un tableau des régions avec ventes et objectif, et un graphique en barres des ventes',
    kind: 'sales_report',
    labels: ['Ventes', 'Objectif'],
    tables: [['Région', 'Ventes', 'Objectif']],
    marks: { chart: 'bar' },
  },
  {
    prompt: 'Ein Verkaufsbericht mit einer Tabelle der Regionen mit Umsatz und Ziel und einem Kreisdiagramm',
    kind: 'sales_report',
    labels: ['Umsatz', 'Ziel'],
    marks: { chart: 'pie' },
  },
  {
    prompt: 'A school report card with subjects, grades and teacher comments',
    kind: 'report_card',
    labels: ['Report card', 'Student', 'Mathematics'],
    tables: [['Subject', 'Grade', 'Teacher comment']],
    pageMm: A4,
    png: 'report-card',
  },
  {
    prompt: 'Bulletin scolaire avec les matières, les notes et les appréciations',
    kind: 'report_card',
    labels: ['Bulletin scolaire', 'Élève'],
  },
  {
    prompt: 'Lab report with lab values, units and reference ranges, flagged when out of range',
    kind: 'lab_report',
    labels: ['Patient', 'Reference range', 'g/dL', '13.0–17.0'],
    tables: [['Unit', 'Reference range', 'Flag']],
    png: 'lab-report',
  },
  {
    prompt: 'Laborbefund mit Ergebnis, Einheit und Referenzbereich',
    kind: 'lab_report',
    labels: ['Laborbefund', 'Patient'],
    tables: [['Ergebnis', 'Einheit', 'Referenzbereich']],
  },
  {
    prompt: 'Meeting minutes with attendees and action items',
    kind: 'minutes',
    labels: ['Attendees'],
  },
  {
    prompt: 'Inventory count sheet for the warehouse with SKU, product, expected and counted',
    kind: 'inventory_count',
    labels: ['Inventory count sheet'],
    tables: [['SKU', 'Product', 'Expected', 'Counted']],
  },
  {
    prompt: 'Work order for an HVAC repair with tasks, hours and rate, and a signature',
    kind: 'work_order',
    labels: ['Work order', 'Technician', 'Priority', 'Total'],
    tables: [['Task', 'Hours', 'Rate']],
    png: 'work-order',
  },
  {
    prompt: 'Field service report with the work done, parts used and a customer signature',
    kind: 'service_report',
    labels: ['Service report', 'Technician', 'Equipment'],
  },
  {
    prompt: 'Incident report with the date of incident, location, severity and corrective actions',
    kind: 'incident_report',
    labels: ['Incident report', 'Date of incident', 'Severity', 'Location'],
  },
  {
    prompt: 'Attendance sheet for a training with name, organisation, time in, time out and signature',
    kind: 'attendance_sheet',
    labels: ['Attendance sheet'],
    tables: [['Name', 'Organisation', 'Time in', 'Time out']],
    pageMm: A4_LANDSCAPE,
  },
  {
    prompt: 'Class schedule for 7B with day, time, subject, teacher and room',
    kind: 'class_schedule',
    labels: ['Class schedule'],
    tables: [['Day', 'Time', 'Subject', 'Teacher', 'Room']],
    pageMm: A4_LANDSCAPE,
  },
  {
    prompt: 'Product spec sheet for a standing desk with a QR code',
    kind: 'spec_sheet',
    labels: ['Model', 'Specification'],
  },
  // Agreements and letters.
  {
    prompt: 'Service contract with numbered clauses and signatures',
    kind: 'contract',
    marks: { signature: true },
    labels: ['1. Scope', '2. Fees and payment', '5. Governing law', 'Service provider', 'Client'],
    png: 'contract',
  },
  {
    prompt: 'NDA between two companies',
    kind: 'nda',
    labels: ['Non-disclosure agreement', 'Disclosing party', 'Receiving party', '1. Confidential information'],
  },
  {
    prompt: 'Residential lease agreement with the monthly rent, deposit and numbered clauses',
    kind: 'lease',
    labels: ['Landlord', 'Tenant', 'Monthly rent', 'Deposit', '3. Rent'],
    png: 'lease',
  },
  {
    prompt: 'Mietvertrag für eine Wohnung',
    kind: 'lease',
    labels: ['Mietvertrag', 'Vermieter', 'Mieter', 'Monatsmiete'],
  },
  {
    prompt: 'Offer letter for a senior designer with the start date and salary',
    kind: 'offer_letter',
    labels: ['Start date', 'Annual salary'],
  },
  { prompt: 'A cover letter for a job application', kind: 'cover_letter', labels: ['Position'] },
  { prompt: 'Reference letter for a former employee', kind: 'reference_letter', labels: ['Reference'] },
  { prompt: 'A letter to a client about a price change', kind: 'letter', labels: ['Date'] },
  {
    prompt: 'Certificate of completion with a QR code to verify it',
    kind: 'certificate',
    labels: ['Certificate of completion'],
    pageMm: A4_LANDSCAPE,
  },
  // Travel and hospitality.
  {
    prompt: 'Travel itinerary with date, time, activity and location for each stop',
    kind: 'itinerary',
    labels: ['Itinerary', 'Traveller'],
    tables: [['Date', 'Time', 'Activity', 'Location']],
    png: 'itinerary',
  },
  {
    prompt: 'Hotel booking confirmation with a QR code linking to the booking',
    kind: 'booking_confirmation',
    labels: ['Booking confirmation', 'Check-in', 'Check-out', 'Booking reference'],
    marks: { qr: 'https://book.example.com/manage/XK7P2Q' },
  },
  {
    prompt: 'Confirmación de reserva de hotel',
    kind: 'booking_confirmation',
    labels: ['Confirmación de reserva', 'Localizador'],
  },
  {
    prompt: 'Boarding pass with gate, seat and a QR code of the booking reference',
    kind: 'boarding_pass',
    labels: ['Boarding pass', 'Gate', 'Seat', 'Flight', 'Passenger'],
    pageMm: TICKET,
    marks: { qr: 'XK7P2Q' },
    pages: 1,
    png: 'boarding-pass',
  },
  // Labels, tickets and cards.
  {
    prompt: '4x6 shipping label with a barcode of the tracking number',
    kind: 'shipping_label',
    labels: ['Ship to', 'Tracking no.', 'Weight'],
    pageMm: LABEL_4X6,
    marks: { barcode: TRACKING },
    pages: 1,
    png: 'shipping-label',
  },
  {
    prompt: 'Étiquette d’expédition 4x6 avec code-barres du numéro de suivi',
    kind: 'shipping_label',
    labels: ['Livrer à', 'Expéditeur'],
    pageMm: LABEL_4X6,
    marks: { barcode: TRACKING },
    pages: 1,
  },
  {
    prompt: 'Versandetikett 4x6 Zoll mit Barcode der Sendungsnummer',
    kind: 'shipping_label',
    labels: ['Lieferung an', 'Absender'],
    pageMm: LABEL_4X6,
    pages: 1,
  },
  {
    prompt: 'Address labels 4x2 inches',
    kind: 'address_label',
    labels: [],
    pageMm: [101.6, 50.8],
    pages: 1,
    png: 'address-label',
  },
  {
    prompt: 'Event ticket with seat number and a QR code',
    kind: 'event_ticket',
    labels: ['Seat', 'Gate', 'Row', 'Venue'],
    pageMm: TICKET,
    marks: { qr: 'https://tickets.example.com/t/TK-58213-0147' },
    pages: 1,
    png: 'event-ticket',
  },
  {
    prompt: 'Billet de concert avec place, porte et QR code',
    kind: 'event_ticket',
    labels: ['Billet', 'Porte', 'Siège'],
    pageMm: TICKET,
    pages: 1,
  },
  {
    prompt: 'Entrada para un concierto con asiento, puerta y código QR',
    kind: 'event_ticket',
    labels: ['Entrada', 'Asiento', 'Puerta'],
    pageMm: TICKET,
    pages: 1,
  },
  {
    prompt: 'Business card for a product designer with phone, email, website and a logo',
    kind: 'business_card',
    marks: { logo: true },
    labels: ['Phone', 'Email', 'Website'],
    pageMm: [85, 55],
    pages: 1,
    png: 'business-card',
  },
  {
    prompt: 'Conference name badge with a QR code',
    kind: 'name_badge',
    labels: ['Alex Morgan'],
    pageMm: [101.6, 76.2],
    pages: 1,
    png: 'name-badge',
  },
  {
    prompt: 'Gift card worth 50 euros with a barcode of the code',
    kind: 'gift_card',
    labels: ['Gift card', 'Valid until'],
    pageMm: ID_CARD,
    marks: { barcode: 'GIFT-7Q4M-29XD' },
    pages: 1,
    png: 'gift-card',
  },
  {
    prompt: 'Membership card with the member number as a barcode',
    kind: 'membership_card',
    labels: ['Membership card', 'Member no.'],
    pageMm: ID_CARD,
    marks: { barcode: 'M-0042871' },
    pages: 1,
    png: 'membership-card',
  },
  {
    prompt: 'Warranty card with serial number, purchase date and a QR code to register',
    kind: 'warranty_card',
    labels: ['Warranty card', 'Serial number', 'Date of purchase'],
    pageMm: [105, 148],
    pages: 1,
  },
  // Food, events, health, shipping papers.
  {
    prompt: 'Restaurant menu with dishes, descriptions and prices',
    kind: 'menu',
    labels: ['Menu'],
    tables: [['Dish', 'Description', 'Price']],
    png: 'menu',
  },
  {
    prompt: 'Recipe card for crêpes with ingredients and steps, A5',
    kind: 'recipe_card',
    labels: ['Ingredient', 'Servings'],
    pageMm: A5,
    png: 'recipe-card',
  },
  {
    prompt: 'Event programme for a one-day conference with time, session, speaker and room',
    kind: 'event_programme',
    labels: ['Programme'],
    tables: [['Time', 'Session', 'Speaker', 'Room']],
    pageMm: A5,
  },
  {
    prompt: 'Medical prescription on A5 with medication, dosage, frequency and duration and the doctor signature',
    kind: 'prescription',
    marks: { signature: true },
    labels: ['Prescription', 'Patient'],
    tables: [['Medication', 'Dosage', 'Frequency', 'Duration']],
    pageMm: A5,
  },
  {
    prompt: 'Donation receipt for a charity',
    kind: 'donation_receipt',
    labels: ['Donation receipt', 'Donor', 'Total', '250.00'],
  },
  {
    prompt: 'Rent receipt for March with the tenant, landlord and amount paid',
    kind: 'rent_receipt',
    labels: ['Rent receipt', 'Tenant', 'Landlord', 'Amount paid'],
  },
  {
    prompt: 'Bill of lading with shipper, consignee, packages and weights, and a barcode',
    kind: 'bill_of_lading',
    labels: ['Bill of lading', 'Shipper', 'Consignee', 'Port of loading'],
    marks: { barcode: 'BOL-2026-08814' },
    png: 'bill-of-lading',
  },
  {
    prompt: 'Customs declaration with contents, HS codes, weights and values',
    kind: 'customs_declaration',
    labels: ['Customs declaration', 'Recipient'],
    tables: [['HS code', 'Weight', 'Value']],
  },
  // Page formats and looks.
  {
    prompt: 'Quote on A5 in navy with a logo',
    kind: 'quote',
    labels: ['Quote'],
    marks: { logo: true },
    pageMm: A5,
  },
  {
    prompt: 'Invoice in landscape on US Letter with a barcode of the invoice number',
    kind: 'invoice',
    labels: ['Invoice'],
    pageMm: [279.4, 215.9],
    marks: { barcode: 'INV-2026-0142' },
  },
  // More languages and formats.
  {
    prompt: 'Étiquette d’adresse 4x2 pouces',
    kind: 'address_label',
    labels: [],
    pageMm: [101.6, 50.8],
    pages: 1,
  },
  {
    prompt: 'Tarjeta de embarque con puerta, asiento y código QR de la reserva',
    kind: 'boarding_pass',
    labels: ['Tarjeta de embarque', 'Puerta', 'Asiento'],
    pageMm: TICKET,
    pages: 1,
  },
  {
    prompt: 'Visitenkarte mit Telefon, E-Mail und Website',
    kind: 'business_card',
    labels: ['Telefon'],
    pageMm: [85, 55],
    pages: 1,
  },
  {
    prompt: 'Cartão de sócio com código de barras',
    kind: 'membership_card',
    labels: ['Cartão de sócio'],
    pageMm: ID_CARD,
    marks: { barcode: 'M-0042871' },
    pages: 1,
  },
  {
    prompt: 'Buono regalo con codice a barre',
    kind: 'gift_card',
    labels: ['Buono regalo'],
    pageMm: ID_CARD,
    marks: { barcode: 'GIFT-7Q4M-29XD' },
    pages: 1,
  },
  {
    prompt: 'Paklijst met streepjescode van het trackingnummer',
    kind: 'packing_slip',
    labels: ['Paklijst'],
    marks: { barcode: TRACKING },
  },
  {
    prompt: 'Zeugnis mit Fächern, Noten und Bemerkungen',
    kind: 'report_card',
    labels: ['Zeugnis', 'Schüler'],
  },
  {
    prompt: 'Informe de gastos con fecha, categoría, descripción e importe',
    kind: 'expense_report',
    labels: ['Informe de gastos', 'Total'],
    tables: [['Fecha', 'Categoría', 'Descripción', 'Importe']],
  },
  {
    prompt: 'Ordonnance sur A5 avec médicament, posologie et durée',
    kind: 'prescription',
    labels: ['Ordonnance', 'Patient'],
    tables: [['Médicament', 'Posologie', 'Durée']],
    pageMm: A5,
  },
  {
    prompt: 'Une carte de restaurant en A5 avec les plats, une description et les prix',
    kind: 'menu',
    labels: ['Carte'],
    tables: [['Plat', 'Désignation', 'Prix']],
    pageMm: A5,
  },
  {
    prompt: 'Warranty card on A6 with a barcode of the serial number',
    kind: 'warranty_card',
    labels: ['Warranty card', 'Date of purchase'],
    pageMm: [105, 148],
    marks: { barcode: 'SN-4D8K-22917' },
    pages: 1,
    png: 'warranty-card',
  },
  {
    prompt: 'Shipping label 100 x 150 mm with a QR code of the tracking number',
    kind: 'shipping_label',
    labels: ['Ship to'],
    pageMm: [100, 150],
    marks: { qr: TRACKING },
    pages: 1,
  },
  {
    prompt: 'Inventory count sheet on US Legal',
    kind: 'inventory_count',
    labels: ['Inventory count sheet', 'Variance'],
    pageMm: [215.9, 355.6],
  },
  {
    prompt: 'Concert ticket on 8x3 inch stock with a barcode of the ticket number',
    kind: 'event_ticket',
    labels: ['Venue'],
    pageMm: [203.2, 76.2],
    marks: { barcode: 'TK-58213-0147' },
    pages: 1,
  },
  {
    prompt: 'A list of employees with name, department and start date',
    kind: 'document',
    labels: ['Name', 'Department', 'Start date'],
    tables: [['Name', 'Department', 'Start date']],
    reply: /general/,
  },
  {
    prompt: 'Something nice for my team',
    kind: 'document',
    labels: [],
    reply: /general/,
  },
];
