// The sandbox checkout: tells our server what the "fan" chose, then hands the result back to
// the donation page (inside the modal) or returns to the status page (full-page flow).
(function () {
  var orderId = document.body.getAttribute('data-order-id');
  var statusLine = document.querySelector('.status');
  var buttons = Array.prototype.slice.call(document.querySelectorAll('button[data-result]'));
  var params = new URLSearchParams(window.location.search);
  var returnUrl = params.get('return_url');
  var statusByResult = {
    paid: 'success',
    failed: 'failure',
    cancelled: 'failure',
    pending: 'pending',
  };

  function finish(result) {
    if (window.parent !== window) {
      window.parent.postMessage(
        { source: 'shabaash-sandbox-checkout', order_id: orderId, result: result },
        window.location.origin,
      );
      return;
    }
    // Only our own status page, or a plan order's plans screen (/dashboard/<slug>/plans), is a
    // valid place to return to (no open redirects).
    var isOwnPage =
      returnUrl &&
      (returnUrl.indexOf('/status') === 0 || /^\/dashboard\/[a-z0-9-]+\/plans\?/.test(returnUrl));
    var target = isOwnPage ? returnUrl : '/status?order_id=' + encodeURIComponent(orderId);
    var separator = target.indexOf('?') === -1 ? '?' : '&';
    window.location.assign(target + separator + 'status=' + statusByResult[result]);
  }

  /** The page's words in its language: the server put them on <body> (sandbox-page.text.ts). */
  function text(key) {
    return document.body.getAttribute('data-text-' + key) || '';
  }

  if (document.body.getAttribute('data-state') !== 'ACTIVE') {
    buttons.forEach(function (button) {
      button.disabled = true;
    });
    statusLine.textContent = text('already').replace(
      '{state}',
      document.body.getAttribute('data-state').toLowerCase(),
    );
  }

  buttons.forEach(function (button) {
    button.addEventListener('click', function () {
      var result = button.getAttribute('data-result');
      buttons.forEach(function (other) {
        other.disabled = true;
      });
      statusLine.textContent = text('processing');
      fetch('/sandbox/checkout/' + encodeURIComponent(orderId) + '/complete', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ result: result }),
      })
        .then(function (response) {
          if (!response.ok) throw new Error('HTTP ' + response.status);
          finish(result);
        })
        .catch(function () {
          statusLine.textContent = text('failed');
          buttons.forEach(function (other) {
            other.disabled = false;
          });
        });
    });
  });
})();
