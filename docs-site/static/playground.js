// The playground of an element's docs page (docs-site/site.ts renders its markup): its controls set
// the live element's attributes, the snippet shows the element as a page would write it, "Copy HTML"
// copies that, and the log lists the tl-* events the page hears. A file of its own, loaded with
// `defer`: the docs pages have the demo's CSP, which allows no inline script or handler.
(function () {
  'use strict';
  var form = document.querySelector('[data-playground]');
  var live = document.getElementById('live-example');
  if (!form || !live) return;
  var tag = form.getAttribute('data-tag');
  var snippet = document.querySelector('[data-snippet]');
  var log = document.querySelector('[data-event-log]');
  var status = document.querySelector('[data-copy-status]');
  var controls = Array.prototype.slice.call(form.querySelectorAll('[data-attribute]'));

  function quote(value) {
    return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  }

  /** The element as a page would write it: its attributes (not the page's id) and its light DOM. */
  function markup() {
    var attributes = Array.prototype.slice
      .call(live.attributes)
      .filter(function (a) {
        return a.name !== 'id';
      })
      .map(function (a) {
        return a.value === '' ? ' ' + a.name : ' ' + a.name + '="' + quote(a.value) + '"';
      })
      .join('');
    return '<' + tag + attributes + '>' + live.innerHTML + '</' + tag + '>';
  }

  /** Whether a boolean attribute is on: present, or for one that defaults to true, not "false". */
  function isOn(control, name) {
    if (control.hasAttribute('data-default-true')) return live.getAttribute(name) !== 'false';
    return live.hasAttribute(name);
  }

  /** Controls follow the element: it changes some attributes itself (`open` goes when it closes). */
  function sync() {
    controls.forEach(function (control) {
      var name = control.getAttribute('data-attribute');
      if (control.type === 'checkbox') control.checked = isOn(control, name);
      else if (document.activeElement !== control) control.value = live.getAttribute(name) || '';
    });
    if (snippet) snippet.textContent = markup();
  }

  form.addEventListener('submit', function (event) {
    event.preventDefault();
  });
  controls.forEach(function (control) {
    var name = control.getAttribute('data-attribute');
    control.addEventListener(control.type === 'text' ? 'input' : 'change', function () {
      if (control.type === 'checkbox' && control.hasAttribute('data-default-true')) {
        if (control.checked) live.removeAttribute(name);
        else live.setAttribute(name, 'false');
      } else if (control.type === 'checkbox') live.toggleAttribute(name, control.checked);
      else if (control.value === '') live.removeAttribute(name);
      else live.setAttribute(name, control.value);
    });
  });
  new MutationObserver(sync).observe(live, { attributes: true, childList: true, characterData: true, subtree: true });
  sync();

  var copy = document.querySelector('[data-copy]');
  if (copy)
    copy.addEventListener('click', function () {
      var text = markup();
      var done = function (message) {
        if (status) status.textContent = message;
      };
      if (navigator.clipboard && navigator.clipboard.writeText)
        navigator.clipboard.writeText(text).then(
          function () {
            done('Copied.');
          },
          function () {
            done('Could not copy: select the snippet and copy it.');
          },
        );
      else done('Could not copy: select the snippet and copy it.');
    });

  if (!log) return;
  var names = JSON.parse(log.getAttribute('data-events') || '[]');
  var MAX = 50;
  function detailText(detail) {
    try {
      var text = JSON.stringify(detail);
      return text === undefined ? '' : text.length > 200 ? text.slice(0, 199) + '…' : text;
    } catch (error) {
      return String(detail);
    }
  }
  names.forEach(function (name) {
    // Capture on window: an event that an element stops, or that stays inside a shadow root's
    // document-level listeners, is still seen here first.
    window.addEventListener(
      name,
      function (event) {
        var empty = log.querySelector('.pg_empty');
        if (empty) empty.remove();
        var item = document.createElement('li');
        var label = document.createElement('code');
        label.textContent = event.type;
        var detail = document.createElement('span');
        detail.className = 'pg_detail';
        detail.textContent = detailText(event.detail);
        item.append(label, ' ', detail);
        log.prepend(item);
        while (log.children.length > MAX) log.lastElementChild.remove();
      },
      true,
    );
  });
  var clear = document.querySelector('[data-clear-log]');
  if (clear)
    clear.addEventListener('click', function () {
      log.replaceChildren();
    });
})();
