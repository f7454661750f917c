/**
 * The booking page (/shop/tours/{code}/book): date, travellers and extras, then names, contact and
 * how to pay, with the hold's time left. Its form is in the HTML; a small script of its own
 * (assets/book.js, no framework) talks to the carts' API and reads what it needs from the JSON the
 * page carries: the dates, the prices, and its words in the page's language. Prices shown before
 * the cart is made are the page's; once made, the server's.
 */
import type { ShopDeparture, ShopSettings, ShopTour } from '../../../shared/contract/shop.js';
import { CART_RULES } from '../../../shared/contract/shop.js';
import { dateText, escapeHtml, inLanguage, layout, money, scriptJson, type Business } from './templates.js';
import { textsOf, type ShopLanguage } from './texts.js';

const WORDS = {
  en: {
    title: (tour: string) => `Book: ${tour}`,
    step1: '1. Date and travellers',
    step2: '2. Who is travelling',
    date: 'Date',
    travellers: 'Travellers',
    adults: 'Adults',
    children: (under: number) => `Children (under ${under})`,
    infants: (under: number) => `Infants (under ${under})`,
    each: (price: string) => `${price} each`,
    extras: 'Extras',
    hold: 'Hold my seats',
    promo: 'Promo code (if you have one)',
    promoHint: 'Taken off when your seats are held.',
    giftCard: 'Gift card code (if you have one)',
    giftCardHint: 'The gift card pays first, as much as it holds; you pay the rest by card.',
    giftCardHintLater: 'The gift card pays first, as much as it holds; the rest is due later, as your confirmation says.',
    total: 'Total',
    contact: 'Contact',
    name: 'Your name',
    email: 'E-mail',
    emailHint: 'Your confirmation and voucher are sent here.',
    phone: 'Phone (optional)',
    notes: 'Anything we should know? (optional)',
    consent: 'Send me news of tours and offers by e-mail',
    pay: 'How to pay',
    payFullNow: 'The whole price now',
    payDepositNow: 'A deposit now, the rest before you travel',
    payLater: 'Book now, pay later (by the date your confirmation gives)',
    continue: 'Continue to payment',
    book: 'Book',
    extend: 'Keep my seats 10 more minutes',
    release: 'Give the seats up',
    noneOpen: 'No date is open for booking just now.',
    noCard: 'Card payments are not set up for this shop: please book with us by phone or e-mail.',
    noScript: 'Booking here needs JavaScript. You can also book with us by phone or e-mail:',
    noScriptAlone: 'Booking here needs JavaScript.',
    askedClosed: 'The date you chose can no longer be booked (sold out or closed): choose another below.',
    seatsLeft: (n: number) => (n === 1 ? '1 seat left' : `${n} seats left`),
  },
  de: {
    title: (tour: string) => `Buchen: ${tour}`,
    step1: '1. Termin und Reisende',
    step2: '2. Wer reist',
    date: 'Termin',
    travellers: 'Reisende',
    adults: 'Erwachsene',
    children: (under: number) => `Kinder (unter ${under})`,
    infants: (under: number) => `Kleinkinder (unter ${under})`,
    each: (price: string) => `je ${price}`,
    extras: 'Extras',
    hold: 'Plätze reservieren',
    promo: 'Aktionscode (falls Sie einen haben)',
    promoHint: 'Wird abgezogen, sobald Ihre Plätze reserviert sind.',
    giftCard: 'Gutscheincode (falls Sie einen haben)',
    giftCardHint: 'Der Gutschein zahlt zuerst, so viel er hat; den Rest zahlen Sie mit Karte.',
    giftCardHintLater: 'Der Gutschein zahlt zuerst, so viel er hat; der Rest ist später fällig, wie Ihre Bestätigung sagt.',
    total: 'Gesamt',
    contact: 'Kontakt',
    name: 'Ihr Name',
    email: 'E-Mail',
    emailHint: 'Hierhin senden wir Ihre Bestätigung und Ihren Voucher.',
    phone: 'Telefon (freiwillig)',
    notes: 'Sollten wir etwas wissen? (freiwillig)',
    consent: 'Schicken Sie mir Neuigkeiten zu Touren und Angeboten per E-Mail',
    pay: 'Zahlung',
    payFullNow: 'Den ganzen Preis jetzt',
    payDepositNow: 'Eine Anzahlung jetzt, der Rest vor der Reise',
    payLater: 'Jetzt buchen, später bezahlen (bis zum Datum in Ihrer Bestätigung)',
    continue: 'Weiter zur Zahlung',
    book: 'Buchen',
    extend: 'Plätze 10 Minuten länger behalten',
    release: 'Plätze freigeben',
    noneOpen: 'Zurzeit ist kein Termin buchbar.',
    noCard: 'Kartenzahlung ist für diesen Shop nicht eingerichtet: Bitte buchen Sie telefonisch oder per E-Mail bei uns.',
    noScript: 'Die Buchung hier braucht JavaScript. Sie können auch telefonisch oder per E-Mail bei uns buchen:',
    noScriptAlone: 'Die Buchung hier braucht JavaScript.',
    askedClosed: 'Der gewählte Termin ist nicht mehr buchbar (ausgebucht oder geschlossen): Wählen Sie unten einen anderen.',
    seatsLeft: (n: number) => (n === 1 ? 'noch 1 Platz' : `noch ${n} Plätze`),
  },
} as const;

