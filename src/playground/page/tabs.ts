/**
 * Tabs as the WAI-ARIA Authoring Practices' tabs pattern makes them: a tablist of buttons, each naming the panel it
 * shows; the arrow keys, Home and End move between the tabs and show each one they reach (automatic activation),
 * and Tab leaves the list for the panel.
 */
export interface TabSpec {
  id: string;
  label: string;
  panel: HTMLElement;
}

export function createTabs(label: string, tabs: readonly TabSpec[]): HTMLElement {
  const root = document.createElement('div');
  root.className = 'playground-tabs';
  const list = document.createElement('div');
  list.setAttribute('role', 'tablist');
  list.setAttribute('aria-label', label);
  const buttons = tabs.map(({ id, label: name, panel }) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.id = `${id}-tab`;
    button.textContent = name;
    button.setAttribute('role', 'tab');
    button.setAttribute('aria-controls', `${id}-panel`);
    panel.id = `${id}-panel`;
    panel.setAttribute('role', 'tabpanel');
    panel.setAttribute('aria-labelledby', button.id);
    panel.tabIndex = 0;
    return button;
  });
  const select = (index: number, focus: boolean): void => {
    buttons.forEach((button, i) => {
      const selected = i === index;
      button.setAttribute('aria-selected', String(selected));
      button.tabIndex = selected ? 0 : -1;
      (tabs[i] as TabSpec).panel.hidden = !selected;
      if (selected && focus) button.focus();
    });
  };
  buttons.forEach((button, index) => {
    button.addEventListener('click', () => select(index, false));
    button.addEventListener('keydown', (event) => {
      const last = buttons.length - 1;
      const to = { ArrowRight: index === last ? 0 : index + 1, ArrowLeft: index === 0 ? last : index - 1, Home: 0, End: last }[event.key];
      if (to === undefined) return;
      event.preventDefault();
      select(to, true);
    });
  });
  list.append(...buttons);
  root.append(list, ...tabs.map((tab) => tab.panel));
  select(0, false);
  return root;
}
