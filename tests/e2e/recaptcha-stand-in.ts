/**
 * What the browser gets instead of Google's reCAPTCHA script (the machine has no internet, and
 * tests must not depend on Google): the part of the `grecaptcha` API that react-google-recaptcha
 * uses (render, reset, getResponse, execute, ready), then the `onload` callback named in the
 * script's URL, as Google's api.js does with `render=explicit`.
 *
 * The widget is a real, accessible checkbox "I'm not a robot"; ticking it calls the widget's
 * `callback` with the token the fake siteverify accepts, so the server's real captcha check runs.
 */
import { CAPTCHA_TOKEN } from './harness.js';

export function recaptchaStandIn(): string {
  return `(() => {
  const TOKEN = ${JSON.stringify(CAPTCHA_TOKEN)};
  const script = document.currentScript;
  const params = script && script.src ? new URL(script.src).searchParams : new URLSearchParams();
  const widgets = [];
  const widget = (id) => widgets[id === undefined || id === null ? 0 : id];

  function render(container, options) {
    const element = typeof container === 'string' ? document.getElementById(container) : container;
    const opts = options || {};
    const id = widgets.length;
    const dark = opts.theme === 'dark';
    const box = document.createElement('div');
    box.setAttribute('data-e2e', 'recaptcha-stand-in');
    box.style.cssText = 'display:inline-flex;align-items:center;gap:12px;padding:12px 16px;border-radius:3px;font:14px Roboto,Arial,sans-serif;' +
      (dark ? 'background:#222;color:#fff;border:1px solid #777;' : 'background:#f9f9f9;color:#000;border:1px solid #767676;');
    const input = document.createElement('input');
    input.type = 'checkbox';
    input.id = 'e2e-recaptcha-' + id;
    input.style.cssText = 'width:24px;height:24px;margin:0;';
    if (opts.tabindex !== undefined) input.tabIndex = opts.tabindex;
    const label = document.createElement('label');
    label.htmlFor = input.id;
    label.textContent = "I'm not a robot";
    box.append(input, label);
    element.appendChild(box);
    const state = { opts, input, response: '' };
    widgets.push(state);
    input.addEventListener('change', () => {
      if (input.checked) {
        state.response = TOKEN;
        if (typeof opts.callback === 'function') opts.callback(TOKEN);
      } else {
        state.response = '';
        if (typeof opts['expired-callback'] === 'function') opts['expired-callback']();
      }
    });
    return id;
  }

  const api = {
    ready: (callback) => { if (typeof callback === 'function') callback(); },
    render,
    reset: (id) => { const w = widget(id); if (w) { w.response = ''; w.input.checked = false; } },
    getResponse: (id) => { const w = widget(id); return w ? w.response : ''; },
    execute: (id) => {
      const w = widget(id);
      if (!w) return;
      w.response = TOKEN;
      w.input.checked = true;
      if (typeof w.opts.callback === 'function') w.opts.callback(TOKEN);
    },
  };
  window.grecaptcha = api;
  window.__e2eRecaptchaLoads = (window.__e2eRecaptchaLoads || 0) + 1;
  const onload = params.get('onload');
  // Like Google's api.js, call onload after this script's load event (react-async-script marks
  // the script loaded in onload and throws "Script is not loaded." if called before).
  if (onload) setTimeout(() => { if (typeof window[onload] === 'function') window[onload](); }, 0);
})();
`;
}
