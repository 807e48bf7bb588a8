// Starts Swagger UI in the /docs page on the mock's own document; the demo key buttons authorize in one click.
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
  var buttons = document.querySelectorAll('[data-demo-key]');
  buttons.forEach(function (button) {
    button.setAttribute('aria-pressed', 'false');
    button.addEventListener('click', function () {
      ui.preauthorizeApiKey(data.scheme, button.dataset.demoKey);
      buttons.forEach(function (b) { b.setAttribute('aria-pressed', String(b === button)); });
    });
  });
  window.ui = ui;
})();
