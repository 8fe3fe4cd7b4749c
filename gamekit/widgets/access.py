"""Keyboard and screen-reader access for the canvas boards (WCAG 2.1.2, 1.1.1, 4.1.2, 4.1.3).

ipycanvas 0.14 makes every canvas focusable (``tabindex=0``) and its ``keydown`` handler calls
``preventDefault()`` on every key, Tab included: once focus reaches a board it cannot leave by keyboard
(upstream: ipycanvas's ``CanvasView.onKeyDown``; see docs/accessibility.md).  ipycanvas has no setting for it, so
gamekit ships a small front-end shim as an `anywidget <https://anywidget.dev>`_ (:class:`BoardAccess`), shown
next to each board.  Its first view on a page installs, once per page:

* a ``keydown`` listener in the capture phase on ``window``: for Tab, Shift+Tab and Escape on a gamekit board it
  stops the event before it reaches ipycanvas, so the browser's own focus move happens (Escape also leaves the
  board: focus goes back to the page, and the next Tab goes on from the board);
* the lesson's language on the page: ``<html lang>`` in Voila (a Spanish lesson is ``lang="es"``), the notebook's
  element in JupyterLab;
* an ``alt`` text on charts in the lesson's outputs that have none (matplotlib PNGs), pointing to the text;
* page styles: a visible focus ring on boards that take keys, underlined links in the lesson text;
* a watcher that makes boards taking no keys (classes ``gamekit-board`` without ``gamekit-keys``: step-throughs,
  pictures) unfocusable, gives them ``role="img"``, and marks every element of class ``gamekit-live`` (status
  lines, feedback, captions) as a polite live region (``aria-live="polite"``).

Each :class:`BoardAccess` also names its own board (``aria-label``) and points its ``aria-describedby`` at a
visually hidden text of the position that the game widget rewrites after every move; ``announcement`` is a polite
live region of its own for what a keyboard cursor points at.

Nothing here changes how a board is drawn or played with a mouse; without a browser (nbval) the widget is inert.
"""

from __future__ import annotations

import itertools

import anywidget
import traitlets

from gamekit.i18n import get_language, tr

LIVE_CLASS = "gamekit-live"  # any widget with this class becomes a polite live region
KEYS_CLASS = "gamekit-keys"  # a board that takes keys (stays in the Tab order)

_board_numbers = itertools.count(1)

_ESM = r"""
const HIDDEN = 'position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;' +
               'clip:rect(0,0,0,0);white-space:nowrap;border:0';

function isBoard(node) {
  return node instanceof HTMLCanvasElement && node.classList.contains('gamekit-board');
}

function decorate(doc) {
  const state = doc.__gamekitAccess;
  for (const canvas of doc.querySelectorAll('canvas.gamekit-board')) {
    if (!canvas.classList.contains('gamekit-keys')) {
      if (canvas.getAttribute('tabindex') !== '-1') canvas.setAttribute('tabindex', '-1');
      if (!canvas.hasAttribute('role')) canvas.setAttribute('role', 'img');
      // a picture shown without an access widget of its own: a name that sends the reader to the text around it
      if (!canvas.hasAttribute('aria-label') && state.pictureLabel)
        canvas.setAttribute('aria-label', state.pictureLabel);
    } else if (!canvas.hasAttribute('role')) {
      canvas.setAttribute('role', 'application');
    }
  }
  // charts in lesson outputs (matplotlib PNGs) have no alt text of their own: send the reader to the lesson text
  if (state.chartLabel) {
    for (const img of doc.querySelectorAll('.jp-RenderedImage img:not([alt])')) img.alt = state.chartLabel;
  }
  for (const node of doc.querySelectorAll('.gamekit-live')) {
    if (node.getAttribute('aria-live') !== 'polite') node.setAttribute('aria-live', 'polite');
  }
  for (const view of state.views) view.apply();
}

function install(doc) {
  if (doc.__gamekitAccess) return doc.__gamekitAccess;
  const state = {views: new Set(), pending: false};
  doc.__gamekitAccess = state;
  // Capture phase on window: runs before ipycanvas's own handler on the canvas (which would prevent the default).
  doc.defaultView.addEventListener('keydown', (event) => {
    if (!isBoard(event.target)) return;
    if (event.key === 'Tab') {
      event.stopPropagation();              // the browser moves focus on, as on any control
    } else if (event.key === 'Escape') {
      event.stopPropagation();
      event.target.blur();                  // leave the board; the next Tab continues from it
    }
  }, true);
  const schedule = () => {
    if (state.pending) return;
    state.pending = true;
    requestAnimationFrame(() => { state.pending = false; decorate(doc); });
  };
  state.schedule = schedule;
  new MutationObserver(schedule).observe(doc.body, {childList: true, subtree: true});
  schedule();
  return state;
}

let counter = 0;

function render({model, el}) {
  const state = install(document);
  if (!state.pictureLabel) state.pictureLabel = model.get('picture_label');
  if (!state.chartLabel) state.chartLabel = model.get('chart_label');
  // anywidget may load this module once per model, so the counter alone is not unique on a page, and two views
  // can render in the same millisecond: a random part keeps every description's id unique
  const id = `gamekit-access-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}-${++counter}`;
  el.setAttribute('style', HIDDEN);
  const description = document.createElement('div');
  description.id = `${id}-description`;
  const announcement = document.createElement('div');
  announcement.setAttribute('aria-live', 'polite');
  announcement.className = 'gamekit-announcement';
  el.append(description, announcement);
  const view = {
    apply() {
      const board = model.get('board');
      if (!board) return;
      for (const canvas of document.querySelectorAll(`canvas.${CSS.escape(board)}`)) {
        const label = model.get('label');
        if (label && canvas.getAttribute('aria-label') !== label) canvas.setAttribute('aria-label', label);
        if (canvas.getAttribute('aria-describedby') !== description.id) {
          canvas.setAttribute('aria-describedby', description.id);
        }
      }
    },
  };
  // The lesson's language (3.1.1, 3.1.2): in Voila the page is the lesson, so <html lang>; in JupyterLab only the
  // notebook's own element (the rest of the page is JupyterLab's).
  const language = model.get('language');
  if (language) {
    if (document.body && document.body.dataset.voila !== undefined) {
      document.documentElement.lang = language;
    } else {
      requestAnimationFrame(() => {
        const notebook = el.closest('.jp-Notebook');
        if (notebook) notebook.lang = language;
      });
    }
  }
  const update = () => {
    description.textContent = model.get('description');
    if (announcement.textContent !== model.get('announcement')) announcement.textContent = model.get('announcement');
    view.apply();
  };
  update();
  state.views.add(view);
  state.schedule();
  model.on('change', update);
  // {focus: true} from the kernel (BoardAccess.focus_board): the board takes the keyboard focus back, e.g. after
  // the Accept button of an undo request vanished with focus on it
  const message = (content) => {
    if (!content || !content.focus) return;
    const board = model.get('board');
    const canvas = board && document.querySelector(`canvas.${CSS.escape(board)}`);
    if (canvas) canvas.focus();
  };
  model.on('msg:custom', message);
  return () => { state.views.delete(view); model.off('change', update); model.off('msg:custom', message); };
}

export default { render };
"""

