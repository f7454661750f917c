// The booking page's script: holds seats in a cart, takes the names and contact, and sends the
// customer to pay, through the shop's public API. No framework and no build step: the page's form
// is in its HTML, and this script reads its dates, prices and words from the JSON the page carries.
// In the widget's dialog (?embed=1&host=origin) it tells the host page what happens, and only a
// host origin the operator allowed.
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('book-data').textContent);
  var W = data.words;
  var $ = function (id) { return document.getElementById(id); };
  var seatsForm = $('seats');
  var details = $('details');
  if (!seatsForm) return;
  var params = new URLSearchParams(location.search);
  var host = params.get('host');
  var embedded = params.get('embed') === '1' && window.parent !== window && !!host && (host === location.origin || data.hostOrigins.indexOf(host) >= 0);
  var storeKey = 'tour-booking:' + data.code;
  var format = new Intl.NumberFormat(data.language === 'de' ? 'de-DE' : 'en-GB', { style: 'currency', currency: data.currency });
  var digits = format.resolvedOptions().maximumFractionDigits;
  var CATEGORIES = ['ADULT', 'CHILD', 'INFANT'];
  var cart = null;
  var timer = 0;
  var busy = false;

  function money(minor) { return format.format(minor / Math.pow(10, digits)); }
  function fill(text, values) { return text.replace(/\{(\w+)\}/g, function (all, key) { return key in values ? String(values[key]) : all; }); }
  function plural(forms, n) { return fill(n === 1 ? forms.one : forms.many, { n: n }); }
  function tell(type, detail) {
    if (!embedded) return;
    var message = { source: 'tour-booking', type: type };
    for (var key in detail) message[key] = detail[key];
    window.parent.postMessage(message, host);
  }
  // What the widget tells the site's analytics: the cart's lines and extras as GA4 items, with their prices and quantities.
  function sale(c) {
    var unit = Math.pow(10, digits);
    var items = c.lines.map(function (line) { return { item_variant: line.category, price: line.unitPriceMinor / unit, quantity: line.quantity }; });
    c.extras.forEach(function (extra) { items.push({ item_id: extra.componentId, item_name: extra.name, item_category: 'extra', price: extra.unitPriceMinor / unit, quantity: extra.quantity }); });
    return { cartId: c.cartId, reference: c.reference, value: c.totalMinor / unit, currency: c.currency, items: items };
  }
  function remember(key) {
    try { if (key) sessionStorage.setItem(storeKey, key); else sessionStorage.removeItem(storeKey); } catch { /* storage refused: the cart lives as long as the page */ }
  }

  function api(method, path, body) {
    var init = { method: method, credentials: 'omit', headers: { accept: 'application/json' } };
    if (body) { init.headers['content-type'] = 'application/json'; init.body = JSON.stringify(body); }
    return fetch('/api/shop' + path + '?lang=' + data.language, init).then(function (response) {
      return response.text().then(function (text) {
        var parsed = {};
        try { parsed = text ? JSON.parse(text) : {}; } catch { parsed = {}; }
        return { ok: response.ok, status: response.status, body: parsed };
      });
    }, function () { return { ok: false, status: 0, body: { message: W.offline } }; });
  }

  function say(text) {
    var box = $('page-message');
    box.textContent = text || '';
    if (text) box.focus();
  }

  function clearErrors(form) {
    var fields = form.querySelectorAll('[aria-invalid]');
    for (var i = 0; i < fields.length; i++) fields[i].removeAttribute('aria-invalid');
    var notes = form.querySelectorAll('.field-error');
    for (var j = 0; j < notes.length; j++) notes[j].textContent = '';
  }

  // A refusal's field problems beside their fields, the first of them focused. A problem with no
  // field of its own on the page (the travellers as a whole, say) is said at the top with its subject.
  function showErrors(answer, where) {
    var errors = answer.body.errors || {};
    var first = null;
    var unplaced = [];
    for (var field in errors) {
      var target = where(field);
      var note = target ? $(target + '-error') : null;
      if (!note) {
        var subject = W.subjects[field.split('.')[0]];
        unplaced.push((subject || field) + ': ' + errors[field]);
        continue;
      }
      var input = $(target);
      note.textContent = errors[field];
      if (input) {
        input.setAttribute('aria-invalid', 'true');
        input.setAttribute('aria-describedby', ((input.getAttribute('aria-describedby') || '').replace(target + '-error', '') + ' ' + target + '-error').trim());
        if (!first) first = input;
      }
    }
    if (answer.status !== 400) say(refusal(answer));
    else say(unplaced.length > 0 ? unplaced.join(' ') + (first ? ' ' + W.fixFields : '') : W.fixFields);
    if (first) first.focus();
  }

  function refusal(answer) {
    if (answer.status === 0) return W.offline;
    if (answer.body.code === 'SOLD_OUT' && typeof answer.body.available === 'number') {
      var left = answer.body.available;
      return left === 0 ? W.soldOut.none : plural({ one: W.soldOut.one, many: W.soldOut.many }, left);
    }
    return answer.body.message || W.failed;
  }

  function departure() {
    var id = $('departure').value;
    for (var i = 0; i < data.departures.length; i++) if (data.departures[i].id === id) return data.departures[i];
    return data.departures[0];
  }

  function count(category) {
    var input = $('count-' + category);
    var value = input ? parseInt(input.value, 10) : 0;
    return value > 0 ? value : 0;
  }

  function extrasChosen() {
    var inputs = seatsForm.querySelectorAll('input[data-component]');
    var chosen = [];
    for (var i = 0; i < inputs.length; i++) {
      var quantity = parseInt(inputs[i].value, 10);
      if (quantity > 0) chosen.push({ componentId: inputs[i].getAttribute('data-component'), quantity: quantity });
    }
    return chosen;
  }

  // What the page expects the seats to cost; once the cart is made, the server's total is shown.
  function preview() {
    var chosen = departure();
    var total = 0;
    // The chosen date's seats left, which a phone's narrow select cuts off.
    $('seats-left').textContent = chosen.left || '';
    CATEGORIES.forEach(function (category) {
      var price = chosen.prices[category];
      var hint = $('price-' + category);
      if (price !== null && hint) hint.textContent = fill(W.each, { amount: money(price) });
      if (price !== null) total += price * count(category);
    });
    extrasChosen().forEach(function (extra) {
      for (var i = 0; i < data.extras.length; i++) if (data.extras[i].id === extra.componentId) total += data.extras[i].priceMinor * extra.quantity;
    });
    $('seats-total').textContent = W.total + ': ' + money(total);
  }

  function setBusy(button, text) {
    busy = !!text;
    // Nothing the request was made from changes while it is on its way.
    if (button && button.id === 'hold-button') setFormDisabled(seatsForm, busy);
    if (!button) return;
    if (text) { button.setAttribute('data-label', button.textContent); button.textContent = text; button.disabled = true; }
    else { button.textContent = button.getAttribute('data-label') || button.textContent; button.disabled = false; }
  }

  // The hold's time left, told each few seconds; two minutes before it ends, a warning and a way to keep the seats.
  function tick() {
    if (!cart) return;
    var left = Date.parse(cart.expiresAt) - Date.now();
    if (left <= 0) {
      api('GET', '/carts/' + encodeURIComponent(cart.cartId)).then(function (answer) {
        if (answer.ok && answer.body.status === 'open') return show(answer.body);
        if (answer.ok && answer.body.status === 'paid') return done(answer.body);
        reset(W.expired);
      });
      return;
    }
    var minutes = Math.ceil(left / 60000);
    var time = new Intl.DateTimeFormat(data.language === 'de' ? 'de-DE' : 'en-GB', { hour: '2-digit', minute: '2-digit' }).format(new Date(cart.expiresAt));
    var text = fill(W.heldUntil, { time: time }) + ' (' + plural(W.minutesLeft, minutes) + ').';
    if ($('hold-text').textContent !== text) $('hold-text').textContent = text;
    var warn = minutes <= 2;
    var warning = warn ? plural(W.warning, minutes) : '';
    if ($('hold-warning').textContent !== warning) $('hold-warning').textContent = warning;
    $('extend').hidden = !(warn && cart.extensionsLeft > 0);
    $('hold').className = warn ? 'notice warn' : 'notice';
  }

  function travellerFields(travellers) {
    var box = $('traveller-fields');
    box.textContent = '';
    var seen = {};
    travellers.forEach(function (traveller, index) {
      var set = document.createElement('fieldset');
      var legend = document.createElement('legend');
      seen[traveller.category] = (seen[traveller.category] || 0) + 1;
      legend.textContent = fill(W.traveller, { n: index + 1, category: W.category[traveller.category] });
      set.appendChild(legend);
      var fields = [['firstName', W.firstName, index === 0 ? 'given-name' : 'off'], ['lastName', W.lastName, index === 0 ? 'family-name' : 'off']];
      if (traveller.category !== 'ADULT') fields.push(['dateOfBirth', W.dateOfBirth, 'off']);
      fields.forEach(function (field) {
        var id = 'traveller-' + index + '-' + field[0];
        var wrap = document.createElement('div');
        wrap.className = 'field';
        var label = document.createElement('label');
        label.htmlFor = id;
        label.textContent = field[1];
        var input = document.createElement('input');
        input.id = id;
        input.name = field[0];
        input.setAttribute('data-index', String(index));
        input.setAttribute('autocomplete', field[2]);
        if (field[0] === 'dateOfBirth') input.type = 'date';
        else { input.required = true; input.maxLength = 100; input.value = traveller[field[0]] || ''; }
        var note = document.createElement('p');
        note.className = 'field-error';
        note.id = id + '-error';
        wrap.appendChild(label);
        wrap.appendChild(input);
        wrap.appendChild(note);
        set.appendChild(wrap);
      });
      box.appendChild(set);
    });
    // The first traveller is usually the one booking: their name becomes the contact's unless one is typed.
    var first = $('traveller-0-firstName');
    var last = $('traveller-0-lastName');
    function contactFromTraveller() {
      var name = $('contact-name');
      if (name.getAttribute('data-typed') !== '1' && first && last) name.value = (first.value + ' ' + last.value).trim();
    }
    if (first) { first.addEventListener('input', contactFromTraveller); last.addEventListener('input', contactFromTraveller); }
  }

  // Step 1 as the cart holds it (after a reload, or taken up again): its date, counts and extras.
  function showHeld(held) {
    $('departure').value = held.departure.departureId;
    CATEGORIES.forEach(function (category) {
      var input = $('count-' + category);
      if (input) input.value = held.lines.filter(function (line) { return line.category === category; }).reduce(function (sum, line) { return sum + line.quantity; }, 0);
    });
    var inputs = seatsForm.querySelectorAll('input[data-component]');
    for (var i = 0; i < inputs.length; i++) {
      var id = inputs[i].getAttribute('data-component');
      inputs[i].value = held.extras.filter(function (extra) { return extra.componentId === id; }).reduce(function (sum, extra) { return sum + extra.quantity; }, 0);
    }
    preview();
  }

  // What is typed in step 2 is kept in the tab until the cart is paid or given up, so a reload loses nothing.
  var draftKey = function () { return storeKey + ':draft:' + (cart ? cart.cartId : ''); };
  function saveDraft() {
    if (!cart) return;
    var fields = details.querySelectorAll('input, textarea');
    var draft = {};
    // A gift card's code pays: it is not kept in the browser's storage.
    for (var i = 0; i < fields.length; i++) if (fields[i].id && fields[i].type !== 'radio' && fields[i].id !== 'gift-card') draft[fields[i].id] = fields[i].type === 'checkbox' ? fields[i].checked : fields[i].value;
    try { sessionStorage.setItem(draftKey(), JSON.stringify(draft)); } catch { /* storage refused: kept on the page only */ }
  }
  function restoreDraft() {
    var draft = null;
    try { draft = JSON.parse(sessionStorage.getItem(draftKey()) || 'null'); } catch { draft = null; }
    if (!draft) return;
    for (var id in draft) {
      var field = $(id);
      if (!field) continue;
      if (field.type === 'checkbox') field.checked = !!draft[id];
      else if (draft[id]) field.value = draft[id];
    }
    if (draft['contact-name']) $('contact-name').setAttribute('data-typed', '1');
  }
  function forgetDraft() {
    try { sessionStorage.removeItem(draftKey()); } catch { /* nothing kept */ }
  }

  function show(next) {
    var firstTime = !cart || cart.cartId !== next.cartId;
    cart = next;
    if (firstTime) showHeld(cart);
    remember(cart.cartId);
    $('hold').hidden = false;
    setFormDisabled(seatsForm, true);
    $('hold-button').hidden = true;
    if (firstTime) {
      travellerFields(cart.travellers);
      if (cart.contact) {
        $('contact-name').value = cart.contact.name;
        $('contact-name').setAttribute('data-typed', '1');
        $('contact-email').value = cart.contact.email;
        $('contact-phone').value = cart.contact.phone || '';
      }
      restoreDraft();
    }
    $('cart-total').textContent = W.total + ': ' + money(cart.totalMinor);
    // The seats' step above says the held price too, not the one before the code.
    $('seats-total').textContent = W.total + ': ' + money(cart.totalMinor);
    // What the cart's promo code took off (the lines above are the prices the server found).
    if ($('cart-promo')) $('cart-promo').textContent = cart.promoCode && cart.promoDiscountMinor > 0 ? fill(W.promoOff, { code: cart.promoCode, amount: money(cart.promoDiscountMinor) }) : '';
    if ($('pay-full-text')) $('pay-full-text').textContent = fill(W.payFull, { amount: money(cart.totalMinor) });
    if ($('pay-deposit-text')) $('pay-deposit-text').textContent = fill(W.payDeposit, { amount: money(cart.depositMinor) });
    details.hidden = false;
    tick();
    clearInterval(timer);
    timer = setInterval(tick, 5000);
  }

  function setFormDisabled(form, disabled) {
    var controls = form.querySelectorAll('input, select');
    for (var i = 0; i < controls.length; i++) controls[i].disabled = disabled;
  }

  function reset(message) {
    forgetDraft();
    cart = null;
    remember(null);
    clearInterval(timer);
    $('hold').hidden = true;
    details.hidden = true;
    setFormDisabled(seatsForm, false);
    $('hold-button').hidden = false;
    setBusy($('hold-button'), null);
    preview();
    tell('released', {});
    say(message);
  }

  function done(paid) {
    forgetDraft();
    clearInterval(timer);
    remember(null);
    tell('completed', sale(paid));
    location.assign(data.cartPage.replace('{cartId}', encodeURIComponent(paid.cartId)));
  }

  // The widget learns that its frame works (else it offers the booking in a tab of its own).
  tell('ready', {});
  // Escape inside the frame closes the widget's dialog, as it would outside it.
  if (embedded) document.addEventListener('keydown', function (event) { if (event.key === 'Escape') tell('close', {}); });
  seatsForm.addEventListener('input', preview);
  seatsForm.addEventListener('change', preview);
  seatsForm.addEventListener('submit', function (event) {
    event.preventDefault();
    if (busy) return;
    clearErrors(seatsForm);
    say('');
    var travellers = {};
    CATEGORIES.forEach(function (category) { if (count(category) > 0) travellers[category] = count(category); });
    var button = $('hold-button');
    setBusy(button, W.holding);
    var ask = { departureId: departure().id, travellers: travellers, extras: extrasChosen(), language: data.language };
    var promo = $('promo') ? $('promo').value.trim() : '';
    if (promo) ask.promoCode = promo;
    api('POST', '/carts', ask).then(function (answer) {
      setBusy(button, null);
      if (!answer.ok) {
        // A promo code that does not apply is said beside its field.
        if (answer.body && answer.body.code === 'PROMO_CODE_INVALID') answer.body.errors = { promoCode: answer.body.message };
        return showErrors(answer, function (field) {
          if (field === 'promoCode') return 'promo';
          if (field.indexOf('travellers') === 0) return 'travellers';
          var extra = /^extras\.(\d+)/.exec(field);
          if (extra) { var chosen = extrasChosen()[Number(extra[1])]; return chosen ? 'extra-' + chosen.componentId : null; }
          return null;
        });
      }
      show(answer.body);
      tell('cart', sale(answer.body));
      $('details-heading').focus();
    });
  });

  $('contact-name').addEventListener('input', function () { this.setAttribute('data-typed', '1'); });
  details.addEventListener('input', saveDraft);
  details.addEventListener('change', function (event) {
    saveDraft();
    // Paying later books at once: the button says so.
    if (event.target.name === 'pay' && $('pay-button')) $('pay-button').textContent = event.target.value === 'later' ? data.words.bookNow : data.words.toPayment;
  });

  details.addEventListener('submit', function (event) {
    event.preventDefault();
    if (busy || !cart) return;
    clearErrors(details);
    say('');
    var travellers = cart.travellers.map(function (traveller, index) {
      var value = function (name) { var input = $('traveller-' + index + '-' + name); return input ? input.value.trim() : ''; };
      var named = { category: traveller.category, firstName: value('firstName'), lastName: value('lastName') };
      if (value('dateOfBirth')) named.dateOfBirth = value('dateOfBirth');
      return named;
    });
    // Required fields left empty are named here, before anything is sent.
    var missing = {};
    if (!$('contact-name').value.trim()) missing['contact.name'] = W.required;
    if (!$('contact-email').value.trim()) missing['contact.email'] = W.required;
    travellers.forEach(function (traveller, index) {
      if (!traveller.firstName) missing['travellers.' + index + '.firstName'] = W.required;
      if (!traveller.lastName) missing['travellers.' + index + '.lastName'] = W.required;
    });
    var toField = function (field) {
      var contact = /^contact\.(\w+)$/.exec(field);
      if (contact) return 'contact-' + contact[1];
      var traveller = /^travellers\.(\d+)\.(\w+)$/.exec(field);
      return traveller ? 'traveller-' + traveller[1] + '-' + traveller[2] : null;
    };
    if (Object.keys(missing).length > 0) return showErrors({ status: 400, body: { errors: missing } }, toField);
    var pay = details.querySelector('input[name="pay"]:checked');
    var button = $('pay-button');
    setBusy(button, W.sending);
    var phone = $('contact-phone').value.trim();
    var notes = $('notes').value.trim();
    var patch = {
      contact: { name: $('contact-name').value.trim(), email: $('contact-email').value.trim(), phone: phone || null, language: data.language },
      travellers: travellers,
      marketingConsent: $('consent').checked,
    };
    if (notes) patch.notes = notes;
    api('PATCH', '/carts/' + encodeURIComponent(cart.cartId), patch).then(function (answer) {
      if (!answer.ok) {
        setBusy(button, null);
        if (answer.status === 409) return reset(refusal(answer));
        // The server names travellers in the order of its own list, by category as held: the same order as the fields.
        return showErrors(answer, toField);
      }
      cart = answer.body;
      tell('checkout', sale(cart));
      var checkout = { pay: pay ? pay.value : 'full' };
      var giftCard = $('gift-card') ? $('gift-card').value.trim() : '';
      if (giftCard) checkout.giftCardCode = giftCard;
      return api('POST', '/carts/' + encodeURIComponent(cart.cartId) + '/checkout', checkout).then(function (paid) {
        if (!paid.ok) {
          setBusy(button, null);
          // A gift card refused (unknown, expired, empty…) is said beside its field.
          if (paid.body && /^GIFT_CARD_/.test(paid.body.code || '')) { paid.body.errors = { giftCardCode: paid.body.message }; return showErrors(paid, function (field) { return field === 'giftCardCode' ? 'gift-card' : null; }); }
          if (paid.status !== 409) return showErrors(paid, toField);
          // Refused as the cart stands: if its hold is gone, start again; else say why (paying later not offered, say).
          return api('GET', '/carts/' + encodeURIComponent(cart.cartId)).then(function (now) {
            if (now.ok && now.body.status !== 'open') reset(refusal(paid));
            else say(refusal(paid));
          });
        }
        var url = paid.body.url;
        if ((pay && pay.value === 'later') || url.indexOf(location.origin + '/') === 0) {
          // Booked without a card (paying later): the booking's own page.
          return api('GET', '/carts/' + encodeURIComponent(cart.cartId)).then(function (answer) { done(answer.ok ? answer.body : cart); });
        }
        if (!embedded) { remember(cart.cartId); location.assign(url); return; }
        // A payment page cannot be framed: it opens in a tab of its own, and this page waits for the payment.
        window.open(url, '_blank', 'noopener');
        setBusy(button, null);
        say(W.payInTab);
        var wait = setInterval(function () {
          api('GET', '/carts/' + encodeURIComponent(cart.cartId)).then(function (answer) {
            if (answer.ok && answer.body.status === 'paid') { clearInterval(wait); done(answer.body); }
            else if (answer.ok && answer.body.status !== 'open') { clearInterval(wait); reset(W.expired); }
          });
        }, 3000);
      });
    });
  });

  $('extend').addEventListener('click', function () {
    if (!cart) return;
    var button = this;
    api('POST', '/carts/' + encodeURIComponent(cart.cartId) + '/extend').then(function (answer) {
      if (!answer.ok) return say(refusal(answer));
      say('');
      show(answer.body);
      // The button is gone with the warning: the new time is read out instead.
      if (button.hidden) $('hold-text').focus();
    });
  });

  $('release').addEventListener('click', function () {
    if (!cart) return reset(W.released);
    api('DELETE', '/carts/' + encodeURIComponent(cart.cartId)).then(function (answer) {
      if (answer.ok || answer.status === 404) { reset(W.released); $('departure').focus(); }
      else say(refusal(answer));
    });
  });

  preview();
  // A cart this tab (or the host page) already holds is taken up again where it was.
  var kept = params.get('cart');
  if (!kept) { try { kept = sessionStorage.getItem(storeKey); } catch { kept = null; } }
  if (kept) {
    api('GET', '/carts/' + encodeURIComponent(kept)).then(function (answer) {
      if (answer.ok && answer.body.status === 'open') {
        show(answer.body);
        // Another date was asked for (the widget's other Book button): the held one stays, and the customer is told so.
        var asked = params.get('departure');
        if (asked && asked !== answer.body.departure.departureId) say(W.heldOther);
      } else if (answer.ok && answer.body.status === 'paid') done(answer.body);
      else { remember(null); if (answer.ok) tell('released', {}); }
    });
  }
})();
