import { type FontId, TEXT_FONTS } from '@thumbnail-studio/contract';
import { cn } from '../../../lib/cn';
import { labelClass, selectClass } from './field-styles';

interface SelectFieldProps<T extends string> {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange(value: T): void;
  className?: string;
}

/** A labelled native select: the browser's own list (a sheet on phones), accessible as it is. */
export function SelectField<T extends string>({
  label,
  value,
  options,
  onChange,
  className,
}: SelectFieldProps<T>) {
  return (
    <label className={cn(labelClass, className)}>
      {label}
      <select value={value} onChange={(event) => onChange(event.target.value as T)} className={selectClass}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** Fonts as select options, each by the name a creator reads. */
export const fontOptions = (ids: readonly FontId[]) =>
  ids.map((id) => ({ value: id, label: TEXT_FONTS[id] }));
