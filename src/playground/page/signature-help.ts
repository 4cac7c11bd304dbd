/**
 * Signature help in an editor, as the language server gives it: typing `(` or `,` asks the worker for the forms of the
 * call being written, shown in a tooltip above the cursor with the argument being written in bold; while it is
 * shown, every change and cursor move asks again (so it follows the arguments and closes after the call). Escape
 * closes it.
 */
import { StateEffect, StateField, type Extension } from '@codemirror/state';
import { EditorView, keymap, showTooltip, ViewPlugin, type Tooltip, type ViewUpdate } from '@codemirror/view';
import type { PageSignatureHelp } from '../protocol.js';
import { element } from './dom.js';

/** What asks the worker: the help at an offset of the text as it is. */
export type SignatureSource = (text: string, offset: number) => Promise<PageSignatureHelp | null>;

const setSignature = StateEffect.define<Tooltip | null>();

const signatureField = StateField.define<Tooltip | null>({
  create: () => null,
  update(tooltip, transaction) {
    for (const effect of transaction.effects) if (effect.is(setSignature)) return effect.value;
    return tooltip && transaction.docChanged ? { ...tooltip, pos: transaction.changes.mapPos(tooltip.pos) } : tooltip;
  },
  provide: (field) => showTooltip.from(field),
});

/** Each form on its line; the chosen one marked, its argument being written in bold. */
function signatureDom(help: PageSignatureHelp): HTMLElement {
  const dom = element('div', 'playground-signature');
  dom.setAttribute('role', 'status');
  help.forms.forEach((form, index) => {
    const line = element('code', index === help.active ? 'playground-signature-form playground-signature-active' : 'playground-signature-form');
    const parameter = index === help.active ? help.parameter : null;
    if (parameter) line.append(form.slice(0, parameter[0]), element('strong', '', form.slice(...parameter)), form.slice(parameter[1]));
    else line.textContent = form;
    dom.append(line);
  });
  return dom;
}

/** Whether an update typed a character that opens a call's argument or the next one. */
function typedTrigger(update: ViewUpdate): boolean {
  let trigger = false;
  update.changes.iterChanges((_fromA, _toA, _fromB, _toB, inserted) => {
    trigger = /[(,]$/.test(inserted.toString());
  });
  return trigger && update.transactions.some((transaction) => transaction.isUserEvent('input'));
}

export function signatureHelp(source: SignatureSource): Extension {
  const asker = ViewPlugin.define((view) => {
    // Only the answer to the newest question is shown.
    let asked = 0;
    return {
      update(update: ViewUpdate) {
        if (!update.docChanged && !update.selectionSet) return;
        if (!typedTrigger(update) && update.state.field(signatureField) === null) return;
        const question = ++asked;
        const offset = update.state.selection.main.head;
        source(update.state.doc.toString(), offset).then(
          (help) => {
            if (question === asked) view.dispatch({ effects: setSignature.of(help ? { pos: offset, above: true, create: () => ({ dom: signatureDom(help) }) } : null) });
          },
          () => {
            if (question === asked) view.dispatch({ effects: setSignature.of(null) });
          },
        );
      },
      destroy() {
        asked = -1;
      },
    };
  });
  const close = keymap.of([
    {
      key: 'Escape',
      run: (view: EditorView) => {
        if (view.state.field(signatureField) === null) return false;
        view.dispatch({ effects: setSignature.of(null) });
        return true;
      },
    },
  ]);
  return [signatureField, asker, close];
}
