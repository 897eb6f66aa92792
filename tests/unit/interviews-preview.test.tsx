// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QuestionPreview, previewable } from '@/components/interviews/QuestionPreview';
import { TextProvider } from '@/lib/i18n/client';
import type { Question } from '@/lib/interviews/questions';
import en from '@/messages/en.json';

const questions = (skipTo: string): Question[] => [
  { id: 'pet', type: 'single', title: 'Do you have a pet?', help: '', required: true, options: ['Yes', 'No', ''], skip: [{ equals: 'No', goto: skipTo }] },
  { id: 'kind', type: 'short', title: 'Which kind?', help: '', required: false, skip: [] },
  { id: 'mail', type: 'email', title: '', help: '', required: false, skip: [] },
];

const view = (list: Question[]) => (
  <TextProvider locale="en" messages={{ interviews: en.interviews }}>
    <QuestionPreview questions={list} />
  </TextProvider>
);
const shown = () => screen.queryAllByTestId(/^question-/).map((el) => el.dataset.testid);

afterEach(cleanup);

describe('QuestionPreview', () => {
  it('walks the skip rules as answers are given, and back', () => {
    render(view(questions('end')));
    expect(shown()).toEqual(['question-pet', 'question-kind', 'question-mail']);
    fireEvent.click(screen.getByLabelText('No'));
    expect(shown()).toEqual(['question-pet']);
    expect(screen.getByTestId('preview-path').textContent).toBe('1 question on this path, 2 skipped by the rules');
    fireEvent.click(screen.getByLabelText('Yes'));
    expect(shown()).toEqual(['question-pet', 'question-kind', 'question-mail']);
  });

  it('follows a rule edited after the answer was given', () => {
    const { rerender } = render(view(questions('end')));
    fireEvent.click(screen.getByLabelText('No'));
    expect(shown()).toEqual(['question-pet']);
    rerender(view(questions('mail')));
    expect(shown()).toEqual(['question-pet', 'question-mail']);
    // Numbered as the respondent sees them: the skipped question takes no number.
    expect(within(screen.getByTestId('question-mail')).getByText('2.')).toBeTruthy();
  });

  it('is the respondent’s form without a form: nothing is posted, and Start over clears the answers', () => {
    const fetch = vi.spyOn(globalThis, 'fetch');
    const { container } = render(view(questions('end')));
    expect(container.querySelector('form')).toBeNull();
    const input = screen.getByLabelText(/Which kind/) as HTMLInputElement;
    expect(input.name).toBe('preview_kind');
    fireEvent.change(input, { target: { value: 'Cat' } });
    fireEvent.click(screen.getByLabelText('No'));
    fireEvent.click(screen.getByRole('button', { name: 'Start over' }));
    expect(shown()).toHaveLength(3);
    expect((screen.getByLabelText(/Which kind/) as HTMLInputElement).value).toBe('');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('shows the working copy readably: blank option lines dropped, untitled questions named', () => {
    const [pet, , mail] = previewable(questions('end'), 'Untitled');
    expect((pet as { options: string[] }).options).toEqual(['Yes', 'No']);
    expect(mail.title).toBe('Untitled');
  });
});
