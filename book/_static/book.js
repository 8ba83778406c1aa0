// The sidebar's expand/collapse arrows (pydata-sphinx-theme's <summary> with only an icon)
// get a name a screen reader can say.
document.addEventListener("DOMContentLoaded", () => {
  for (const summary of document.querySelectorAll(".bd-sidebar summary")) {
    if (!summary.textContent.trim() && !summary.hasAttribute("aria-label")) {
      summary.setAttribute("aria-label", "Mostrar ou esconder as páginas desta seção");
    }
  }
});