/** The words the script writes itself, with {n}, {time}, {amount} and {category} where its values go. */
const SCRIPT_WORDS = {
  en: {
    holding: 'Holding your seats…',
    sending: 'One moment…',
    heldUntil: 'Your seats are held for you until {time}',
    minutesLeft: { one: '1 minute left', many: '{n} minutes left' },
    warning: { one: 'Your seats are released in 1 minute unless you keep them.', many: 'Your seats are released in {n} minutes unless you keep them.' },
    released: 'You gave the seats up. Choose again when you like.',
    heldOther: 'You are still holding seats on the date shown below: pay for them, or give them up to choose another date.',
    expired: 'The hold on your seats ended and they were released. Choose again to hold them anew.',
    soldOut: { none: 'Sold out: please choose another date.', one: 'Only 1 seat is left on this date.', many: 'Only {n} seats are left on this date.' },
    failed: 'Something went wrong on our side. Please try again.',
    offline: 'We could not reach the shop. Check your connection and try again.',
    fixFields: 'Please check the fields marked below.',
    payInTab: 'The payment page opened in a new tab. This page shows your booking once the payment is through.',
    traveller: 'Traveller {n} ({category})',
    category: { ADULT: 'adult', CHILD: 'child', INFANT: 'infant' },
    firstName: 'First name',
    lastName: 'Last name',
    dateOfBirth: 'Date of birth (optional)',
    payFull: 'The whole price now: {amount}',
    payDeposit: 'A deposit now: {amount}, the rest before you travel',
    each: '{amount} each',
    total: 'Total',
    promoOff: 'Promo code {code}: −{amount}, included in the total',
    toPayment: 'Continue to payment',
    bookNow: 'Book',
    required: 'is required',
    subjects: { giftCardCode: 'Gift card', promoCode: 'Promo code', travellers: 'Travellers', extras: 'Extras', contact: 'Contact', notes: 'Notes', departureId: 'Date', language: 'Language', marketingConsent: 'News by e-mail', pay: 'Payment' },
  },
  de: {
    holding: 'Ihre Plätze werden reserviert …',
    sending: 'Einen Moment …',
    heldUntil: 'Ihre Plätze sind bis {time} für Sie reserviert',
    minutesLeft: { one: 'noch 1 Minute', many: 'noch {n} Minuten' },
    warning: { one: 'Ihre Plätze werden in 1 Minute freigegeben, wenn Sie sie nicht behalten.', many: 'Ihre Plätze werden in {n} Minuten freigegeben, wenn Sie sie nicht behalten.' },
    released: 'Sie haben die Plätze freigegeben. Wählen Sie neu, wann Sie möchten.',
    heldOther: 'Sie halten noch Plätze für den unten gezeigten Termin: Bezahlen Sie sie, oder geben Sie sie frei, um einen anderen Termin zu wählen.',
    expired: 'Die Reservierung Ihrer Plätze ist abgelaufen und sie wurden freigegeben. Wählen Sie neu, um sie wieder zu reservieren.',
    soldOut: { none: 'Ausgebucht: Bitte wählen Sie einen anderen Termin.', one: 'Für diesen Termin ist nur noch 1 Platz frei.', many: 'Für diesen Termin sind nur noch {n} Plätze frei.' },
    failed: 'Bei uns ist etwas schiefgegangen. Bitte versuchen Sie es noch einmal.',
    offline: 'Der Shop war nicht erreichbar. Prüfen Sie Ihre Verbindung und versuchen Sie es noch einmal.',
    fixFields: 'Bitte prüfen Sie die unten markierten Felder.',
    payInTab: 'Die Zahlungsseite wurde in einem neuen Tab geöffnet. Diese Seite zeigt Ihre Buchung, sobald die Zahlung durch ist.',
    traveller: 'Person {n} ({category})',
    category: { ADULT: 'Erwachsene', CHILD: 'Kind', INFANT: 'Kleinkind' },
    firstName: 'Vorname',
    lastName: 'Nachname',
    dateOfBirth: 'Geburtsdatum (freiwillig)',
    payFull: 'Den ganzen Preis jetzt: {amount}',
    payDeposit: 'Eine Anzahlung jetzt: {amount}, der Rest vor der Reise',
    each: 'je {amount}',
    total: 'Gesamt',
    promoOff: 'Aktionscode {code}: −{amount}, im Gesamtpreis berücksichtigt',
    toPayment: 'Weiter zur Zahlung',
    bookNow: 'Buchen',
    required: 'ist ein Pflichtfeld',
    subjects: { giftCardCode: 'Gutschein', promoCode: 'Aktionscode', travellers: 'Reisende', extras: 'Extras', contact: 'Kontakt', notes: 'Anmerkungen', departureId: 'Termin', language: 'Sprache', marketingConsent: 'Neuigkeiten per E-Mail', pay: 'Zahlung' },
  },
} as const;

