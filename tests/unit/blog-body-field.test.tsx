// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { useForm, useWatch } from 'react-hook-form';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { BodyField } from '@/components/blog/BodyField';
import { TextProvider } from '@/lib/i18n/client';
import en from '@/messages/en.json';

const URL_STORED = '/api/files/public/blog/p1/0123456789abcdef.webp';
let release: () => void = () => undefined;
const sent: FormData[] = [];
// The server as the browser sees it: the session check, then the upload, held until the test lets it answer.
const server = setupServer(
  http.post('http://localhost:3000/api/auth/session', () => HttpResponse.json({ ok: true })),
  http.post('http://localhost:3000/api/blog/images', async ({ request }) => {
    sent.push(await request.formData());
    await new Promise<void>((resolve) => (release = resolve));
    return HttpResponse.json({ url: URL_STORED }, { status: 201 });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  sent.length = 0;
});
afterAll(() => server.close());

function Editor({ initial }: { initial: string }) {
  const form = useForm({ defaultValues: { body: initial } });
  const body = useWatch({ control: form.control, name: 'body' });
  return <BodyField id="body" label="Body" registration={form.register('body')} body={body} onChange={(next) => form.setValue('body', next)} />;
}
const renderField = (initial = '') =>
  render(
    <TextProvider locale="en" messages={{ blog: en.blog, validation: en.validation, errors: en.errors, ui: en.ui }}>
      <Editor initial={initial} />
    </TextProvider>,
  );
const area = () => screen.getByTestId('blog-body') as HTMLTextAreaElement;
const png = (size = 64) => new File([new Uint8Array(size)], 'shot.png', { type: 'image/png' });

describe('BodyField', () => {
  it('shows the reading time as the text changes', () => {
    renderField('Short.');
    expect(screen.getByTestId('blog-editor-reading-time').textContent).toBe('1 minute read');
    fireEvent.change(area(), { target: { value: 'word '.repeat(461) } });
    expect(screen.getByTestId('blog-editor-reading-time').textContent).toBe('3 minutes read');
  });

  it('refuses a picked file that is not a PNG, JPEG or WebP before any upload', () => {
    renderField();
    fireEvent.change(screen.getByTestId('blog-image-input'), { target: { files: [new File(['<svg/>'], 'x.svg', { type: 'image/svg+xml' })] } });
    expect(screen.getByTestId('blog-image-problem').textContent).toBe('Choose a PNG, JPEG or WebP image.');
    expect(screen.queryByTestId('blog-image-dialog')).toBeNull();
    expect(sent).toHaveLength(0);
  });

  it('a pasted image asks for its description, shows progress, and lands at the caret as Markdown', { timeout: 20_000 }, async () => {
    renderField('Before after');
    area().setSelectionRange(7, 7);
    const clipboard = { files: [png()] } as unknown as DataTransfer;
    fireEvent.paste(area(), { clipboardData: clipboard });
    const dialog = await screen.findByTestId('blog-image-dialog', undefined, { timeout: 5000 });
    fireEvent.click(screen.getByTestId('blog-image-insert'));
    await waitFor(() => expect(dialog.textContent).toContain('This field is required.'));
    expect(sent).toHaveLength(0);

    fireEvent.change(screen.getByTestId('blog-image-alt'), { target: { value: 'A [sunny] beach' } });
    fireEvent.click(screen.getByTestId('blog-image-insert'));
    await waitFor(() => expect(screen.getByTestId('blog-image-progress')).toBeTruthy(), { timeout: 5000 });
    await waitFor(() => expect(sent).toHaveLength(1));
    expect((sent[0].get('image') as File).name).toBe('shot.png');
    release();
    await waitFor(() => expect(screen.queryByTestId('blog-image-dialog')).toBeNull(), { timeout: 5000 });
    expect(area().value).toBe(`Before ![A \\[sunny\\] beach](${URL_STORED})after`);
  });
});
