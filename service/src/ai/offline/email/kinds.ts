import type { ValueType } from '../spec';

/**
 * The emails the offline writer knows: what each says, the data it prints (slots), and sample data that fills it.
 * Copy is English; `{slot}` in a text is the slot's value, printed with its type's filter.
 */
export const EMAIL_KINDS = [
  'password_reset',
  'verify_email',
  'welcome',
  'order_confirmation',
  'shipping',
  'receipt',
  'invoice',
  'reminder',
  'notification',
] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

/** A value the email prints: where it is in the data, its type, and how to find it in someone else's data. */
export interface Slot {
  path: string;
  type: ValueType;
  /** What a data field must be called (or mean) to take this slot's place: a key and a phrase to match. */
  phrase: string;
  /** Printed when the data leaves it out; without one the slot is required. */
  fallback?: string;
}

/** A row of the details box: a label and a slot. */
export interface Detail {
  label: string;
  slot: string;
}

/** The list the email shows as a table, and the columns of each row. */
export interface ItemsPreset {
  path: string;
  name: Slot;
  quantity?: Slot;
  price?: Slot;
  /** Slots shown under the table, in order: subtotal, shipping, tax, total. */
  totals: { label: string; slot: string; strong?: boolean }[];
}

export interface EmailPreset {
  /** The template's name and the email's subject (mj-title). */
  name: string;
  subject: string;
  /** The preview line mail clients show after the subject. */
  preview: string;
  heading: string;
  /** Paragraphs before the button. */
  intro: string[];
  button?: { label: string; slot: string };
  details: Detail[];
  items?: ItemsPreset;
  /** Paragraphs after the button and the table. */
  outro: string[];
  /** Small print under the button: a link to paste when the button does not work. */
  linkHint: boolean;
  /** Why the person gets this email, in the footer. */
  reason: string;
  /** The default accent, for the kind of message. */
  accent: string;
  slots: Record<string, Slot>;
  sample: Record<string, unknown>;
}

/** Slots every email has: who sends it, to whom. */
const COMMON: Record<string, Slot> = {
  company: { path: 'company.name', type: 'text', phrase: 'company name' },
  address: { path: 'company.address', type: 'text', phrase: 'company address', fallback: '' },
  support: { path: 'company.support_email', type: 'email', phrase: 'support email' },
  first_name: { path: 'customer.first_name', type: 'text', phrase: 'first name', fallback: 'there' },
};

const COMPANY = {
  name: 'Northwind Studio',
  address: '500 Market Street, Suite 210, San Francisco, CA 94105',
  support_email: 'support@northwind.example',
};
const CUSTOMER = { first_name: 'Ada' };
const USER = { first_name: 'Ada', email: 'ada.lovelace@example.com' };

const ITEMS = [
  { name: 'Linen notebook, A5', quantity: 2, price: 18 },
  { name: 'Brass fountain pen', quantity: 1, price: 64 },
  { name: 'Ink refills (pack of 6)', quantity: 1, price: 9.5 },
];

function items(root: string): ItemsPreset {
  return {
    path: `${root}.items`,
    name: { path: 'name', type: 'text', phrase: 'item name description product' },
    quantity: { path: 'quantity', type: 'number', phrase: 'quantity qty' },
    price: { path: 'price', type: 'money', phrase: 'price amount line total' },
    totals: [],
  };
}

