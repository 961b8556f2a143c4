/**
 * The sandbox's checkout.js: Razorpay's browser contract (`new Razorpay(options)`, `.open()`,
 * `.close()`, `.on('payment.failed', cb)`, `options.handler`, `options.modal.ondismiss`) behind a
 * clearly marked local test modal with Success and Failure buttons. The signature is made by the
 * sandbox server (POST /razorpay/v1/checkout/pay), so the key secret never reaches the page.
 */
export const CHECKOUT_SCRIPT = String.raw`(function () {
  'use strict';
  var script = document.currentScript;
  var base = script && script.src ? script.src.replace(/\/checkout\.js(\?.*)?$/, '') : '';

  function el(tag, attrs, children) {
    var n = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === 'style') n.style.cssText = attrs[k];
      else if (k === 'text') n.textContent = attrs[k];
      else n.setAttribute(k, attrs[k]);
    });
    (children || []).forEach(function (c) { n.appendChild(c); });
    return n;
  }

  function rupees(paise) {
    var n = Number(paise) / 100;
    return '\u20b9' + n.toLocaleString('en-IN', { minimumFractionDigits: n % 1 ? 2 : 0, maximumFractionDigits: 2 });
  }

  function Razorpay(options) {
    if (!(this instanceof Razorpay)) return new Razorpay(options);
    if (!options || !options.key) throw new Error('Razorpay: options.key is required');
    this.options = options;
    this.listeners = {};
    this.root = null;
  }

  Razorpay.prototype.on = function (event, cb) {
    (this.listeners[event] = this.listeners[event] || []).push(cb);
    return this;
  };

  Razorpay.prototype.emit = function (event, payload) {
    (this.listeners[event] || []).forEach(function (cb) { cb(payload); });
  };

  Razorpay.prototype.close = function () {
    if (this.root) this.root.remove();
    this.root = null;
    if (this.previousFocus && this.previousFocus.focus) this.previousFocus.focus();
  };

  Razorpay.prototype.dismiss = function () {
    this.close();
    var modal = this.options.modal || {};
    if (typeof modal.ondismiss === 'function') modal.ondismiss();
  };

  Razorpay.prototype.pay = function (outcome, buttons) {
    var self = this;
    var o = self.options;
    buttons.forEach(function (b) { b.disabled = true; });
    fetch(base + '/v1/checkout/pay', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ key_id: o.key, order_id: o.order_id, outcome: outcome }),
    })
      .then(function (r) { return r.json(); })
      .then(function (body) {
        self.close();
        if (body && body.razorpay_signature) {
          if (typeof o.handler === 'function') o.handler(body);
        } else {
          self.emit('payment.failed', { error: (body && body.error) || { code: 'BAD_REQUEST_ERROR', description: 'Payment failed' } });
        }
      })
      .catch(function () {
        self.close();
        self.emit('payment.failed', { error: { code: 'GATEWAY_ERROR', description: 'The sandbox could not be reached', source: 'customer', step: 'payment_initiation', reason: 'network_error', metadata: { order_id: o.order_id } } });
      });
  };

  Razorpay.prototype.open = function () {
    var self = this;
    var o = self.options;
    if (self.root) return;
    self.previousFocus = document.activeElement;
    var colour = (o.theme && o.theme.color) || '#3399cc';
    var success = el('button', { type: 'button', style: 'background:' + colour + ';color:#fff;border:0;border-radius:6px;padding:10px 16px;font-weight:600;cursor:pointer', text: 'Success' });
    var failure = el('button', { type: 'button', style: 'background:#b91c1c;color:#fff;border:0;border-radius:6px;padding:10px 16px;font-weight:600;cursor:pointer', text: 'Failure' });
    var close = el('button', { type: 'button', 'aria-label': 'Close', style: 'position:absolute;top:8px;right:8px;background:none;border:0;font-size:22px;cursor:pointer', text: '\u00d7' });
    var prefill = o.prefill || {};
    var dialog = el('div', { role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'rzp-sandbox-title', 'aria-describedby': 'rzp-sandbox-note', 'data-testid': 'razorpay-sandbox', style: 'position:relative;background:#fff;color:#111;border-radius:10px;max-width:380px;width:calc(100% - 32px);padding:24px;font:14px/1.5 system-ui,sans-serif;box-shadow:0 10px 40px rgba(0,0,0,.3)' }, [
      close,
      el('p', { style: 'margin:0 0 8px;background:#fef3c7;color:#92400e;border-radius:4px;padding:4px 8px;font-weight:700;font-size:12px;text-transform:uppercase', text: 'Local sandbox \u2014 no real payment' }),
      el('h2', { id: 'rzp-sandbox-title', style: 'margin:0 0 4px;font-size:18px', text: 'Razorpay sandbox: ' + (o.name || 'Checkout') }),
      el('p', { style: 'margin:0 0 12px;color:#555', text: o.description || '' }),
      el('p', { style: 'margin:0;font-size:22px;font-weight:700', text: rupees(o.amount) + ' ' + (o.currency || 'INR') }),
      el('p', { style: 'margin:4px 0 0;color:#555;font-size:12px', text: 'Order ' + (o.order_id || '') + (prefill.email ? ' \u00b7 ' + prefill.email : '') }),
      el('p', { id: 'rzp-sandbox-note', style: 'margin:12px 0;color:#555', text: 'Choose how this test payment ends.' }),
      el('div', { style: 'display:flex;gap:8px;justify-content:flex-end' }, [failure, success]),
    ]);
    var root = el('div', { style: 'position:fixed;inset:0;z-index:2147483647;background:rgba(0,0,0,.5);display:flex;align-items:center;justify-content:center' }, [dialog]);
    success.addEventListener('click', function () { self.pay('success', [success, failure]); });
    failure.addEventListener('click', function () { self.pay('failure', [success, failure]); });
    close.addEventListener('click', function () { self.dismiss(); });
    root.addEventListener('keydown', function (e) {
      if (e.key === 'Escape') self.dismiss();
      if (e.key === 'Tab') {
        var items = [close, failure, success];
        var i = items.indexOf(document.activeElement);
        e.preventDefault();
        items[(i + (e.shiftKey ? items.length - 1 : 1)) % items.length].focus();
      }
    });
    document.body.appendChild(root);
    self.root = root;
    success.focus();
  };

  window.Razorpay = Razorpay;
})();
`;
