// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { isTyping, moveSelection, shortcutOf } from '@/lib/requests/shortcuts';

afterEach(() => {
  document.body.innerHTML = '';
});

function press(key: string, target: Element = document.body, extra: Partial<KeyboardEvent> = {}) {
  return shortcutOf({ key, target, ctrlKey: false, metaKey: false, altKey: false, defaultPrevented: false, isComposing: false, ...extra });
}

function add(html: string): HTMLElement {
  const box = document.createElement('div');
  box.innerHTML = html;
  document.body.append(box);
  return box.firstElementChild as HTMLElement;
}

describe('request shortcuts', () => {
  it('map their keys on the page', () => {
    expect(['j', 'k', 'r', 'n', 'a', '?', 'Enter'].map((k) => press(k))).toEqual(['next', 'previous', 'reply', 'note', 'assign', 'help', 'open']);
    expect(press('x')).toBeNull();
    expect(press('J')).toBeNull();
  });

  it('never fire while typing in an input, a textarea, a select or editable text', () => {
    const fields = [
      add('<input type="text">'),
      add('<input type="search">'),
      add('<textarea></textarea>'),
      add('<select><option>a</option></select>'),
      add('<div contenteditable="true"><span>inner</span></div>').querySelector('span')!,
    ];
    for (const field of fields) {
      expect(isTyping(field), field.outerHTML).toBe(true);
      for (const key of ['j', 'k', 'r', 'n', 'a', '?', 'Enter']) expect(press(key, field), `${key} in ${field.outerHTML}`).toBeNull();
    }
  });

  it('work from a checkbox of the list, but not inside a dialog', () => {
    const checkbox = add('<input type="checkbox">');
    expect(press('j', checkbox)).toBe('next');
    const inDialog = add('<div role="dialog"><input type="checkbox"><button>ok</button></div>');
    expect(press('j', inDialog.querySelector('input')!)).toBeNull();
    expect(press('a', inDialog.querySelector('button')!)).toBeNull();
  });

  it('leave modified keys and taken presses alone', () => {
    expect(press('r', document.body, { ctrlKey: true })).toBeNull();
    expect(press('a', document.body, { metaKey: true })).toBeNull();
    expect(press('k', document.body, { altKey: true })).toBeNull();
    expect(press('j', document.body, { defaultPrevented: true })).toBeNull();
    expect(press('n', document.body, { isComposing: true })).toBeNull();
  });

  it('Enter opens only from the page, so a focused link or button keeps its own', () => {
    expect(press('Enter', add('<a href="/x">x</a>'))).toBeNull();
    expect(press('Enter', add('<button>b</button>'))).toBeNull();
    expect(press('Enter', document.body)).toBe('open');
  });
});

describe('moving the selection', () => {
  it('starts at either end, then steps without leaving the list', () => {
    expect(moveSelection(-1, 3, 'next')).toBe(0);
    expect(moveSelection(-1, 3, 'previous')).toBe(2);
    expect(moveSelection(0, 3, 'next')).toBe(1);
    expect(moveSelection(2, 3, 'next')).toBe(2);
    expect(moveSelection(0, 3, 'previous')).toBe(0);
    expect(moveSelection(1, 0, 'next')).toBe(-1);
  });
});