export const EMAIL_PRESETS: Record<EmailKind, EmailPreset> = {
  password_reset: {
    name: 'Password reset email',
    subject: 'Reset your {company} password',
    preview: 'Choose a new password with the link inside. It expires in {expires} minutes.',
    heading: 'Reset your password',
    intro: [
      'Hi {first_name},',
      'We received a request to reset the password of your {company} account ({email}). Choose a new one with the button below.',
    ],
    button: { label: 'Reset password', slot: 'url' },
    details: [],
    outro: [
      'This link expires in {expires} minutes and works once.',
      'If you did not ask for a new password, ignore this email: your password stays as it is, and nobody can change it without this link. Worried? Write to {support}.',
    ],
    linkHint: true,
    reason: 'You are receiving this email because someone asked to reset the password of your {company} account.',
    accent: '#1f4e79',
    slots: {
      ...COMMON,
      first_name: { path: 'user.first_name', type: 'text', phrase: 'first name', fallback: 'there' },
      email: { path: 'user.email', type: 'email', phrase: 'user email' },
      url: { path: 'reset.url', type: 'url', phrase: 'reset url link' },
      expires: { path: 'reset.expires_in_minutes', type: 'number', phrase: 'expires in minutes', fallback: '60' },
    },
    sample: {
      company: COMPANY,
      user: USER,
      reset: { url: 'https://app.northwind.example/reset?token=7f3c9a', expires_in_minutes: 60 },
    },
  },
  verify_email: {
    name: 'Email verification',
    subject: 'Confirm your email address',
    preview: 'One click to confirm {email} and finish setting up your {company} account.',
    heading: 'Confirm your email address',
    intro: [
      'Hi {first_name},',
      'Thanks for signing up for {company}. Please confirm that {email} is your email address, so that we can keep your account safe.',
    ],
    button: { label: 'Confirm email address', slot: 'url' },
    details: [],
    outro: [
      'The link expires in {expires} hours. If you did not create an account, you can ignore this email, or tell us at {support}.',
    ],
    linkHint: true,
    reason: 'You are receiving this email because this address was used to sign up for {company}.',
    accent: '#2f6f4f',
    slots: {
      ...COMMON,
      first_name: { path: 'user.first_name', type: 'text', phrase: 'first name', fallback: 'there' },
      email: { path: 'user.email', type: 'email', phrase: 'user email' },
      url: { path: 'verification.url', type: 'url', phrase: 'verification confirm url link' },
      expires: { path: 'verification.expires_in_hours', type: 'number', phrase: 'expires in hours', fallback: '24' },
    },
    sample: {
      company: COMPANY,
      user: USER,
      verification: { url: 'https://app.northwind.example/verify?token=c41d2e', expires_in_hours: 24 },
    },
  },
  welcome: {
    name: 'Welcome email',
    subject: 'Welcome to {company}, {first_name}!',
    preview: 'Your account is ready. Here is how to get started.',
    heading: 'Welcome to {company}!',
    intro: [
      'Hi {first_name},',
      'Your account is ready, and we are glad to have you with us. Everything you need to get started is one click away.',
    ],
    button: { label: 'Get started', slot: 'url' },
    details: [
      { label: 'Your account', slot: 'email' },
      { label: 'Your plan', slot: 'plan' },
    ],
    outro: ['Questions? Reply to this email or write to {support}: a person reads every message.'],
    linkHint: false,
    reason: 'You are receiving this email because you created an account with {company}.',
    accent: '#6b3fa0',
    slots: {
      ...COMMON,
      first_name: { path: 'user.first_name', type: 'text', phrase: 'first name', fallback: 'there' },
      email: { path: 'user.email', type: 'email', phrase: 'user email' },
      plan: { path: 'user.plan', type: 'text', phrase: 'plan', fallback: '' },
      url: { path: 'links.get_started_url', type: 'url', phrase: 'get started dashboard url link' },
    },
    sample: {
      company: COMPANY,
      user: { ...USER, plan: 'Starter' },
      links: { get_started_url: 'https://app.northwind.example/start' },
    },
  },
  order_confirmation: {
    name: 'Order confirmation email',
    subject: 'Order {number} confirmed',
    preview: 'Thanks for your order, {first_name}! Order {number} is being prepared.',
    heading: 'Thanks for your order, {first_name}!',
    intro: [
      'We have received order <strong>{number}</strong>, placed on {date}, and we are getting it ready. We will email you again as soon as it ships.',
    ],
    button: { label: 'View your order', slot: 'url' },
    details: [
      { label: 'Order number', slot: 'number' },
      { label: 'Order date', slot: 'date' },
      { label: 'Payment', slot: 'payment' },
    ],
    items: {
      ...items('order'),
      totals: [
        { label: 'Subtotal', slot: 'subtotal' },
        { label: 'Shipping', slot: 'shipping' },
        { label: 'Tax', slot: 'tax' },
        { label: 'Total', slot: 'total', strong: true },
      ],
    },
    outro: ['Questions about your order? Reply to this email or write to {support}.'],
    linkHint: false,
    reason: 'You are receiving this email because you placed an order with {company}.',
    accent: '#2f5d3a',
    slots: {
      ...COMMON,
      number: { path: 'order.number', type: 'text', phrase: 'order number' },
      date: { path: 'order.date', type: 'date', phrase: 'order date placed on' },
      payment: { path: 'order.payment_method', type: 'text', phrase: 'payment method', fallback: '' },
      url: { path: 'order.url', type: 'url', phrase: 'order url link' },
      currency: { path: 'order.currency', type: 'text', phrase: 'currency', fallback: 'USD' },
      subtotal: { path: 'order.subtotal', type: 'money', phrase: 'subtotal' },
      shipping: { path: 'order.shipping', type: 'money', phrase: 'shipping cost', fallback: '0' },
      tax: { path: 'order.tax', type: 'money', phrase: 'tax vat', fallback: '0' },
      total: { path: 'order.total', type: 'money', phrase: 'total amount' },
    },
    sample: {
      company: COMPANY,
      customer: CUSTOMER,
      order: {
        number: 'NW-10482',
        date: '2026-03-11',
        payment_method: 'Visa ending 4242',
        url: 'https://shop.northwind.example/orders/NW-10482',
        currency: 'USD',
        items: ITEMS,
        subtotal: 109.5,
        shipping: 6,
        tax: 9.24,
        total: 124.74,
      },
    },
  },
  shipping: {
    name: 'Shipping notification email',
    subject: 'Your order {number} is on its way',
    preview: 'Order {number} has shipped with {carrier}. Track it as it travels.',
    heading: 'Your order is on its way',
    intro: [
      'Hi {first_name},',
      'Good news: order <strong>{number}</strong> left our warehouse and is on its way to you with {carrier}.',
    ],
    button: { label: 'Track your package', slot: 'url' },
    details: [
      { label: 'Carrier', slot: 'carrier' },
      { label: 'Tracking number', slot: 'tracking' },
      { label: 'Estimated delivery', slot: 'delivery' },
    ],
    items: { ...items('order'), totals: [] },
    outro: ['Questions about your delivery? Reply to this email or write to {support}.'],
    linkHint: false,
    reason: 'You are receiving this email because you placed an order with {company}.',
    accent: '#1d5f8a',
    slots: {
      ...COMMON,
      number: { path: 'order.number', type: 'text', phrase: 'order number' },
      carrier: { path: 'shipment.carrier', type: 'text', phrase: 'carrier', fallback: 'our carrier' },
      tracking: { path: 'shipment.tracking_number', type: 'text', phrase: 'tracking number' },
      delivery: { path: 'shipment.estimated_delivery', type: 'date', phrase: 'estimated delivery date', fallback: '' },
      url: { path: 'shipment.tracking_url', type: 'url', phrase: 'tracking url link' },
      currency: { path: 'order.currency', type: 'text', phrase: 'currency', fallback: 'USD' },
    },
    sample: {
      company: COMPANY,
      customer: CUSTOMER,
      order: { number: 'NW-10482', currency: 'USD', items: ITEMS },
      shipment: {
        carrier: 'UPS',
        tracking_number: '1Z999AA10123456784',
        estimated_delivery: '2026-03-16',
        tracking_url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
      },
    },
  },
  receipt: {
    name: 'Payment receipt email',
    subject: 'Your receipt from {company}',
    preview: 'We received your payment of {amount}. Thank you!',
    heading: 'Thank you for your payment',
    intro: [
      'Hi {first_name},',
      'We received your payment of <strong>{amount}</strong> on {date}. Here is your receipt.',
    ],
    button: { label: 'Download receipt', slot: 'url' },
    details: [
      { label: 'Receipt number', slot: 'number' },
      { label: 'Date paid', slot: 'date' },
      { label: 'Payment method', slot: 'payment' },
      { label: 'Amount paid', slot: 'amount' },
    ],
    items: { ...items('receipt'), totals: [{ label: 'Total paid', slot: 'amount', strong: true }] },
    outro: ['Keep this email for your records. Questions? Write to {support}.'],
    linkHint: false,
    reason: 'You are receiving this email because you made a payment to {company}.',
    accent: '#24695c',
    slots: {
      ...COMMON,
      number: { path: 'receipt.number', type: 'text', phrase: 'receipt number' },
      date: { path: 'receipt.date', type: 'date', phrase: 'payment date paid on' },
      payment: { path: 'receipt.payment_method', type: 'text', phrase: 'payment method', fallback: '' },
      amount: { path: 'receipt.amount', type: 'money', phrase: 'amount paid total' },
      url: { path: 'receipt.url', type: 'url', phrase: 'receipt url pdf link' },
      currency: { path: 'receipt.currency', type: 'text', phrase: 'currency', fallback: 'USD' },
    },
    sample: {
      company: COMPANY,
      customer: CUSTOMER,
      receipt: {
        number: 'RCPT-2026-0311',
        date: '2026-03-11',
        payment_method: 'Visa ending 4242',
        amount: 124.74,
        currency: 'USD',
        url: 'https://billing.northwind.example/receipts/RCPT-2026-0311.pdf',
        items: ITEMS,
      },
    },
  },
  invoice: {
    name: 'Invoice email',
    subject: 'Invoice {number} from {company}',
    preview: 'Invoice {number} for {amount} is due on {due}.',
    heading: 'Invoice {number}',
    intro: [
      'Hi {first_name},',
      'Here is invoice <strong>{number}</strong> for <strong>{amount}</strong>, due on {due}. You can pay it online with the button below.',
    ],
    button: { label: 'Pay invoice', slot: 'url' },
    details: [
      { label: 'Invoice number', slot: 'number' },
      { label: 'Issued on', slot: 'date' },
      { label: 'Due on', slot: 'due' },
      { label: 'Amount due', slot: 'amount' },
    ],
    items: { ...items('invoice'), totals: [{ label: 'Amount due', slot: 'amount', strong: true }] },
    outro: ['Thank you for your business. Questions about this invoice? Write to {support}.'],
    linkHint: true,
    reason: 'You are receiving this email because you are a customer of {company}.',
    accent: '#1f4e79',
    slots: {
      ...COMMON,
      number: { path: 'invoice.number', type: 'text', phrase: 'invoice number' },
      date: { path: 'invoice.issue_date', type: 'date', phrase: 'issue date issued on' },
      due: { path: 'invoice.due_date', type: 'date', phrase: 'due date' },
      amount: { path: 'invoice.amount_due', type: 'money', phrase: 'amount due total' },
      url: { path: 'invoice.pay_url', type: 'url', phrase: 'pay url payment link' },
      currency: { path: 'invoice.currency', type: 'text', phrase: 'currency', fallback: 'USD' },
    },
    sample: {
      company: COMPANY,
      customer: CUSTOMER,
      invoice: {
        number: 'INV-2026-0042',
        issue_date: '2026-03-01',
        due_date: '2026-03-31',
        amount_due: 124.74,
        currency: 'USD',
        pay_url: 'https://billing.northwind.example/pay/INV-2026-0042',
        items: ITEMS,
      },
    },
  },
  reminder: {
    name: 'Appointment reminder email',
    subject: 'Reminder: {title} on {date}',
    preview: 'See you on {date} at {time}.',
    heading: 'See you soon, {first_name}',
    intro: ['This is a reminder of your appointment, <strong>{title}</strong>, on {date} at {time}.'],
    button: { label: 'Manage your booking', slot: 'url' },
    details: [
      { label: 'What', slot: 'title' },
      { label: 'When', slot: 'date' },
      { label: 'Time', slot: 'time' },
      { label: 'Where', slot: 'location' },
    ],
    outro: ['Need to change it? Use the button above at least 24 hours before, or write to {support}.'],
    linkHint: false,
    reason: 'You are receiving this email because you booked an appointment with {company}.',
    accent: '#8a4b08',
    slots: {
      ...COMMON,
      title: { path: 'appointment.title', type: 'text', phrase: 'appointment title service name' },
      date: { path: 'appointment.date', type: 'date', phrase: 'appointment date' },
      time: { path: 'appointment.time', type: 'text', phrase: 'time start time' },
      location: { path: 'appointment.location', type: 'text', phrase: 'location address place', fallback: '' },
      url: { path: 'appointment.manage_url', type: 'url', phrase: 'manage booking url link' },
    },
    sample: {
      company: COMPANY,
      customer: CUSTOMER,
      appointment: {
        title: 'Design review',
        date: '2026-03-18',
        time: '10:30 AM',
        location: '500 Market Street, Suite 210, San Francisco',
        manage_url: 'https://book.northwind.example/b/8812',
      },
    },
  },
  notification: {
    name: 'Notification email',
    subject: '{title}',
    preview: '{title}',
    heading: '{title}',
    intro: ['Hi {first_name},', '{body}'],
    button: { label: 'Open {company}', slot: 'url' },
    details: [],
    outro: ['Questions? Write to {support}.'],
    linkHint: false,
    reason: 'You are receiving this email because you have an account with {company}.',
    accent: '#334e68',
    slots: {
      ...COMMON,
      title: { path: 'message.title', type: 'text', phrase: 'title subject' },
      body: { path: 'message.body', type: 'longtext', phrase: 'body message text' },
      url: { path: 'message.url', type: 'url', phrase: 'url link action' },
    },
    sample: {
      company: COMPANY,
      customer: CUSTOMER,
      message: {
        title: 'Your monthly report is ready',
        body: 'The March report for your team is ready to read. It covers 1,284 orders and a revenue of $48,210.',
        url: 'https://app.northwind.example/reports/2026-03',
      },
    },
  },
};

