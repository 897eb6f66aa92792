// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider as JotaiProvider } from 'jotai';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { InvoiceEditor } from '@/components/invoices/root/InvoiceEditor';
import { EditorWithPreview, InvoicePreview } from '@/components/invoices/root/InvoicePreview';
import type { InvoiceView } from '@/lib/invoices/schemas';
import { resetApiClient } from '@/lib/http/api-client';
import { TextProvider } from '@/lib/i18n/client';
import { makeQueryClient } from '@/lib/query/client';
import en from '@/messages/en.json';

// The editor's PDF preview as the browser sees it: the server draws the PDF, the page asks
// for it once typing pauses and shows it in a frame beside the editor, or behind a tab.
configure({ asyncUtilTimeout: 5000 });

const PDF = new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d, 0x31, 0x2e, 0x37]);
const bodies: Record<string, unknown>[] = [];
let answer: 'pdf' | 'invalid' = 'pdf';
const server = setupServer(
  http.post('http://localhost:3000/api/root/invoices/preview', async ({ request }) => {
    bodies.push((await request.json()) as Record<string, unknown>);
    if (answer === 'invalid') return HttpResponse.json({ message: 'Check the fields', data: { fields: { lines: 'validation.required' } } }, { status: 400 });
    return new HttpResponse(PDF, { headers: { 'content-type': 'application/pdf' } });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  bodies.length = 0;
  answer = 'pdf';
  resetApiClient();
});
afterAll(() => server.close());

const values = (description: string, projectId = '0b7c6a52-54b5-4c1e-9d7e-6a3e2f0c1d11') => ({
  projectId,
  currency: 'USD',
  issueDate: '2026-03-01',
  dueDate: '2026-03-31',
  lines: [{ description, quantity: '1', unitPrice: '1000' }],
  taxes: [],
  id: '',
});

function view(v: ReturnType<typeof values>) {
  return (
    <TextProvider locale="en" messages={{ invoices: en.invoices }}>
      <JotaiProvider>
        <QueryClientProvider client={client}>
          <EditorWithPreview editor={<p>the editor</p>} preview={<InvoicePreview values={v} />} />
        </QueryClientProvider>
      </JotaiProvider>
    </TextProvider>
  );
}
let client = makeQueryClient();

describe('the invoice PDF preview', () => {
  it('asks for nothing until a project is chosen, and says so', async () => {
    client = makeQueryClient();
    render(view(values('Plan', '')));
    expect(screen.getByTestId('invoice-preview-status').textContent).toBe(en.invoices.preview.pickProject);
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect(bodies).toHaveLength(0);
    expect(screen.queryByTestId('invoice-preview-frame')).toBeNull();
  });

  it('draws the opening values at once, then the values once typing pauses, in a frame', async () => {
    client = makeQueryClient();
    const { rerender } = render(view(values('P')));
    const frame = await screen.findByTestId('invoice-preview-frame');
    expect(frame.getAttribute('src')).toMatch(/^blob:/);
    expect(frame.getAttribute('title')).toBe(en.invoices.preview.frame);
    rerender(view(values('Pl')));
    rerender(view(values('Plan annual')));
    await waitFor(() => expect(bodies).toHaveLength(2));
    // What was typed in between was never sent.
    expect(bodies.map((b) => (b.lines as { description: string }[])[0].description)).toEqual(['P', 'Plan annual']);
    expect(bodies[1]).toMatchObject({ currency: 'USD', projectId: values('').projectId });
  });

  it('keeps the last good PDF and says why when the server refuses half-typed values', async () => {
    client = makeQueryClient();
    const { rerender } = render(view(values('Plan')));
    const first = (await screen.findByTestId('invoice-preview-frame')).getAttribute('src');
    answer = 'invalid';
    rerender(view(values('')));
    await waitFor(() => expect(screen.getByTestId('invoice-preview-status').textContent).toBe(en.invoices.preview.failed));
    expect(screen.getByTestId('invoice-preview-frame').getAttribute('src')).toBe(first);
  });

  it('puts the editor and the preview behind two tabs, which the arrow keys move between', () => {
    client = makeQueryClient();
    render(view(values('Plan', '')));
    const edit = screen.getByRole('tab', { name: en.invoices.preview.edit });
    const show = screen.getByRole('tab', { name: en.invoices.preview.show });
    expect([edit.getAttribute('aria-selected'), show.getAttribute('aria-selected')]).toEqual(['true', 'false']);
    const panels = screen.getAllByRole('tabpanel', { hidden: true });
    expect(panels[1].className).toContain('hidden lg:block');
    fireEvent.keyDown(edit, { key: 'ArrowRight' });
    expect(show.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(show);
    expect(panels[0].className).toContain('hidden lg:block');
    expect(panels[1].className).not.toContain('hidden');
    fireEvent.click(edit);
    expect(edit.getAttribute('aria-selected')).toBe('true');
  });

  it('sends the editor’s values with the draft’s id, leaving out a row still being typed', async () => {
    client = makeQueryClient();
    const draft = {
      id: '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b',
      projectId: values('').projectId,
      projectName: 'Demo Studio',
      number: 'INV-2026-0009',
      currency: 'USD',
      issueDate: '2026-03-01',
      dueDate: '2026-03-31',
      terms: '',
      notes: '',
      lines: [{ description: 'Plan', quantity: '1', unitPrice: '1000', amount: '1000' }],
      taxes: [],
      discount: null,
      recurrence: 'none',
    } as unknown as InvoiceView;
    render(
      <TextProvider locale="en" messages={{ invoices: en.invoices, validation: en.validation, ui: en.ui, errors: en.errors }}>
        <JotaiProvider>
          <QueryClientProvider client={client}>
            <InvoiceEditor projects={[]} invoice={draft} onDone={() => undefined} />
          </QueryClientProvider>
        </JotaiProvider>
      </TextProvider>,
    );
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ id: draft.id, projectId: draft.projectId, lines: [{ description: 'Plan', quantity: '1', unitPrice: '1000' }] });
    fireEvent.click(screen.getByTestId('editor-add-line'));
    fireEvent.change(screen.getAllByLabelText(en.invoices.line.description)[1], { target: { value: 'Extra storage' } });
    // A row with a description but no price yet is not drawn, so nothing new is asked for.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(bodies).toHaveLength(1);
    expect(screen.getByTestId('invoice-preview-frame').getAttribute('src')).toMatch(/^blob:/);
  });
});
