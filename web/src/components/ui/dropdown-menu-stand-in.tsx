import {
  type ComponentProps,
  cloneElement,
  isValidElement,
  type KeyboardEvent,
  type PointerEvent,
  type Ref,
  type SyntheticEvent,
} from 'react';
import { cn } from '../../lib/cn';

/** What a menu's stand-in trigger asks of its root. */
export interface StandIn {
  /** Starts loading the menu's code (pointer-enter, focus). */
  load(): void;
  /** Loads the menu's code and then replays the press, a fresh copy of the event, on the real trigger. */
  press(replay: () => Event): void;
}

/** The keys that open a menu from its trigger, as in Radix. */
const OPEN_KEYS = ['Enter', ' ', 'ArrowDown'];

type TriggerProps = ComponentProps<'button'> & { asChild?: boolean };

/** One ref from several: each gets the element. */
export function mergeRefs<T>(...refs: (Ref<T> | undefined)[]): (element: T | null) => void {
  return (element) => {
    for (const ref of refs) {
      if (typeof ref === 'function') ref(element);
      else if (ref) ref.current = element;
    }
  };
}

/** The caller's handler, then ours unless the caller prevented the default (Radix's rule). */
function chain<E extends SyntheticEvent>(theirs: ((event: E) => void) | undefined, ours: (event: E) => void) {
  return (event: E) => {
    theirs?.(event);
    if (!event.defaultPrevented) ours(event);
  };
}

/**
 * The trigger of a menu whose code has not loaded: the markup of Radix's trigger (a button with
 * `aria-haspopup="menu"`, closed), or its child with those props when `asChild`, as Radix's Slot does.
 */
export function StandInTrigger({
  standIn,
  asChild,
  children,
  ...props
}: TriggerProps & { standIn: StandIn }) {
  const own = {
    type: 'button' as const,
    'aria-haspopup': 'menu' as const,
    'aria-expanded': false,
    'data-state': 'closed',
    ...props,
    onPointerEnter: chain(props.onPointerEnter, standIn.load),
    onFocus: chain(props.onFocus, standIn.load),
    onPointerDown: chain(props.onPointerDown, (event: PointerEvent<HTMLButtonElement>) => {
      if (props.disabled || event.button !== 0 || event.ctrlKey) return;
      // As Radix does: the press opens the menu, which takes focus, so the trigger does not.
      event.preventDefault();
      const { pointerId, pointerType, isPrimary, clientX, clientY } = event;
      const init = { pointerId, pointerType, isPrimary, clientX, clientY, button: 0, buttons: 1 };
      standIn.press(
        () => new window.PointerEvent('pointerdown', { ...init, bubbles: true, cancelable: true }),
      );
    }),
    onKeyDown: chain(props.onKeyDown, (event: KeyboardEvent<HTMLButtonElement>) => {
      if (props.disabled || !OPEN_KEYS.includes(event.key)) return;
      event.preventDefault();
      const { key, code } = event;
      standIn.press(
        () => new window.KeyboardEvent('keydown', { key, code, bubbles: true, cancelable: true }),
      );
    }),
  };
  if (!asChild) return <button {...own}>{children}</button>;
  if (!isValidElement<Record<string, unknown>>(children)) return null;
  return cloneElement(children, slotProps(own, children.props));
}

/** Radix Slot's merge: the child's props win, but handlers run both (the child's first), refs and classes join. */
function slotProps(own: Record<string, unknown>, child: Record<string, unknown>): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...own, ...child };
  for (const [name, ours] of Object.entries(own)) {
    const theirs = child[name];
    if (!/^on[A-Z]/.test(name) || typeof ours !== 'function' || typeof theirs !== 'function') continue;
    merged[name] = (...args: unknown[]) => {
      theirs(...args);
      ours(...args);
    };
  }
  merged.className =
    cn(own.className as string | undefined, child.className as string | undefined) || undefined;
  merged.ref = mergeRefs(own.ref as Ref<unknown>, child.ref as Ref<unknown> | undefined);
  return merged;
}
