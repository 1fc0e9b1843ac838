interface BrushFieldsProps {
  size: number;
  onSize(size: number): void;
  /** The slider's range, in the image's pixels. */
  min: number;
  max: number;
  soft: boolean;
  onSoft(soft: boolean): void;
}

/** The brush's and the eraser's size, and whether their edge is soft. */
export function BrushFields({ size, onSize, min, max, soft, onSoft }: BrushFieldsProps) {
  return (
    <fieldset className="flex flex-col gap-2 text-sm text-zinc-200">
      <legend className="sr-only">Brush</legend>
      <label htmlFor="region-brush-size" className="flex justify-between">
        <span>Brush size</span>
        <span className="text-zinc-400">{size} px</span>
      </label>
      <input
        id="region-brush-size"
        type="range"
        min={min}
        max={max}
        value={size}
        onChange={(event) => onSize(Number(event.target.value))}
        className="accent-accent-500"
      />
      <label className="flex items-center gap-2">
        <input
          type="checkbox"
          checked={soft}
          onChange={(event) => onSoft(event.target.checked)}
          className="size-4 accent-accent-500"
        />
        Soft edge
      </label>
    </fieldset>
  );
}
