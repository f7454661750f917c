/**
 * Messages the product sends customers by itself (a booking confirmed, a payment received, balance
 * and departure reminders, a booking cancelled, a payment link a clerk sends), and the templates they are written from: per kind,
 * on or off, a subject and a text in each language, with placeholders by name. Both sides take
 * their types and rules from here.
 */
import Type, { type Static } from 'typebox';
import { IsoDateTimeSchema, NullableIsoDateTimeSchema, UuidSchema } from './common.js';
import { CUSTOMER_LANGUAGES, LanguageSchema } from './customers.js';

export const MESSAGE_KINDS = ['booking_confirmed', 'payment_received', 'balance_reminder', 'departure_reminder', 'booking_cancelled', 'payment_link', 'booking_changed', 'manage_link'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

/** Every placeholder a template may name, with what it stands for. */
export const PLACEHOLDERS = {
  'customer.name': 'The lead contact’s name',
  'booking.reference': 'The booking’s reference',
  'booking.total': 'The booking’s price',
  'booking.paid': 'What has been paid (less refunds)',
  'booking.balance': 'What is left to pay (or owed back)',
  'booking.deposit': 'The deposit the tour’s terms ask for',
  'booking.balanceDueDate': 'The day the balance is due',
  'booking.dueNow': 'What to pay now and by when, as a sentence (the deposit first while it is not paid, then the balance by its day)',
  'booking.travellers': 'The travellers, counted (2 adults, 1 child)',
  'tour.title': 'The tour’s title',
  'tour.code': 'The tour’s code',
  'departure.start': 'The departure’s local date and time, with its zone',
  'payment.amount': 'The payment or refund just recorded; in a payment link, what the link asks for',
  'payment.what': 'What a receipt is for, as a title: Payment received, or Refund made',
  'payment.link': 'A card payment page for the balance, made for the message (in a payment link: the link the clerk made); empty unless card payments are set up',
  'booking.manageLink': 'The customer’s own page of the booking (see it, its voucher and what is due); empty for a reseller’s booking',
  'booking.change': 'What a change made of the booking, as sentences (its new date, its travellers now, its new price); empty in other messages',
  'cancellation.fee': 'The fee kept on cancellation',
  'cancellation.refundDue': 'What is owed back after cancellation',
  'business.name': 'Your business’s name (BUSINESS_NAME)',
  'business.email': 'Your business’s e-mail (BUSINESS_EMAIL)',
  'business.phone': 'Your business’s phone (BUSINESS_PHONE)',
  'business.website': 'Your business’s website (BUSINESS_WEBSITE)',
} as const;
export type Placeholder = keyof typeof PLACEHOLDERS;

export const MESSAGE_RULES = {
  subject: { minLength: 1, maxLength: 200, pattern: '\\S' },
  body: { minLength: 1, maxLength: 10_000, pattern: '\\S' },
} as const;

const PLACEHOLDER_PATTERN = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The placeholders a text names that the product does not know (each once, in order). */
export function unknownPlaceholders(text: string): string[] {
  const unknown = new Set<string>();
  // Own properties only: `in` also finds what every object inherits ({{constructor}}, {{toString}}, {{__proto__}}).
  for (const match of text.matchAll(PLACEHOLDER_PATTERN)) if (!isPlaceholder(match[1]!)) unknown.add(match[1]!);
  return [...unknown];
}

/**
 * Each of `texts`' subjects and bodies that names a placeholder the product does not know, as
 * `{field: message}` under `prefix` (`texts.en.` → `texts.en.subject`); empty when all are known.
 * The server refuses with these, and the form says them before it sends.
 */
export function placeholderProblems(texts: { subject: string; body: string }, prefix: string): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const field of ['subject', 'body'] as const) {
    const unknown = unknownPlaceholders(texts[field]);
    if (unknown.length > 0) problems[`${prefix}${field}`] = `names ${unknown.map((name) => `{{${name}}}`).join(', ')}, which the product does not know`;
  }
  return problems;
}

/** Whether the product names this placeholder. */
export function isPlaceholder(name: string): name is Placeholder {
  return Object.hasOwn(PLACEHOLDERS, name);
}

/**
 * `text` with each placeholder replaced by its value, each value passed through `escape` (HTML's
 * part) or as it is. A name the product does not know, or one without a value, is left empty, so
 * that a template saved before a name was refused still renders.
 */
export function fillPlaceholders(text: string, values: Partial<Record<Placeholder, string>>, escape: (value: string) => string = (value) => value): string {
  return text.replace(PLACEHOLDER_PATTERN, (_whole, name: string) => {
    const value = isPlaceholder(name) && Object.hasOwn(values, name) ? values[name] : undefined;
    return typeof value === 'string' ? escape(value) : '';
  });
}

const TextsSchema = Type.Object(
  {
    subject: Type.String({ ...MESSAGE_RULES.subject, description: 'Placeholders such as {{booking.reference}}' }),
    body: Type.String({ ...MESSAGE_RULES.body, description: 'Plain text with placeholders; the HTML part is made from it, every value escaped' }),
  },
  { additionalProperties: false },
);

const TextsByLanguage = Type.Object(Object.fromEntries(CUSTOMER_LANGUAGES.map((language) => [language, TextsSchema])) as Record<(typeof CUSTOMER_LANGUAGES)[number], typeof TextsSchema>, { additionalProperties: false });

export const MessageKindSchema = Type.Enum([...MESSAGE_KINDS]);

export const MessageTemplateSchema = Type.Object(
  {
    kind: MessageKindSchema,
    enabled: Type.Boolean({ description: 'Off: no message of this kind is sent (none is queued while it is off)' }),
    texts: TextsByLanguage,
    custom: Type.Boolean({ description: 'Changed from the texts the product ships' }),
  },
  { title: 'MessageTemplate' },
);

export const MessageTemplateInputSchema = Type.Object({ enabled: Type.Boolean(), texts: TextsByLanguage }, { additionalProperties: false });

export const MessagePreviewInputSchema = Type.Object(
  {
    bookingId: UuidSchema,
    language: LanguageSchema,
    texts: Type.Optional(Type.Object({ subject: Type.String({ maxLength: MESSAGE_RULES.subject.maxLength }), body: Type.String({ maxLength: MESSAGE_RULES.body.maxLength }) }, { additionalProperties: false, description: 'Texts being edited, not saved yet (default: the saved ones)' })),
  },
  { additionalProperties: false },
);
export const MessagePreviewSchema = Type.Object({ subject: Type.String(), text: Type.String(), html: Type.String() }, { title: 'MessagePreview' });

export const MessageSchema = Type.Object(
  {
    id: UuidSchema,
    kind: MessageKindSchema,
    to: Type.String({ description: 'The address it went to (set when it is sent)' }),
    language: Type.String(),
    subject: Type.String({ description: 'As sent (empty while queued)' }),
    status: Type.Enum(['queued', 'sent', 'failed']),
    attempts: Type.Integer(),
    createdAt: IsoDateTimeSchema,
    sentAt: NullableIsoDateTimeSchema,
    error: Type.Union([Type.String(), Type.Null()], { description: 'Why the last attempt failed' }),
  },
  { title: 'Message' },
);

export const MessageListSchema = Type.Object({ data: Type.Array(MessageSchema) });
export const ResendMessageSchema = Type.Object({ kind: MessageKindSchema }, { additionalProperties: false });

export type Message = Static<typeof MessageSchema>;
export type MessageTemplate = Static<typeof MessageTemplateSchema>;
export type MessageTemplateInput = Static<typeof MessageTemplateInputSchema>;
export type MessagePreview = Static<typeof MessagePreviewSchema>;
