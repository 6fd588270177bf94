// A live game's page follows the game (server-sent events, bot/web/game.py): each new play is
// added to #plays, the line score (#linescore) replaced; at the final the page reloads for the
// whole box. Without this script the page is the same, with a Refresh link.
(function () {
  "use strict";
  var plays = document.getElementById("plays");
  if (!plays || !plays.dataset.events || !window.EventSource) return;
  var source = new EventSource(plays.dataset.events);
  source.addEventListener("play", function (event) {
    var play = JSON.parse(event.data);
    var half = plays.querySelector('section.half[data-half="' + play.half + '"]');
    if (!half) {
      half = document.createElement("section");
      half.className = "half";
      half.dataset.half = String(play.half);
      var title = document.createElement("h3");
      title.textContent = play.title;
      half.appendChild(title);
      half.appendChild(document.createElement("ol"));
      plays.appendChild(half);
    }
    half.querySelector("ol").insertAdjacentHTML("beforeend", play.html);
  });
  source.addEventListener("linescore", function (event) {
    var table = document.getElementById("linescore");
    if (table) table.outerHTML = JSON.parse(event.data).html;
  });
  source.addEventListener("final", function () {
    source.close();
    window.location.reload();
  });
})();
