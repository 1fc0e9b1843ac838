import { type InputHTMLAttributes, useId } from 'react';

interface AuthFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
}

export function AuthField({ label, ...inputProps }: AuthFieldProps) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-zinc-200">
        {label}
      </label>
      <input
        id={id}
        className="h-11 rounded-lg border border-zinc-700 bg-zinc-900 px-3 text-zinc-50 placeholder:text-zinc-400 focus:border-accent-500 focus:outline-none focus-visible:outline-2 focus-visible:outline-accent-400"
        {...inputProps}
      />
    </div>
  );
}