export interface BookPageInput {
  tour: ShopTour;
  /** The tour's dates open to booking, soonest first. */
  departures: ShopDeparture[];
  /** The date asked for in the address, when it is one of them. */
  selected: string | null;
  /** A date was asked for that is not open any more (sold out, closed, cancelled). */
  askedClosed: boolean;
  /** A promo code from the address (the widget's `promo`), put in its field; the server checks it with the cart. */
  promo: string;
  settings: Pick<ShopSettings, 'payLater' | 'embedOrigins'>;
  cardPayments: boolean;
  language: ShopLanguage;
  business: Business;
  publicUrl: string;
  script: string;
}

export function bookPage(input: BookPageInput): string {
  const { tour, departures, language, business } = input;
  const words = WORDS[language];
  const text = textsOf(language);
  const price = (minor: number | null) => (minor === null ? '' : money(minor, tour.currency, language));
  const seatsLeftOf = (departure: ShopDeparture) => (departure.status === 'LIMITED' && departure.seatsLeft !== null ? words.seatsLeft(departure.seatsLeft) : '');
  const option = (departure: ShopDeparture) => {
    // The price before the seats left: a phone's select shows the start of the line (and the chosen date's seats left show under it).
    const left = seatsLeftOf(departure) === '' ? '' : ` · ${seatsLeftOf(departure)}`;
    const label = `${dateText(departure.date, language)}, ${departure.startTime} · ${price(departure.prices.ADULT)}${left}`;
    return `<option value="${escapeHtml(departure.departureId)}"${departure.departureId === input.selected ? ' selected' : ''}>${escapeHtml(label)}</option>`;
  };
  const first = departures.find((departure) => departure.departureId === input.selected) ?? departures[0];
  const counter = (category: 'ADULT' | 'CHILD' | 'INFANT', label: string, value: number) => {
    const unit = first?.prices[category] ?? tour.prices[category];
    if (unit === null) return '';
    return `<div class="field count"><label for="count-${category}">${escapeHtml(label)} <span class="hint" id="price-${category}">${escapeHtml(words.each(price(unit)))}</span></label><input id="count-${category}" name="${category}" type="number" inputmode="numeric" min="0" max="${tour.maxPax ?? 99}" value="${value}" aria-describedby="price-${category}"></div>`;
  };
  const extras = tour.extras.length > 0
    ? `<fieldset><legend>${words.extras}</legend>${tour.extras
        .map((extra) => `<div class="field count"><label for="extra-${escapeHtml(extra.componentId)}">${escapeHtml(extra.name)} <span class="hint">${escapeHtml(words.each(price(extra.priceMinor)))}</span></label><input id="extra-${escapeHtml(extra.componentId)}" name="extra" data-component="${escapeHtml(extra.componentId)}" type="number" inputmode="numeric" min="0" max="${tour.maxPax ?? 99}" value="0"><p class="field-error" id="extra-${escapeHtml(extra.componentId)}-error"></p></div>`)
        .join('')}</fieldset>`
    : '';
  const contact = [business.phone, business.email].filter((value): value is string => Boolean(value)).map(escapeHtml).join(' · ');
  const payChoices = [
    input.cardPayments ? `<label class="choice"><input type="radio" name="pay" value="full" checked> <span id="pay-full-text">${words.payFullNow}</span></label>` : '',
    input.cardPayments && tour.deposit ? `<label class="choice"><input type="radio" name="pay" value="deposit"> <span id="pay-deposit-text">${words.payDepositNow}</span></label>` : '',
    input.settings.payLater ? `<label class="choice"><input type="radio" name="pay" value="later"${input.cardPayments ? '' : ' checked'}> <span>${escapeHtml(words.payLater)}</span></label>` : '',
  ].join('');
  const canPay = input.cardPayments || input.settings.payLater;
  const data = {
    code: tour.code,
    language,
    currency: tour.currency,
    maxPax: tour.maxPax,
    departures: departures.map((departure) => ({ id: departure.departureId, prices: departure.prices, left: seatsLeftOf(departure) })),
    extras: tour.extras.map((extra) => ({ id: extra.componentId, priceMinor: extra.priceMinor })),
    hostOrigins: input.settings.embedOrigins,
    cartPage: inLanguage('/shop/carts/{cartId}', language),
    words: SCRIPT_WORDS[language],
    extensionMinutes: CART_RULES.extensionMinutes,
  };
  const body = `<p><a href="${escapeHtml(inLanguage(`/shop/tours/${encodeURIComponent(tour.code)}`, language))}">${escapeHtml(tour.title)}</a></p>
<h1>${escapeHtml(words.title(tour.title))}</h1>
<noscript><p class="notice">${contact === '' ? escapeHtml(words.noScriptAlone) : `${escapeHtml(words.noScript)} ${contact}`}</p></noscript>
<div id="hold" class="notice" hidden><p id="hold-text" role="status" tabindex="-1"></p><p id="hold-warning" class="warning" role="alert"></p><p class="actions"><button id="extend" type="button" class="button secondary" hidden>${words.extend}</button> <button id="release" type="button" class="button secondary">${words.release}</button></p></div>
<p id="page-message" class="error" role="alert" tabindex="-1">${input.askedClosed && departures.length > 0 ? escapeHtml(words.askedClosed) : ''}</p>
${
  departures.length === 0
    ? `<p>${words.noneOpen}</p>`
    : `<form id="seats" novalidate>
<h2>${words.step1}</h2>
<div class="field"><label for="departure">${words.date}</label><select id="departure" name="departure" aria-describedby="seats-left">${departures.map(option).join('')}</select><p class="hint left" id="seats-left" aria-live="polite">${escapeHtml(first ? seatsLeftOf(first) : '')}</p><p class="hint">${escapeHtml(text.timesIn(tour.timeZone))}</p></div>
<fieldset><legend>${words.travellers}</legend>
${counter('ADULT', words.adults, 1)}${counter('CHILD', words.children(tour.ages.childAgeUnder), 0)}${counter('INFANT', words.infants(tour.ages.infantAgeUnder), 0)}
<p class="field-error" id="travellers-error"></p></fieldset>
${extras}
<div class="field"><label for="promo">${words.promo}</label><input id="promo" name="promo" autocomplete="off" autocapitalize="characters" spellcheck="false" maxlength="40" value="${escapeHtml(input.promo)}" aria-describedby="promo-hint"><p class="hint" id="promo-hint">${words.promoHint}</p><p class="field-error" id="promo-error"></p></div>
<p class="total" id="seats-total" aria-live="polite"></p>
<p><button type="submit" class="button" id="hold-button">${words.hold}</button></p>
</form>
<form id="details" novalidate hidden>
<h2 tabindex="-1" id="details-heading">${words.step2}</h2>
<div id="traveller-fields"></div>
<fieldset><legend>${words.contact}</legend>
<div class="field"><label for="contact-name">${words.name}</label><input id="contact-name" name="name" autocomplete="name" required maxlength="200"><p class="field-error" id="contact-name-error"></p></div>
<div class="field"><label for="contact-email">${words.email}</label><input id="contact-email" name="email" type="email" autocomplete="email" required maxlength="254" aria-describedby="contact-email-hint"><p class="hint" id="contact-email-hint">${words.emailHint}</p><p class="field-error" id="contact-email-error"></p></div>
<div class="field"><label for="contact-phone">${words.phone}</label><input id="contact-phone" name="phone" type="tel" autocomplete="tel" maxlength="40"><p class="field-error" id="contact-phone-error"></p></div>
<div class="field"><label for="notes">${words.notes}</label><textarea id="notes" name="notes" rows="3" maxlength="2000"></textarea></div>
<label class="choice"><input type="checkbox" id="consent" name="consent"> <span>${words.consent}</span></label>
</fieldset>
${canPay ? `<div class="field"><label for="gift-card">${words.giftCard}</label><input id="gift-card" name="giftCard" autocomplete="off" autocapitalize="characters" spellcheck="false" maxlength="40" aria-describedby="gift-card-hint"><p class="hint" id="gift-card-hint">${input.cardPayments ? words.giftCardHint : words.giftCardHintLater}</p><p class="field-error" id="gift-card-error"></p></div>` : ''}
${canPay ? `<fieldset><legend>${words.pay}</legend>${payChoices}</fieldset>` : `<p class="notice">${escapeHtml(words.noCard)} ${contact}</p>`}
<p class="hint" id="cart-promo"></p>
<p class="total" id="cart-total"></p>
${canPay ? `<p><button type="submit" class="button" id="pay-button">${input.cardPayments ? words.continue : words.book}</button></p>` : ''}
</form>`
}
<script type="application/json" id="book-data">${scriptJson(data)}</script>`;
  return layout({
    language,
    title: business.name ? `${words.title(tour.title)} · ${business.name}` : words.title(tour.title),
    description: tour.summary || tour.title,
    url: `${input.publicUrl}/shop/tours/${encodeURIComponent(tour.code)}/book`,
    business,
    body,
    noIndex: true,
    script: input.script,
  });
}