/**
 * Words that name each kind in a request, folded (lower case, no accents), in the seven languages the document
 * writer reads. The first kind whose words appear wins, so the specific ones come first.
 */
export const EMAIL_KIND_WORDS: [EmailKind, RegExp][] = [
  [
    'password_reset',
    /\b(password|passcode|pass word|mot de passe|passwort|kennwort|contrasena|senha|password dimenticata|wachtwoord)\b|\breset\b|\bforgot\b/,
  ],
  [
    'verify_email',
    /\b(verif\w*|confirm (your |the )?(e-?mail|address|account)|activat\w*|double opt|opt-in|bestatig\w*|confirmer (votre |l'|l )?(adresse|e-?mail))\b/,
  ],
  [
    'shipping',
    /\b(shipped|shipping (notification|confirmation|update)|shipment|dispatch\w*|on its way|out for delivery|delivery (notification|update)|track(ing)? (number|link|your)|versandbestatigung|versendet|expedie\w*|enviado|spedit\w*|verzonden)\b/,
  ],
  ['order_confirmation', /\b(order|purchase|checkout|commande|bestellung|pedido|encomenda|ordine|bestelling)\b/],
  ['receipt', /\b(receipt|payment (received|confirmation)|paid|recu|quittung|beleg|recibo|ricevuta|kwitantie)\b/],
  ['invoice', /\b(invoice|bill|billing|payment (due|request)|facture|rechnung|factura|fatura|fattura|factuur)\b/],
  [
    'reminder',
    /\b(reminder|appointment|booking|reservation|meeting|event|rappel|rendez-vous|termin|erinnerung|cita|recordatorio|lembrete|promemoria|appuntamento|herinnering|afspraak)\b/,
  ],
  [
    'welcome',
    /\b(welcome|onboarding|sign ?up|signed up|new (user|member|account|customer)|bienvenue|willkommen|bienvenid\w*|bem-vind\w*|benvenut\w*|welkom)\b/,
  ],
];

/** The slots an email of this kind prints: in its texts, button, details and totals, and the sender's in the band. */
export function usedSlots(preset: EmailPreset): Set<string> {
  const texts = [preset.subject, preset.preview, preset.heading, ...preset.intro, ...preset.outro, preset.reason];
  if (preset.button) texts.push(preset.button.label);
  const used = new Set<string>(['company', 'address']);
  for (const text of texts) for (const [, name] of text.matchAll(/\{(\w+)\}/g)) used.add(name as string);
  if (preset.button) used.add(preset.button.slot);
  for (const detail of preset.details) used.add(detail.slot);
  for (const total of preset.items?.totals ?? []) used.add(total.slot);
  // Money is printed in the data's currency.
  if (preset.items?.price || [...used].some((name) => preset.slots[name]?.type === 'money')) used.add('currency');
  return new Set([...used].filter((name) => name in preset.slots));
}
