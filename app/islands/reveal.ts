/**
 * 'Know More' on /practice-areas without React (app/routes/practice-areas+/_index.tsx): the server
 * renders the rest of the cards `hidden` and, for visitors without JavaScript, a link that reloads the
 * page with them shown (`data-reveal` names the list). This turns the link into the button the React
 * page renders; pressing it shows the hidden cards, removes the button and moves focus to the first
 * card it revealed (its heading has tabindex="-1"), so a keyboard user keeps their place.
 */
export function enhanceReveal(link: HTMLAnchorElement) {
  const listId = link.dataset.reveal ?? "";
  const list = document.getElementById(listId);
  const container = link.closest(".know-more") ?? link;
  if (!list) return;
  const button = document.createElement("button");
  button.type = "button";
  button.className = link.className;
  button.setAttribute("aria-controls", listId);
  button.setAttribute("aria-expanded", "false");
  button.textContent = link.textContent;
  button.addEventListener("click", () => {
    const revealed = Array.from(list.children).filter(
      (child): child is HTMLElement => child instanceof HTMLElement && child.hidden,
    );
    for (const card of revealed) card.hidden = false;
    container.remove();
    revealed[0]?.querySelector<HTMLElement>("h2, h3")?.focus();
  });
  link.replaceWith(button);
}
