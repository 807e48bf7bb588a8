// Starts Swagger UI in the /docs page on the page's edition of the document (examples from the live world); the demo key buttons authorize in one click.
/* global SwaggerUIBundle */
(function () {
  var data = document.body.dataset;
  document.getElementById('api-base').textContent = window.location.origin + document.getElementById('api-base').textContent;
  var ui = SwaggerUIBundle({
    url: data.specUrl,
    dom_id: '#swagger-ui',
    layout: 'BaseLayout',
    presets: [SwaggerUIBundle.presets.apis],
    // Nothing leaves this origin: no badge from the public validator service.
    validatorUrl: null,
    deepLinking: true,
    displayOperationId: true,
    displayRequestDuration: true,
    filter: true,
    persistAuthorization: true,
  });
  function wire(buttons) {
    buttons.forEach(function (button) {
      button.setAttribute('aria-pressed', 'false');
      button.addEventListener('click', function () {
        ui.preauthorizeApiKey(data.scheme, button.dataset.demoKey);
        buttons.forEach(function (b) { b.setAttribute('aria-pressed', String(b === button)); });
      });
    });
  }
  wire(Array.prototype.slice.call(document.querySelectorAll('[data-demo-key]')));

  // Under --control-token the page lists no key: the token typed here reads them from the control API, same origin.
  // It is sent once and kept nowhere (no cookie, no storage), so a reload asks again.
  var form = document.getElementById('keys-form');
  if (form) {
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      var input = document.getElementById('control-token');
      var status = document.getElementById('keys-status');
      var holder = document.getElementById('demo-keys');
      status.textContent = '';
      fetch('/_mock/workspaces', { headers: { Authorization: 'Bearer ' + input.value }, cache: 'no-store', credentials: 'omit' })
        .then(function (res) {
          if (res.status === 401) throw new Error('That is not the control token.');
          if (!res.ok) throw new Error('The control API answered ' + res.status + '.');
          return res.json();
        })
        .then(function (rows) {
          input.value = '';
          holder.textContent = '';
          var buttons = rows.map(function (ws) {
            var button = document.createElement('button');
            button.type = 'button';
            button.className = 'demo-key';
            button.dataset.demoKey = ws.apiKey;
            // The workspace the page's examples are filled from, marked as the server marks it when it lists the keys.
            if (ws.id === data.examplesWorkspace) button.dataset.examples = 'true';
            button.title = ws.name + ' (' + (ws.plan === 'free' ? (ws.payAsYouGo ? 'free, pay-as-you-go' : 'free') : ws.plan) + ')';
            button.textContent = ws.apiKey;
            holder.appendChild(button);
            return button;
          });
          wire(buttons);
          form.style.display = 'none';
        })
        .catch(function (err) {
          status.textContent = err.message;
        });
    });
  }
  window.ui = ui;
})();
