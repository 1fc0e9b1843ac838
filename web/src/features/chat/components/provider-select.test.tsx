// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NO_PROVIDER_OPTION_TEXT } from '@thumbnail-studio/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProviderSelect } from './provider-select';

afterEach(cleanup);

const options = [
  { id: 'gemini', label: 'Gemini Nano Banana' },
  { id: 'openai', label: 'GPT Image' },
];

describe('ProviderSelect', () => {
  it('says the models are loading, and cannot be used, until they are known', () => {
    render(<ProviderSelect options={[]} value={undefined} loading onChange={vi.fn()} />);

    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'AI model' });

    expect(select.disabled).toBe(true);
    expect(select.selectedOptions[0]?.textContent).toBe('Loading models...');
  });

  it('says no model is set up, and cannot be used, when the site offers none', () => {
    render(<ProviderSelect options={[]} value={undefined} loading={false} onChange={vi.fn()} />);

    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'AI model' });

    expect(select.disabled).toBe(true);
    expect(select.selectedOptions[0]?.textContent).toBe(NO_PROVIDER_OPTION_TEXT);
  });

  it('shows the chosen model and reports another choice', async () => {
    const onChange = vi.fn();
    render(<ProviderSelect options={options} value="gemini" loading={false} onChange={onChange} />);

    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'AI model' });
    const shown = select.selectedOptions[0]?.textContent;
    await userEvent.selectOptions(select, 'GPT Image');

    expect(shown).toBe('Gemini Nano Banana');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Gemini Nano Banana',
      'GPT Image',
    ]);
    expect(onChange).toHaveBeenCalledWith('openai');
  });
});
