// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { FileInput } from '@/components/ui/FileInput';
import { TextProvider } from '@/lib/i18n/client';
import en from '@/messages/en.json';
import es from '@/messages/es.json';

afterEach(cleanup);

const pick = (input: HTMLElement, ...names: string[]) =>
  fireEvent.change(input, { target: { files: names.map((name) => new File(['x'], name, { type: 'text/plain' })) } });

function inSpanish(ui: React.ReactNode) {
  return render(
    <TextProvider locale="es" messages={{ shell: es.shell }}>
      {ui}
    </TextProvider>,
  );
}

describe('FileInput', () => {
  it("speaks the page's language, not the browser's, and names what was picked", () => {
    inSpanish(<FileInput aria-label="Adjuntos" multiple />);
    const input = screen.getByLabelText('Adjuntos');
    expect(input.getAttribute('type')).toBe('file');
    expect(screen.getByText('Elegir archivos')).toBeTruthy();
    expect(screen.getByText('Ningún archivo elegido')).toBeTruthy();

    pick(input, 'factura.pdf');
    expect(screen.getByText('factura.pdf')).toBeTruthy();
    pick(input, 'a.txt', 'b.txt', 'c.txt');
    expect(screen.getByText('3 archivos elegidos')).toBeTruthy();
  });

  it('its face is a label for the input, so it opens the picker without any script', () => {
    inSpanish(<FileInput id="proof" aria-label="Comprobante" />);
    const face = screen.getByText('Elegir archivo');
    expect(face.tagName).toBe('LABEL');
    expect(face.getAttribute('for')).toBe('proof');
  });

  it('keeps the caller’s description and adds the names chosen to it', () => {
    render(
      <TextProvider locale="en" messages={{ shell: en.shell }}>
        <p id="hint">PDF or image</p>
        <FileInput aria-label="Proof" aria-describedby="hint" />
      </TextProvider>,
    );
    const input = screen.getByLabelText('Proof');
    const ids = input.getAttribute('aria-describedby')!.split(' ');
    expect(ids[0]).toBe('hint');
    expect(document.getElementById(ids[1])?.textContent).toBe('No file chosen');
  });

  it('shows what the parent holds when it holds the files, so clearing them clears the names', () => {
    function Parent() {
      const [files, setFiles] = useState<File[]>([]);
      return (
        <>
          <FileInput aria-label="Files" multiple chosen={files.map((f) => f.name)} onChange={(e) => setFiles([...(e.target.files ?? [])])} />
          <button type="button" onClick={() => setFiles([])}>
            Send
          </button>
        </>
      );
    }
    render(
      <TextProvider locale="en" messages={{ shell: en.shell }}>
        <Parent />
      </TextProvider>,
    );
    pick(screen.getByLabelText('Files'), 'one.txt', 'two.txt');
    expect(screen.getByText('2 files chosen')).toBeTruthy();
    fireEvent.click(screen.getByText('Send'));
    expect(screen.getByText('No file chosen')).toBeTruthy();
  });
});
