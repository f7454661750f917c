/**
 * The shop's pages as HTML strings, rendered by the server with their whole content, so that a
 * customer's phone on a slow network shows a tour at once and a search engine reads it without
 * running a script. Every value from the database is escaped here; a tour's description and days
 * are HTML sanitised when they were saved (security/rich-text.ts).
 */
import type { Cart, ManageChangeDates, ManageChangeQuote, ManagedBooking, ShopDeparture, ShopTour, ShopTourSummary } from '../../../shared/contract/shop.js';
import { formatMinor } from '../../../shared/money.js';
import { LOCALES, textsOf, type ShopLanguage } from './texts.js';

export interface Business {
  name: string | null;
  email: string | null;
  phone: string | null;
  address: string[];
  website: string | null;
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ENTITIES[char]!);
}

/** JSON inside a <script> element: nothing in it can end the element or open a comment. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

/** A page's address in a language: English has none in its address, German `?lang=de`. */
export function inLanguage(url: string, language: ShopLanguage): string {
  return language === 'en' ? url : `${url}${url.includes('?') ? '&' : '?'}lang=${language}`;
}

const STYLE = `
:root{color-scheme:light;--ink:#1a1f24;--muted:#4a5561;--line:#d5dbe1;--accent:#0b5d7a;--soft:#eef4f7;--ok:#1b5e20;--few:#8a4b00;--none:#b3261e}
[hidden]{display:none!important}*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--ink);background:#fff}
a{color:var(--accent)}a:focus-visible,summary:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
header,main,footer{max-width:60rem;margin:0 auto;padding:0 1rem}header{display:flex;justify-content:space-between;align-items:center;gap:1rem;padding-top:.75rem;padding-bottom:.75rem;border-bottom:1px solid var(--line)}
header a{display:inline-block;min-height:24px;padding:.25rem 0}.brand{font-weight:600;text-decoration:none;color:var(--ink)}
h1{font-size:1.75rem;line-height:1.2;margin:1rem 0 .25rem}h2{font-size:1.25rem;margin:1.75rem 0 .5rem}h3{font-size:1rem;margin:1rem 0 .25rem}
.facts{color:var(--muted);margin:0 0 1rem}.lead{font-size:1.1rem}
img{max-width:100%;height:auto;border-radius:8px;display:block}
.cards{list-style:none;padding:0;display:grid;gap:1rem;grid-template-columns:repeat(auto-fill,minmax(16rem,1fr))}
.card{border:1px solid var(--line);border-radius:10px;overflow:hidden}.card a{text-decoration:none;color:inherit;display:block}.card div{padding:.75rem}
.card h2{margin:.25rem 0;font-size:1.1rem;color:var(--accent)}.price{font-weight:600}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.4rem .5rem;border-bottom:1px solid var(--line);vertical-align:top}th{font-weight:600}
.status{font-weight:600}.AVAILABLE{color:var(--ok)}.LIMITED{color:var(--few)}.SOLD_OUT,.CLOSED{color:var(--none)}
.dates{list-style:none;padding:0;margin:0}.dates li{display:flex;flex-wrap:wrap;align-items:center;gap:.25rem 1rem;padding:.5rem 0;border-bottom:1px solid var(--line)}
.dates .when{flex:1 1 9rem;font-weight:600}.dates .status{flex:0 1 auto}.dates .price{flex:0 0 auto}
.button{display:inline-flex;align-items:center;justify-content:center;min-height:44px;min-width:44px;padding:.5rem 1rem;border-radius:8px;border:2px solid var(--accent);background:var(--accent);color:#fff;font:inherit;font-weight:600;text-decoration:none;cursor:pointer}
.button.secondary{background:#fff;color:var(--accent)}.button:focus-visible{outline:3px solid var(--ink);outline-offset:2px}.button[disabled]{opacity:.6;cursor:not-allowed}
.field{margin:.75rem 0}.field label{display:block;font-weight:600;margin-bottom:.25rem}.hint{color:var(--muted);font-weight:400;margin:.25rem 0 0}.hint:empty{display:none}.hint.left{color:var(--few);font-weight:600}.hint.spaced{margin-bottom:1rem}
input,select,textarea{font:inherit;color:inherit;min-height:44px;padding:.5rem .6rem;border:1px solid #6b7681;border-radius:6px;background:#fff;max-width:100%}
input[type=number]{width:6rem}input[type=checkbox],input[type=radio]{min-height:24px;width:24px;height:24px;margin:0 .5rem 0 0;flex:none}
select,#traveller-fields input:not([type=date]),.field input[type=email],.field input[type=tel],#contact-name,.gift .field input,textarea{width:100%}.gift #gift-amount{width:12rem}
input:focus-visible,select:focus-visible,textarea:focus-visible{outline:3px solid var(--accent);outline-offset:1px}[aria-invalid=true]{border-color:var(--none);border-width:2px}
fieldset{border:1px solid var(--line);border-radius:8px;margin:1rem 0;padding:.5rem 1rem}legend{font-weight:600;padding:0 .25rem}
.choice{display:flex;align-items:center;min-height:44px;margin:.25rem 0}.total{font-size:1.1rem;font-weight:600}
.error,.field-error,.warning{color:var(--none);font-weight:600}.error:empty,.field-error:empty,.warning:empty{display:none}.notice{background:var(--soft);border-radius:8px;padding:.75rem 1rem}
.actions{display:flex;flex-wrap:wrap;gap:.5rem}.notice.warn{position:sticky;top:0;z-index:1;border:2px solid var(--none)}
.gallery{display:grid;gap:.5rem;grid-template-columns:repeat(auto-fill,minmax(9rem,1fr))}
footer{margin-top:2.5rem;padding-top:1rem;padding-bottom:2rem;border-top:1px solid var(--line);color:var(--muted)}
`;

