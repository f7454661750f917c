// The shop's widget for the operator's own website: <tour-booking tour="CODE" lang="de" promo="…">
// draws the tour's next dates and prices into the host page (in a Shadow DOM, so neither page's
// styles reach the other) and books in a full-screen dialog framing the shop's booking page. The
// cart's key is kept in the host page's own storage, so a reload does not lose it. Messages are
// taken only from the shop's frame and origin; GA4's ecommerce events go to window.dataLayer.
(function () {
  'use strict';
  if (!window.customElements || customElements.get('tour-booking')) return;
  var script = document.currentScript;
  var SHOP = new URL(script ? script.src : location.href).origin;
  var WORDS = {
    en: { dates: 'Next dates', book: 'Book', more: 'All dates', left: ' left', soldOut: 'Sold out', none: 'No dates open just now.', failed: 'The dates could not be loaded.', retry: 'Try again', close: 'Close', frame: 'Booking', loading: 'Loading the dates…', resume: 'Continue your booking', tab: 'Open the booking in a new tab', from: 'from ' },
    de: { dates: 'Nächste Termine', book: 'Buchen', more: 'Alle Termine', left: ' frei', soldOut: 'Ausgebucht', none: 'Zurzeit keine Termine offen.', failed: 'Die Termine konnten nicht geladen werden.', retry: 'Erneut versuchen', close: 'Schließen', frame: 'Buchung', loading: 'Termine werden geladen…', resume: 'Buchung fortsetzen', tab: 'Buchung in neuem Tab öffnen', from: 'ab ' },
  };
  // Sizes in em, never rem: the host page's own root font size must not reach the widget.
  var STYLE =
    '.r{all:initial;display:block;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1a1f24;background:#fff;border:1px solid #d5dbe1;border-radius:10px;padding:1em;box-sizing:border-box;max-width:40em}' +
    ':where(.r *){box-sizing:border-box;font:inherit;color:inherit;letter-spacing:normal;text-transform:none}h2{font-size:1.15em;font-weight:600;margin:0 0 .5em}ul{list-style:none;margin:0;padding:0}' +
    'li{display:flex;flex-wrap:wrap;align-items:center;gap:.25em 1em;padding:.5em 0;border-bottom:1px solid #d5dbe1}.w{flex:1 1 9em;font-weight:600}.s{color:#8a4b00}' +
    'button,a.b{display:inline-flex;align-items:center;justify-content:center;min-height:44px;min-width:44px;padding:.5em 1em;border-radius:8px;border:2px solid #0b5d7a;background:#0b5d7a;color:#fff;font-weight:600;cursor:pointer;text-decoration:none}' +
    '.o{background:#fff;color:#0b5d7a}button:focus-visible,a:focus-visible{outline:3px solid #1a1f24;outline-offset:2px}a{color:#0b5d7a}p{margin:.5em 0}[hidden]{display:none!important}' +
    'dialog{all:initial;position:fixed;inset:0;width:100%;height:100%;max-width:none;max-height:none;margin:0;padding:0;border:0;background:#fff;display:flex;flex-direction:column;font:16px/1.5 system-ui,sans-serif;color:#1a1f24}' +
    'dialog:not([open]){display:none}dialog::backdrop{background:rgba(0,0,0,.5)}.h{display:flex;justify-content:flex-end;gap:.5em;padding:.25em .5em;border-bottom:1px solid #d5dbe1}iframe{flex:1;width:100%;border:0}';

  function element(tag, attributes, text) {
    var node = document.createElement(tag);
    for (var name in attributes) node.setAttribute(name, attributes[name]);
    if (text) node.textContent = text;
    return node;
  }

  function push(event, ecommerce) {
    if (!Array.isArray(window.dataLayer)) return;
    window.dataLayer.push({ ecommerce: null });
    window.dataLayer.push({ event: event, ecommerce: ecommerce });
  }

  customElements.define('tour-booking', class extends HTMLElement {
    static get observedAttributes() { return ['tour', 'lang']; }

    // Another tour or language set on the element (by a page's script, after it was drawn): drawn again for it.
    attributeChangedCallback(name, before, after) {
      if (!this.shadowRoot || before === after) return;
      if (this.dialog.open) this.dialog.close();
      this.dialog.setAttribute('aria-label', this.words().frame);
      this.info = null;
      this.load();
    }

    connectedCallback() {
      if (this.shadowRoot) return;
      var root = this.attachShadow({ mode: 'open' });
      root.appendChild(element('style', {}, STYLE));
      this.box = root.appendChild(element('div', { class: 'r' }));
      this.dialog = root.appendChild(element('dialog', { 'aria-label': this.words().frame }));
      var self = this;
      this.onMessage = function (event) { self.message(event); };
      window.addEventListener('message', this.onMessage);
      this.dialog.addEventListener('close', function () {
        self.dialog.textContent = '';
        self.frame = null;
        self.draw();
        // Focus goes back to where the booking was opened from (its date's Book button, or Continue).
        var again = self.box.querySelector(self.opener ? 'button[data-departure="' + self.opener + '"]' : 'button');
        if (again) again.focus();
      });
      this.load();
    }

    disconnectedCallback() { window.removeEventListener('message', this.onMessage); }

    // Not named lang, tour or the like: a page (React, say) may set those as the element's properties.
    language() { var asked = this.getAttribute('lang') || document.documentElement.lang || 'en'; return asked.slice(0, 2).toLowerCase() === 'de' ? 'de' : 'en'; }
    words() { return WORDS[this.language()]; }
    code() { return this.getAttribute('tour') || ''; }
    key() { return 'tour-booking:' + SHOP + ':' + this.code(); }
    cart(value) {
      try {
        if (value === undefined) return localStorage.getItem(this.key());
        if (value) localStorage.setItem(this.key(), value); else localStorage.removeItem(this.key());
      } catch { return null; }
      return null;
    }

    load() {
      var self = this;
      var asked = this.code() + ':' + this.language();
      this.asked = asked;
      this.box.textContent = '';
      this.box.appendChild(element('p', { role: 'status' }, this.words().loading));
      var from = new Date().toISOString().slice(0, 10);
      var to = new Date(Date.now() + 91 * 864e5).toISOString().slice(0, 10);
      var base = SHOP + '/api/shop/tours/' + encodeURIComponent(this.code());
      var get = function (url) { return fetch(url, { credentials: 'omit' }).then(function (r) { if (!r.ok) throw new Error(r.status); return r.json(); }); };
      Promise.all([get(base + '?lang=' + this.language()), get(base + '/availability?from=' + from + '&to=' + to + '&lang=' + this.language())]).then(function (answers) {
        if (self.asked !== asked) return; // the element was set to another tour meanwhile
        self.info = answers[0];
        self.dates = answers[1].data.filter(function (d) { return d.status === 'AVAILABLE' || d.status === 'LIMITED'; }).slice(0, 6);
        self.draw();
        // Seen once per tour: drawn again in another language, it is the same item.
        if (self.viewed === self.info.code) return;
        self.viewed = self.info.code;
        var price = self.dates.length ? self.dates[0].prices.ADULT : self.info.prices.ADULT;
        push('view_item', { currency: self.info.currency, value: self.money(price, true), items: [{ item_id: self.info.code, item_name: self.info.title, price: self.money(price, true) }] });
      }, function () { if (self.asked === asked) self.failed(); });
    }

    money(minor, plain) {
      var format = new Intl.NumberFormat(this.language() === 'de' ? 'de-DE' : 'en-GB', { style: 'currency', currency: this.info.currency });
      var value = minor / Math.pow(10, format.resolvedOptions().maximumFractionDigits);
      return plain ? value : format.format(value);
    }

    failed() {
      var self = this;
      var w = this.words();
      this.box.textContent = '';
      this.box.appendChild(element('p', { role: 'alert' }, w.failed));
      var retry = this.box.appendChild(element('button', { type: 'button' }, w.retry));
      retry.addEventListener('click', function () { self.load(); });
    }

    draw() {
      if (!this.info) return;
      var self = this;
      var w = this.words();
      var box = this.box;
      box.textContent = '';
      box.appendChild(element('h2', {}, this.info.title));
      var kept = this.cart();
      if (kept) {
        var resume = box.appendChild(element('p')).appendChild(element('button', { type: 'button' }, w.resume));
        resume.addEventListener('click', function () { self.open(null); });
      }
      if (!this.dates.length) box.appendChild(element('p', {}, w.none));
      var list = box.appendChild(element('ul', { 'aria-label': w.dates }));
      this.dates.forEach(function (d) {
        var item = list.appendChild(element('li'));
        var when = new Intl.DateTimeFormat(self.language() === 'de' ? 'de-DE' : 'en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(d.date + 'T12:00:00Z')) + ', ' + d.startTime;
        item.appendChild(element('span', { class: 'w' }, when));
        if (d.seatsLeft !== null) item.appendChild(element('span', { class: 's' }, d.seatsLeft + w.left));
        item.appendChild(element('span', {}, self.money(d.prices.ADULT)));
        var book = item.appendChild(element('button', { type: 'button', 'aria-label': w.book + ': ' + when, class: kept ? 'o' : '', 'data-departure': d.departureId }, w.book));
        book.addEventListener('click', function () { self.open(d.departureId); });
      });
      box.appendChild(element('p')).appendChild(element('a', { href: SHOP + '/shop/tours/' + encodeURIComponent(this.code()) + (this.language() === 'de' ? '?lang=de' : ''), target: '_blank', rel: 'noopener' }, w.more));
    }

    url(departureId) {
      var query = new URLSearchParams({ embed: '1', host: location.origin, lang: this.language() });
      if (departureId) query.set('departure', departureId);
      var kept = this.cart();
      if (kept) query.set('cart', kept);
      if (this.getAttribute('promo')) query.set('promo', this.getAttribute('promo'));
      return SHOP + '/shop/tours/' + encodeURIComponent(this.code()) + '/book?' + query;
    }

    open(departureId) {
      var self = this;
      this.opener = departureId;
      var w = this.words();
      var dialog = this.dialog;
      var url = this.url(departureId);
      dialog.textContent = '';
      var head = dialog.appendChild(element('div', { class: 'h' }));
      // Where the operator's shop does not allow this site to frame it, the booking opens in a tab of its own.
      var tab = head.appendChild(element('a', { class: 'b o', href: url.replace('embed=1', 'embed=0'), target: '_blank', rel: 'noopener', hidden: '' }, w.tab));
      var close = head.appendChild(element('button', { type: 'button', class: 'o' }, w.close));
      close.addEventListener('click', function () { dialog.close(); });
      this.frame = dialog.appendChild(element('iframe', { src: url, title: w.frame }));
      this.ready = false;
      // The booking page says it is ready as it loads; a frame that loaded without saying so was refused
      // by the shop (this site is not among its allowed ones): the tab is offered at once, else after 4 s.
      var offer = function () { if (!self.ready) tab.hidden = false; };
      this.frame.addEventListener('load', function () { setTimeout(offer, 300); });
      setTimeout(offer, 4000);
      dialog.showModal();
    }

    message(event) {
      var data = event.data;
      if (event.origin !== SHOP || !this.frame || event.source !== this.frame.contentWindow || !data || data.source !== 'tour-booking') return;
      var tour = { item_id: this.code(), item_name: this.info ? this.info.title : this.code() };
      // The booking page's lines and extras, each named for this tour unless it names itself (an extra).
      var items = (Array.isArray(data.items) ? data.items : [{}]).map(function (one) { return Object.assign({}, tour, one); });
      this.ready = true;
      if (data.type === 'cart') {
        this.cart(data.cartId);
        push('add_to_cart', { currency: data.currency, value: data.value, items: items });
      } else if (data.type === 'checkout') {
        push('begin_checkout', { currency: data.currency, value: data.value, items: items });
      } else if (data.type === 'close') {
        this.dialog.close();
      } else if (data.type === 'released') {
        this.cart(null);
      } else if (data.type === 'completed') {
        this.cart(null);
        push('purchase', { transaction_id: data.reference, currency: data.currency, value: data.value, items: items });
        this.dispatchEvent(new CustomEvent('booking-completed', { bubbles: true, composed: true, detail: { reference: data.reference, value: data.value, currency: data.currency } }));
      }
    }
  });
})();
