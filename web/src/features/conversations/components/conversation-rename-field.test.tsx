// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { EMPTY_TITLE_TEXT } from '@thumbnail-studio/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConversationRenameField } from './conversation-rename-field';

afterEach(cleanup);

function renderField(title = 'Old title') {
  const onSave = vi.fn(async (_title: string) => {});
  const onDone = vi.fn();
  render(<ConversationRenameField title={title} onSave={onSave} onDone={onDone} />);
  return { onSave, onDone, field: screen.getByRole('textbox', { name: 'Conversation title' }) };
}

describe('ConversationRenameField', () => {
  it('saves the trimmed title on Enter', async () => {
    const { onSave, onDone, field } = renderField();
    await userEvent.clear(field);
    await userEvent.type(field, '  New name  {Enter}');
    expect(onSave).toHaveBeenCalledWith('New name');
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('refuses an empty title with a message and stays open', async () => {
    const { onSave, onDone, field } = renderField();
    await userEvent.clear(field);
    await userEvent.type(field, '   {Enter}');
    expect(screen.getByRole('alert')).toHaveProperty('textContent', EMPTY_TITLE_TEXT);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(onSave).not.toHaveBeenCalled();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('cancels on Escape without saving', async () => {
    const { onSave, onDone, field } = renderField();
    await userEvent.type(field, 'changed{Escape}');
    expect(onSave).not.toHaveBeenCalled();
    expect(onDone).toHaveBeenCalledOnce();
  });

  it('shows why a save failed and keeps the box open', async () => {
    const { onSave, onDone, field } = renderField();
    onSave.mockRejectedValueOnce(new Error('Conversation not found'));
    await userEvent.type(field, ' again{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('Conversation not found');
    expect(onDone).not.toHaveBeenCalled();
  });
});