interface PageParts {
  language: ShopLanguage;
  title: string;
  description: string;
  /** Absolute address of this page in English (the German adds ?lang=de). */
  url: string;
  image?: string | null;
  jsonLd?: unknown;
  business: Business;
  body: string;
  /** A page for one customer (their cart): kept out of search engines. */
  noIndex?: boolean;
  /** The page's own script (the booking page's), loaded after its content. */
  script?: string;
  /** Looked at again after so many seconds (a payment on its way). */
  refreshSeconds?: number;
}

export function layout(parts: PageParts): string {
  const text = textsOf(parts.language);
  const canonical = inLanguage(parts.url, parts.language);
  const other = text.languageCode as ShopLanguage;
  const business = parts.business;
  const contact = [business.phone, business.email].filter((value): value is string => Boolean(value));
  return `<!doctype html>
<html lang="${parts.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(parts.title)}</title>
<meta name="description" content="${escapeHtml(parts.description)}">${parts.noIndex ? '\n<meta name="robots" content="noindex">' : ''}${parts.refreshSeconds ? `\n<meta http-equiv="refresh" content="${parts.refreshSeconds}">` : ''}
<link rel="canonical" href="${escapeHtml(canonical)}">
<link rel="alternate" hreflang="en" href="${escapeHtml(inLanguage(parts.url, 'en'))}">
<link rel="alternate" hreflang="de" href="${escapeHtml(inLanguage(parts.url, 'de'))}">
<link rel="alternate" hreflang="x-default" href="${escapeHtml(parts.url)}">
<meta property="og:type" content="website">
<meta property="og:title" content="${escapeHtml(parts.title)}">
<meta property="og:description" content="${escapeHtml(parts.description)}">
<meta property="og:url" content="${escapeHtml(canonical)}">
<meta property="og:locale" content="${LOCALES[parts.language].replace('-', '_')}">
${parts.image ? `<meta property="og:image" content="${escapeHtml(parts.image)}">\n` : ''}${business.name ? `<meta property="og:site_name" content="${escapeHtml(business.name)}">\n` : ''}<style>${STYLE}</style>
${parts.jsonLd ? `<script type="application/ld+json">${scriptJson(parts.jsonLd)}</script>\n` : ''}${parts.script ? `<script src="${escapeHtml(parts.script)}" defer></script>\n` : ''}</head>
<body>
<header><a class="brand" href="${escapeHtml(inLanguage('/shop', parts.language))}">${escapeHtml(business.name ?? text.ourTours)}</a><a href="${escapeHtml(inLanguage(new URL(parts.url).pathname, other))}" hreflang="${other}" lang="${other}">${text.language}</a></header>
<main id="main">
${parts.body}
</main>
<footer><p><a href="${escapeHtml(inLanguage('/shop/manage', parts.language))}">${text.findLink}</a></p>${business.name ? `<p><strong>${escapeHtml(business.name)}</strong></p>` : ''}${business.address.length > 0 ? `<p>${business.address.map(escapeHtml).join('<br>')}</p>` : ''}${contact.length > 0 ? `<p>${text.contact}: ${contact.map(escapeHtml).join(' · ')}</p>` : ''}</footer>
</body>
</html>`;
}

