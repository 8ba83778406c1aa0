// sphinx-copybutton's tooltips in the book's language: it ships no pt-BR words and picks
// them by <html lang>, so this file (loaded after copybutton.js) adds them and selects them.
if (typeof messages !== "undefined" && typeof locale !== "undefined") {
  messages["pt-BR"] = {
    copy: "Copiar",
    copy_to_clipboard: "Copiar para a área de transferência",
    copy_success: "Copiado!",
    copy_failure: "Não foi possível copiar",
  };
  locale = "pt-BR";
}
// The check mark shown after a copy was built in English before this file ran: its title
// (the tooltip) in Portuguese too.
if (typeof iconCheck !== "undefined" && typeof messages !== "undefined") {
  iconCheck = iconCheck.replace(messages["en"].copy_success, messages["pt-BR"].copy_success);
}
