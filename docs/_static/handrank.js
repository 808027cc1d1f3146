// Mark each table wrapper that is wider than the screen (handrank.css shows
// a "scroll sideways" hint on it), again when the window changes size.
(function () {
  function mark() {
    document.querySelectorAll(".table-wrapper").forEach(function (w) {
      w.classList.toggle("hr-scrolls", w.scrollWidth > w.clientWidth + 1);
    });
  }
  window.addEventListener("DOMContentLoaded", mark);
  window.addEventListener("load", mark);
  window.addEventListener("resize", mark);
})();