export const money = (minor: number, currency: string, language: ShopLanguage) => formatMinor(minor, currency, LOCALES[language]);

/** A local date (YYYY-MM-DD) in the page's language: "Tue, 1 Dec 2026" / "Di., 1. Dez. 2026". */
export function dateText(date: string, language: ShopLanguage, options: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }): string {
  return new Intl.DateTimeFormat(LOCALES[language], { ...options, timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
}

export function tourListPage(tours: ShopTourSummary[], language: ShopLanguage, business: Business, publicUrl: string, giftCards = false): string {
  const text = textsOf(language);
  const cards = tours
    .map((tour, index) => {
      const price = tour.fromPriceMinor === null ? '' : `<p class="price">${text.from} ${escapeHtml(money(tour.fromPriceMinor, tour.currency, language))} <span class="facts">${text.perAdult}</span></p>`;
      const cover = tour.cover ? `<img src="${escapeHtml(tour.cover.url)}" alt="${escapeHtml(tour.cover.alt)}" width="${tour.cover.width}" height="${tour.cover.height}"${index > 1 ? ' loading="lazy"' : ''}>` : '';
      return `<li class="card"><a href="${escapeHtml(inLanguage(`/shop/tours/${encodeURIComponent(tour.code)}`, language))}">${cover}<div><h2>${escapeHtml(tour.title)}</h2><p>${escapeHtml(tour.summary)}</p><p class="facts">${text.days(tour.durationDays)} · ${tour.nextDeparture ? `${text.nextDate}: ${escapeHtml(dateText(tour.nextDeparture, language))}` : text.noDates}</p>${price}</div></a></li>`;
    })
    .join('\n');
  const title = business.name ? `${text.ourTours} · ${business.name}` : text.ourTours;
  return layout({
    language,
    title,
    description: tours.map((tour) => tour.title).join(', ').slice(0, 300) || text.noTours,
    url: `${publicUrl}/shop`,
    business,
    // Gift cards are sold where the shop takes cards, in the currencies of its tours.
    body: `<h1>${escapeHtml(text.ourTours)}</h1>\n${tours.length > 0 ? `<ul class="cards">\n${cards}\n</ul>` : `<p>${text.noTours}</p>`}${giftCards && tours.length > 0 ? `\n<p><a href="${escapeHtml(inLanguage('/shop/gift-cards', language))}">${escapeHtml(text.giveTour)}</a></p>` : ''}`,
  });
}

/** The departures in the page's language, by month: date, time, what is left, the adult price. */
function datesSection(tour: ShopTour, departures: ShopDeparture[], language: ShopLanguage): string {
  const text = textsOf(language);
  if (departures.length === 0) return `<h2 id="dates">${text.dates}</h2><p>${text.noDates}</p>`;
  const months = new Map<string, ShopDeparture[]>();
  for (const departure of departures) {
    const month = departure.date.slice(0, 7);
    months.set(month, [...(months.get(month) ?? []), departure]);
  }
  // A list, not a table: a date, its seats, its price and its Book link wrap on a phone instead of widening the page.
  const lists = [...months.entries()]
    .map(([month, list]) => {
      const caption = dateText(`${month}-01`, language, { month: 'long', year: 'numeric' });
      const items = list
        .map((departure) => {
          const seats = departure.status === 'LIMITED' && departure.seatsLeft !== null ? text.seatsLeft(departure.seatsLeft) : text.status[departure.status];
          const price = departure.prices.ADULT === null ? '' : `<span class="price">${escapeHtml(money(departure.prices.ADULT, tour.currency, language))}</span>`;
          const when = `${escapeHtml(dateText(departure.date, language, { weekday: 'short', day: 'numeric', month: 'short' }))}, ${escapeHtml(departure.startTime)}`;
          const open = departure.status === 'AVAILABLE' || departure.status === 'LIMITED';
          const book = open
            ? `<a class="button" href="${escapeHtml(inLanguage(`/shop/tours/${encodeURIComponent(tour.code)}/book?departure=${encodeURIComponent(departure.departureId)}`, language))}" aria-label="${escapeHtml(`${text.book}: ${dateText(departure.date, language)}, ${departure.startTime}`)}">${text.book}</a>`
            : '';
          return `<li><span class="when">${when}</span><span class="status ${departure.status}">${escapeHtml(seats)}</span>${price}${book}</li>`;
        })
        .join('');
      return `<h3>${escapeHtml(caption)}</h3><ul class="dates">${items}</ul>`;
    })
    .join('\n');
  return `<h2 id="dates">${text.dates}</h2><p class="facts">${escapeHtml(text.timesIn(tour.timeZone))}</p>\n${lists}`;
}

export function tourPage(tour: ShopTour, departures: ShopDeparture[], language: ShopLanguage, business: Business, publicUrl: string, payLater = false): string {
  const text = textsOf(language);
  const url = `${publicUrl}/shop/tours/${encodeURIComponent(tour.code)}`;
  const [cover, ...more] = tour.gallery;
  const priceRows = [
    tour.prices.ADULT !== null ? `<tr><th scope="row">${text.adult}</th><td>${escapeHtml(money(tour.prices.ADULT, tour.currency, language))}</td></tr>` : '',
    tour.prices.CHILD !== null ? `<tr><th scope="row">${text.child(tour.ages.childAgeUnder)}</th><td>${escapeHtml(money(tour.prices.CHILD, tour.currency, language))}</td></tr>` : '',
    tour.prices.INFANT !== null ? `<tr><th scope="row">${text.infant(tour.ages.infantAgeUnder)}</th><td>${escapeHtml(money(tour.prices.INFANT, tour.currency, language))}</td></tr>` : '',
  ].join('');
  const extras = tour.extras.length > 0 ? `<h3>${text.extras}</h3><ul>${tour.extras.map((extra) => `<li>${escapeHtml(extra.name)}: ${escapeHtml(money(extra.priceMinor, tour.currency, language))}</li>`).join('')}</ul>` : '';
  const days = tour.itinerary.map((day) => `<h3>${text.day(day.day)}: ${escapeHtml(day.title)}</h3>${day.description}`).join('\n');
  // The tiers as the quote applies them: a tier from its days before until the next one's, none below the nearest.
  const tiers = [...tour.cancellationFees].sort((a, b) => b.daysBefore - a.daysBefore);
  const nearest = tiers.at(-1);
  const fees =
    tiers.length > 0
      ? `<ul>${tiers.map((fee, index) => `<li>${escapeHtml(text.feeTerm(fee.daysBefore, index === 0 ? null : tiers[index - 1]!.daysBefore - 1, fee.percent))}</li>`).join('')}${
          nearest && nearest.daysBefore > 0 ? `<li>${escapeHtml(text.feeNone(nearest.daysBefore))}</li>` : ''
        }</ul>`
      : `<p>${text.noFee}</p>`;
  const pictures = more.length > 0 ? `<h2>${text.pictures}</h2><div class="gallery">${more.map((picture) => `<img src="${escapeHtml(picture.url)}" alt="${escapeHtml(picture.alt)}" width="${picture.width}" height="${picture.height}" loading="lazy">`).join('')}</div>` : '';
  const open = departures.filter((departure) => departure.status === 'AVAILABLE' || departure.status === 'LIMITED');
  const lowest = open.reduce<number | null>((low, departure) => (departure.prices.ADULT !== null && (low === null || departure.prices.ADULT < low) ? departure.prices.ADULT : low), null) ?? tour.prices.ADULT;
  const digits = new Intl.NumberFormat('en', { style: 'currency', currency: tour.currency }).resolvedOptions().maximumFractionDigits ?? 2;
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'TouristTrip',
    name: tour.title,
    description: tour.summary,
    url: inLanguage(url, language),
    ...(cover && { image: [new URL(cover.url, publicUrl).href] }),
    ...(business.name && { provider: { '@type': 'Organization', name: business.name, ...(business.website && { url: business.website }) } }),
    ...(lowest !== null && {
      offers: {
        '@type': 'Offer',
        price: (lowest / 10 ** digits).toFixed(digits),
        priceCurrency: tour.currency,
        availability: open.length > 0 ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
        url: inLanguage(url, language),
      },
    }),
  };
  const facts = [text.days(tour.durationDays), text.travellers(tour.minPax, tour.maxPax)].join(' · ');
  const body = `<p><a href="${escapeHtml(inLanguage('/shop', language))}">${text.back}</a></p>
<h1>${escapeHtml(tour.title)}</h1>
<p class="facts">${escapeHtml(facts)}</p>
${cover ? `<img src="${escapeHtml(cover.url)}" alt="${escapeHtml(cover.alt)}" width="${cover.width}" height="${cover.height}" fetchpriority="high">` : ''}
<p class="lead">${escapeHtml(tour.summary)}</p>
${tour.description}
<h2>${text.prices}</h2>
<table><tbody>${priceRows}</tbody></table>
${extras}
${datesSection(tour, departures, language)}
${days ? `<h2>${text.itinerary}</h2>\n${days}` : ''}
<h2>${text.terms}</h2>
<p>${escapeHtml(tour.deposit ? text.depositTerm(tour.deposit.percent) : text.fullTerm)}${payLater ? ` ${escapeHtml(text.payLaterTerm)}` : ''}</p>
${fees}
${pictures}`;
  return layout({
    language,
    title: business.name ? `${tour.title} · ${business.name}` : tour.title,
    description: tour.summary || tour.title,
    url,
    image: cover ? new URL(cover.url, publicUrl).href : null,
    jsonLd,
    business,
    body,
  });
}

/** Every tour page in each language, with its alternates (sitemaps.org, with xhtml:link as search engines read them). */
export function sitemap(codes: string[], publicUrl: string): string {
  const entry = (url: string) =>
    `<url><loc>${escapeHtml(url)}</loc><xhtml:link rel="alternate" hreflang="en" href="${escapeHtml(inLanguage(url.split('?')[0]!, 'en'))}"/><xhtml:link rel="alternate" hreflang="de" href="${escapeHtml(inLanguage(url.split('?')[0]!, 'de'))}"/></url>`;
  const pages = [`${publicUrl}/shop`, ...codes.map((code) => `${publicUrl}/shop/tours/${encodeURIComponent(code)}`)];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${pages.flatMap((page) => [entry(page), entry(inLanguage(page, 'de'))]).join('\n')}\n</urlset>\n`;
}

/** A cart's own page, where Stripe sends the customer back: what it holds and where it stands. Never cached, never indexed. */
export function cartPage(cart: Cart, language: ShopLanguage, business: Business, publicUrl: string, waitingForPayment = false): string {
  const text = textsOf(language);
  const until = new Intl.DateTimeFormat(LOCALES[language], { hour: '2-digit', minute: '2-digit', timeZone: cart.departure.timeZone, timeZoneName: 'short' }).format(new Date(cart.expiresAt));
  const owed = cart.balanceMinor > 0 ? money(cart.balanceMinor, cart.currency, language) : null;
  // Booked with money still owed (a deposit paid, or paying later) is not "paid": it says what is due and by when.
  // Paid, but the booking was cancelled since (its seats were sold after the hold ended): the money goes back.
  const refund = (cart.status === 'released' || cart.status === 'expired') && cart.paidMinor > 0;
  const status = refund
    ? text.cartStatus.refund(money(cart.paidMinor, cart.currency, language))
    : cart.status === 'open'
      ? waitingForPayment
        ? text.cartStatus.waiting
        : text.cartStatus.open(until)
      : cart.status === 'paid' && owed !== null
        ? text.cartStatus.booked(owed, dateText(cart.balanceDueDate, language, { day: 'numeric', month: 'long', year: 'numeric' }))
        : text.cartStatus[cart.status];
  const travellers = cart.lines.map((line) => text.categoryCount(line.category, line.quantity)).join(', ');
  const row = (label: string, value: string) => `<tr><th scope="row">${label}</th><td>${value}</td></tr>`;
  const extras = cart.extras.map((extra) => row(escapeHtml(extra.name), `${extra.quantity} × ${escapeHtml(money(extra.unitPriceMinor, cart.currency, language))}`)).join('\n');
  const body = `<h1>${text.cartTitle}</h1>
<p class="lead" role="status">${escapeHtml(status)}</p>
<table><tbody>
${row(text.reference, escapeHtml(cart.reference))}
${row(text.tour, `<a href="${escapeHtml(inLanguage(`/shop/tours/${encodeURIComponent(cart.tourCode)}`, language))}">${escapeHtml(cart.tourTitle)}</a>`)}
${row(text.when, `${escapeHtml(dateText(cart.departure.date, language))}, ${escapeHtml(cart.departure.startTime)} (${escapeHtml(cart.departure.timeZone)})`)}
${row(text.who, escapeHtml(travellers))}
${extras}
${cart.promoCode && cart.promoDiscountMinor > 0 ? row(escapeHtml(text.promoCode(cart.promoCode)), escapeHtml(`−${money(cart.promoDiscountMinor, cart.currency, language)}`)) : ''}
${row(text.total, escapeHtml(money(cart.totalMinor, cart.currency, language)))}
${cart.status === 'paid' ? row(text.paid, escapeHtml(money(cart.paidMinor, cart.currency, language))) : ''}
${cart.status === 'paid' && owed !== null ? row(text.toPay, escapeHtml(owed)) : ''}
</tbody></table>
${cart.manageUrl ? `<p><a class="button" href="${escapeHtml(new URL(cart.manageUrl).pathname + new URL(cart.manageUrl).search)}">${text.seeBooking}</a></p>` : ''}`;
  return layout({ language, title: `${text.cartTitle} ${cart.reference}`, description: text.cartTitle, url: `${publicUrl}/shop/carts/${encodeURIComponent(cart.cartId)}`, business, body, noIndex: true, refreshSeconds: waitingForPayment ? 5 : undefined });
}

/** What the customer's own page shows beside the booking: a refusal, the dates to move to, a move's price, an action just done. */
export interface ManagePageParts {
  refused?: string;
  dates?: ManageChangeDates['data'];
  quote?: ManageChangeQuote;
  done?: 'cancelled' | 'changed';
}

/**
 * A customer's own booking (/shop/manage/{token}): what was booked, paid and is due, the voucher,
 * and what they may do without the office, each a plain form (the page has no script): pay the
 * rest, move to another date (its price shown first), cancel (a box ticked first). What they may
 * not do is explained, with whom to ask.
 */
export function managePage(view: ManagedBooking, token: string, language: ShopLanguage, business: Business, publicUrl: string, parts: ManagePageParts = {}): string {
  const text = textsOf(language);
  const amount = (minor: number) => escapeHtml(money(minor, view.currency, language));
  const moneyText = (minor: number) => money(minor, view.currency, language);
  const dueBy = dateText(view.balanceDueDate, language, { day: 'numeric', month: 'long', year: 'numeric' });
  // Owed back beyond what is on its way to the card: the office pays it back.
  const owedBack = Math.max(0, -view.balanceMinor - view.refundingMinor);
  const cancelled = view.status === 'cancelled';
  const status = [
    view.status === 'confirmed'
      ? view.balanceMinor > 0
        ? text.manageStatus.owing(moneyText(view.balanceMinor), dueBy)
        : text.manageStatus.confirmed
      : cancelled
        ? view.refundingMinor > 0
          ? text.refunding(true, moneyText(view.refundingMinor))
          : owedBack > 0
            ? text.manageStatus.refund(moneyText(owedBack))
            : text.manageStatus.cancelled
        : text.manageStatus.other,
    !cancelled && view.refundingMinor > 0 ? text.refunding(false, moneyText(view.refundingMinor)) : '',
    (cancelled && view.refundingMinor > 0) || (!cancelled && view.balanceMinor < 0) ? (owedBack > 0 ? text.owedBack(moneyText(owedBack)) : '') : '',
  ]
    .filter((sentence) => sentence !== '')
    .join(' ');
  const row = (label: string, value: string) => `<tr><th scope="row">${label}</th><td>${value}</td></tr>`;
  const travellers = view.travellers.map((traveller) => escapeHtml(text.travellerLine(`${traveller.firstName} ${traveller.lastName}`.trim(), text.category[traveller.category]))).join('<br>');
  const extras = view.extras.map((extra) => row(escapeHtml(extra.name), `${extra.quantity} × ${amount(extra.unitPriceMinor)}`)).join('\n');
  const contact = [business.phone, business.email].filter((value): value is string => Boolean(value)).join(' · ');
  const reach = contact === '' ? text.reachBare : text.reach(contact);
  const action = (path: string) => escapeHtml(inLanguage(`/shop/manage/${encodeURIComponent(token)}/${path}`, language));
  const quote = view.cancellationQuote;
  const whenOf = (date: string, startTime: string) => `${dateText(date, language)}, ${startTime}`;
  const pay = view.can.pay
    ? `<form method="post" action="${action('pay')}"><button class="button" type="submit">${escapeHtml(text.payNow(moneyText(view.balanceMinor)))}</button></form>`
    : '';

  // Another date: chosen from the open ones, its price shown, then the move confirmed.
  let change = '';
  if (view.can.change) {
    const dates = parts.dates ?? [];
    const asked = parts.quote;
    // The price is asked for by a plain GET of this page (it changes nothing): the back button and a reload stay harmless.
    const choose =
      dates.length === 0
        ? `<p>${escapeHtml(text.noOtherDates)}</p>`
        : `<form method="get" action="${escapeHtml(`/shop/manage/${encodeURIComponent(token)}`)}#change-quote">${language === 'de' ? '<input type="hidden" name="lang" value="de">' : ''}<div class="field"><label for="departure">${escapeHtml(text.changeLabel)}</label><select id="departure" name="quote" required>${dates
            .map(
              (date) =>
                `<option value="${escapeHtml(date.departureId)}"${asked?.departure.departureId === date.departureId ? ' selected' : ''}>${escapeHtml(`${whenOf(date.date, date.startTime)}${date.adultPriceMinor === null ? '' : ` · ${moneyText(date.adultPriceMinor)} ${text.perAdult}`}`)}</option>`,
            )
            .join('')}</select></div><button class="button secondary" type="submit">${escapeHtml(text.changeSee)}</button></form>`;
    const difference = asked
      ? asked.differenceMinor > 0
        ? text.changeMore(moneyText(asked.differenceMinor))
        : asked.differenceMinor < 0
          ? `${text.changeLess(moneyText(-asked.differenceMinor))} ${asked.newBalanceMinor < 0 ? text.changeBack(moneyText(-asked.newBalanceMinor)) : asked.newBalanceMinor > 0 ? text.changeOwed(moneyText(asked.newBalanceMinor)) : ''}`.trim()
          : text.changeSame
      : '';
    const confirm = asked
      ? `<div class="notice" id="change-quote"><p role="status">${escapeHtml(text.changeQuote(whenOf(asked.departure.date, asked.departure.startTime), moneyText(asked.newTotalMinor)))} ${escapeHtml(difference)}</p><form method="post" action="${action('change')}"><input type="hidden" name="departureId" value="${escapeHtml(asked.departure.departureId)}"><div class="actions"><button class="button" type="submit">${escapeHtml(
          text.changeConfirm(dateText(asked.departure.date, language)),
        )}</button><a class="button secondary" href="${escapeHtml(inLanguage(`/shop/manage/${encodeURIComponent(token)}`, language))}">${escapeHtml(text.keepDate)}</a></div></form></div>`
      : '';
    change = `<h2>${escapeHtml(text.changeTitle)}</h2>${confirm}${choose}`;
  } else if (view.status === 'confirmed' && (view.why.change === 'too_late' || view.why.change === 'not_offered')) {
    change = `<h2>${escapeHtml(text.changeTitle)}</h2><p>${escapeHtml(view.why.change === 'too_late' ? text.changeTooLate(view.selfService.untilHours, reach) : text.changeNotOffered(reach))}</p>`;
  }

  // Cancelling: what the terms keep today, and a box to tick so that no slip of a finger cancels.
  let cancel = '';
  if (view.can.cancel && quote) {
    const terms = quote.feeMinor > 0 ? text.cancelToday(moneyText(quote.feeMinor), moneyText(quote.refundDueMinor)) : quote.refundDueMinor > 0 ? text.cancelFree(moneyText(quote.refundDueMinor)) : text.cancelFreeUnpaid;
    cancel = `<h2>${escapeHtml(text.cancelTitle)}</h2><p>${escapeHtml(terms)}</p><form method="post" action="${action('cancel')}"><label class="choice"><input type="checkbox" name="confirm" value="yes" required>${escapeHtml(
      text.cancelBox,
    )}</label><button class="button secondary" type="submit">${escapeHtml(text.cancelButton)}</button></form>`;
  } else if (view.status === 'confirmed' && (view.why.cancel === 'too_late' || view.why.cancel === 'not_offered')) {
    cancel = `<h2>${escapeHtml(text.cancelTitle)}</h2><p>${escapeHtml(view.why.cancel === 'too_late' ? text.cancelTooLate(view.selfService.untilHours, reach) : text.cancelNotOffered(reach))}</p>`;
  }

  const done = parts.done === 'cancelled' ? text.doneCancelled : parts.done === 'changed' ? text.doneChanged : null;
  const body = `<h1>${escapeHtml(text.manageTitle(view.reference))}</h1>
${parts.refused ? `<p class="error" role="alert">${escapeHtml(parts.refused)}</p>\n` : ''}${done ? `<p class="notice" role="status">${escapeHtml(done)}</p>\n` : ''}<p class="lead"${done ? '' : ' role="status"'}>${escapeHtml(status)}</p>
<table><tbody>
${row(text.reference, escapeHtml(view.reference))}
${row(text.tour, `<a href="${escapeHtml(inLanguage(`/shop/tours/${encodeURIComponent(view.tour.code)}`, language))}">${escapeHtml(view.tour.title)}</a>`)}
${row(text.when, `${escapeHtml(dateText(view.departure.date, language))}, ${escapeHtml(view.departure.startTime)} (${escapeHtml(view.departure.timeZone)})`)}
${row(text.who, travellers)}
${extras}
${row(text.total, amount(view.totalMinor))}
${row(text.paid, amount(view.paidMinor))}
${view.refundedMinor > 0 ? row(text.refunded, amount(view.refundedMinor)) : ''}
${view.balanceMinor > 0 ? row(text.toPay, `${amount(view.balanceMinor)} (${escapeHtml(dueBy)})`) : ''}
</tbody></table>
${view.voucherUrl ? `<p><a class="button" href="${escapeHtml(view.voucherUrl)}">${text.voucher}</a></p><p class="hint spaced">${text.showVoucher}</p>` : ''}
${pay}
${change}
${cancel}`;
  return layout({ language, title: text.manageTitle(view.reference), description: text.manageTitle(view.reference), url: `${publicUrl}/shop/manage/${encodeURIComponent(token)}`, business, body, noIndex: true });
}

/** Asking for one's booking's link again (/shop/manage): a reference and a last name, answered the same whether or not a booking matches. */
export function findBookingPage(language: ShopLanguage, business: Business, publicUrl: string, said?: { text: string; refused: boolean }): string {
  const text = textsOf(language);
  const body = `<h1>${escapeHtml(text.findTitle)}</h1>
${said ? `<p class="${said.refused ? 'error' : 'notice'}" role="${said.refused ? 'alert' : 'status'}">${escapeHtml(said.text)}</p>\n` : ''}<p>${escapeHtml(text.findIntro)}</p>
<form method="post" action="${escapeHtml(inLanguage('/shop/manage', language))}">
<div class="field"><label for="reference">${escapeHtml(text.findReference)}</label><input id="reference" name="reference" required maxlength="20" autocomplete="off" autocapitalize="characters" spellcheck="false" aria-describedby="reference-hint"><p class="hint" id="reference-hint">${escapeHtml(text.findReferenceHint)}</p></div>
<div class="field"><label for="last-name">${escapeHtml(text.findLastName)}</label><input id="last-name" name="lastName" required maxlength="100" autocomplete="family-name"></div>
<button class="button" type="submit">${escapeHtml(text.findSend)}</button>
</form>`;
  return layout({ language, title: text.findTitle, description: text.findIntro, url: `${publicUrl}/shop/manage`, business, body, noIndex: true });
}