_CSS = """
canvas.gamekit-board.gamekit-keys:focus-visible { outline: 3px solid #1f5fbf; outline-offset: 2px; }
/* links in lesson text: underlined, not told apart from body text by colour alone (WCAG 1.4.1) */
/* (important: JupyterLab's theme turns the underline off with a more specific a:link rule) */
.jp-RenderedHTMLCommon a[href] { text-decoration: underline !important; }
/* buttons in gamekit's widgets take the width of their words, and wrap rather than cut them: ipywidgets gives every
   button 148 px and an ellipsis ("Show the exac…"), longer still in Spanish */
.jupyter-widgets[class*="gamekit-"] .jupyter-button { width: auto; max-width: 100%; white-space: normal;
  height: auto; min-height: var(--jp-widgets-inline-height, 28px); flex-shrink: 0; }
/* on a narrow screen (320 px) a row of buttons wraps to a second line instead of squeezing each label to "C…", and a
   caption set to its board's width shrinks to the page (WCAG 1.4.10 reflow) */
.jupyter-widgets[class*="gamekit-"] .widget-hbox { flex-wrap: wrap; }
/* a board wider than the screen shrinks to it, keeping its shape (its layout sets a width and height in pixels);
   ipycanvas scales a click by the drawn size, so clicks still land on the right line, column or tile */
canvas.gamekit-board { max-width: 100%; height: auto !important; }
.jupyter-widgets[class*="gamekit-"] .widget-html, .jupyter-widgets.gamekit-caption { max-width: 100%; }
/* an output that holds a board is never a scrollable region with nothing to reach by keyboard (WCAG 2.1.1; axe's
   scrollable-region-focusable): the boards fit the page, a pixel of overflow while it lays out stays visible */
.jp-OutputArea-output:has(canvas.gamekit-board) { overflow: visible !important; }
"""


class BoardAccess(anywidget.AnyWidget):
    """The accessible side of one board: its name, a text of the position, a live line for the cursor.

    ``board`` is the CSS class that picks the board's canvas (:class:`~gamekit.widgets.canvas.BoardCanvas`
    gives each canvas a class of its own).  Show the widget next to the board; it draws nothing.
    """

    _esm = _ESM
    _css = _CSS
    board = traitlets.Unicode("").tag(sync=True)
    label = traitlets.Unicode("").tag(sync=True)
    description = traitlets.Unicode("").tag(sync=True)
    announcement = traitlets.Unicode("").tag(sync=True)
    language = traitlets.Unicode("").tag(sync=True)  # the page's (Voila) or notebook's language
    # the name of a picture board shown without an access widget (lesson pictures), in the lesson's language
    picture_label = traitlets.Unicode("").tag(sync=True)
    chart_label = traitlets.Unicode("").tag(sync=True)  # the alt text of a chart in the lesson's outputs

    def __init__(self, **kwargs):
        kwargs.setdefault("language", get_language())
        kwargs.setdefault("picture_label", tr("Picture of the position described in the text next to it"))
        kwargs.setdefault("chart_label", tr("Chart: the text next to it says what it shows"))
        super().__init__(**kwargs)

    def focus_board(self) -> None:
        """Give the board the keyboard focus (in every view of it on the page): where a control that had the
        focus goes away (an undo request's Accept and Decline), focus goes back to the board, not the page."""
        self.send({"focus": True})


def new_board_class() -> str:
    """A CSS class naming one board (unique in this kernel)."""
    return f"gamekit-board-{next(_board_numbers)}"
