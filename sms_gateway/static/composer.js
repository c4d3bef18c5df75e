/* The broadcast composer's figures as the official types: characters,
   encoding, SMS parts against the 4-part cap, recipients and cost. Progressive
   enhancement: without this script the form still works and "Check" asks the
   server for the same figures. Counting follows handlers/text/__init__.py (GSM 03.38). */
(function () {
  "use strict";
  var BASIC = "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
  var EXTENSION = "\f^{}\\[~]|€";

  function measure(text) {
    var gsm = true, units = 0, i, ch;
    for (i = 0; i < text.length; i++) {
      ch = text.charAt(i);
      if (BASIC.indexOf(ch) >= 0) { units += 1; } else if (EXTENSION.indexOf(ch) >= 0) { units += 2; } else { gsm = false; }
    }
    if (!gsm) { units = text.length; }  // UTF-16 code units, as UCS-2 SMS count them
    var single = gsm ? 160 : 70, part = gsm ? 153 : 67;
    var parts = units <= single ? 1 : Math.ceil(units / part);
    return { chars: Array.from(text).length, encoding: gsm ? "GSM-7" : "UCS-2", parts: parts };
  }

  function money(paise) {
    var rest = String(paise % 100);
    return "Rs " + Math.floor(paise / 100) + "." + (rest.length < 2 ? "0" + rest : rest);
  }

  function wire(form) {
    var text = form.querySelector("textarea[data-composer]");
    var meter = form.querySelector(".composer-meter");
    var village = form.querySelector("#village");
    if (!text || !meter) { return; }
    var price = parseInt(form.getAttribute("data-price-paise") || "0", 10);
    var max = parseInt(form.getAttribute("data-max-parts") || "4", 10);
    var zeroIsOne = form.getAttribute("data-zero-is-one") === "1";
    function counted(n, attribute) {
      // The server's counted(): the catalogue's "one" or "many" word, by the language's rule.
      var forms = (form.getAttribute(attribute) || "{count}|{count}").split("|");
      return forms[n === 1 || (zeroIsOne && n === 0) ? 0 : 1].replace("{count}", n);
    }
    function recipients() {
      if (!village) { return null; }
      var option = village.options ? village.options[village.selectedIndex] : village;
      var n = option && option.getAttribute("data-recipients");
      return n === null || n === undefined ? null : parseInt(n, 10);
    }
    function frames() {
      // Per reader language: [words before the text, words after, readers] (broadcast_preview.frames).
      if (!village) { return null; }
      var option = village.options ? village.options[village.selectedIndex] : village;
      var raw = option && option.getAttribute("data-frames");
      try { return raw ? JSON.parse(raw) : null; } catch (e) { return null; }
    }
    function update() {
      var words = text.value.trim().split(/\s+/).join(" ");
      var m = measure(words);
      var line = meter.getAttribute("data-label").replace("{chars}", m.chars).replace("{encoding}", m.encoding)
        .replace("{parts}", m.parts).replace("{max}", max);
      var byLanguage = frames(), people = 0, segments = 0;
      if (byLanguage) {
        // Counted as the send path counts: each reader's whole notice, in their language's script.
        Object.keys(byLanguage).forEach(function (lang) {
          var frame = byLanguage[lang];
          people += frame[2];
          segments += frame[2] * measure(frame[0] + words + frame[1]).parts;
        });
        line += " " + meter.getAttribute("data-cost").replace("{people}", counted(people, "data-person"))
          .replace("{parts}", counted(segments, "data-sms-part")).replace("{cost}", money(segments * price));
      } else if (recipients() !== null && !isNaN(recipients())) {
        line += " · " + recipients() + " × " + m.parts + " × " + money(price) + " ≈ " + money(recipients() * m.parts * price);
      }
      if (m.parts > max) { line += " " + meter.getAttribute("data-over"); }
      meter.textContent = line;
      meter.classList.toggle("over", m.parts > max);
    }
    text.addEventListener("input", update);
    if (village && village.addEventListener) { village.addEventListener("change", update); }
    if (!meter.textContent.trim()) { update(); }  // keep the server's exact figures after "Check"
  }

  function shapes(form) {
    // In India: a meeting or an auction takes its typed fields, the general notice the official's words.
    var radios = form.querySelectorAll("input[name=shape]");
    var fields = form.querySelector("#notice-fields"), words = form.querySelector("#notice-text");
    if (!radios.length) { return; }
    function show() {
      var chosen = form.querySelector("input[name=shape]:checked");
      var general = !chosen || chosen.value === "general";
      if (fields) { fields.hidden = general; }
      if (words) { words.hidden = !general; }
    }
    Array.prototype.forEach.call(radios, function (radio) { radio.addEventListener("change", show); });
    show();
  }

  Array.prototype.forEach.call(document.querySelectorAll("form[data-max-parts]"), wire);
  Array.prototype.forEach.call(document.querySelectorAll("form[data-max-parts]"), shapes);
})();
