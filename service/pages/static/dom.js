/* The pages' one DOM helper: an element with its attributes and children, text set as
 * text (never parsed as markup: names at the table are shown as they are typed); an
 * attribute given as null or undefined is left off. */
"use strict";

function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (name === "text") node.textContent = value;
    else if (value !== null && value !== undefined) node.setAttribute(name, value);
  }
  node.append(...children);
  return node;
}
