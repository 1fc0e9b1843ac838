// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProviderSelect } from './provider-select';

afterEach(cleanup);

const options = [
  { id: 'gemini', label: 'Gemini Nano Banana' },
  { id: 'openai', label: 'GPT Image' },
];

describe('ProviderSelect', () => {
  it('says the models are loading, and cannot be used, until they are known', () => {
    render(<ProviderSelect options={[]} value={undefined} onChange={vi.fn()} />);

    const select = screen.getByRole<HTMLSelectElement>('combobox', { name: 'AI model' });

    expect(select.disabled).toBe(true);
    expect(select.selectedOptions[0]?.textContent).toBe('Loading models...');
  });

  it('shows the chosen model and reports another choice', async () => {
    const onChange = vi.fn();
    render(<ProviderSelect options={options} value="gemini" onChange={onChange} />);

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
