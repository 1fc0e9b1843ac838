import {
  type ComponentProps,
  type ComponentType,
  createContext,
  type RefObject,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { mergeRefs, type StandIn, StandInTrigger } from './dropdown-menu-stand-in';

type Parts = typeof import('./dropdown-menu-parts');

// Radix's menu (with its popper and floating-ui) is about 20 kB of gzip that the chat screen would
// load for menus most visits never open: a menu shows a stand-in trigger until the pointer or focus
// reaches it, and loads the code then.
let loading: Promise<Parts> | undefined;
let loaded: Parts | undefined;

/** Radix's dropdown menu, loaded once for every menu; after a failure the next ask tries again. */
export function loadMenuParts(): Promise<Parts> {
  loading ??= import('./dropdown-menu-parts').then(
    (module) => (loaded = module),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** What the stand-in hands over to the real trigger when the code arrives. */
interface Handover {
  /** The stand-in had focus: the real trigger takes it. */
  refocus?: boolean;
  /** The press that asked for the menu before its code arrived, to be replayed on the real trigger. */
  replay?: () => Event;
}

interface Menu {
  parts?: Parts;
  trigger: RefObject<HTMLElement | null>;
  standIn: StandIn;
}

const MenuContext = createContext<Menu | null>(null);

/**
 * Radix's `DropdownMenu.Root`, its code loaded on demand. Until it is there the trigger is a stand-in
 * of the same markup; pointer-enter or focus loads the code, and a press that came first (pointer,
 * Enter, Space or ArrowDown) is replayed on Radix's trigger once loaded, so the menu opens as Radix
 * opens it (from a key, with focus on the first item).
 */
export function Root(props: ComponentProps<Parts['Root']>) {
  const [parts, setParts] = useState(loaded);
  const trigger = useRef<HTMLElement>(null);
  const handover = useRef<Handover>({});
  const waiting = useRef(false);
  const standIn = useMemo<StandIn>(() => {
    const load = () => {
      if (waiting.current) return;
      waiting.current = true;
      loadMenuParts().then(
        (module) => {
          handover.current.refocus = trigger.current !== null && trigger.current === document.activeElement;
          setParts(module);
        },
        (error: unknown) => {
          waiting.current = false;
          handover.current = {};
          console.error('Could not load the menu', error);
        },
      );
    };
    return {
      load,
      press(replay) {
        handover.current.replay = replay;
        load();
      },
    };
  }, []);
  const menu = useMemo(() => ({ parts, trigger, standIn }), [parts, standIn]);

  // Before the paint, so the focus ring does not blink while the trigger is swapped.
  useLayoutEffect(() => {
    if (!parts || !handover.current.refocus) return;
    handover.current.refocus = false;
    trigger.current?.focus();
  }, [parts]);
  // After Radix's own effects, which listen for keys to tell a keyboard user.
  useEffect(() => {
    const replay = handover.current.replay;
    if (!parts || !replay) return;
    handover.current.replay = undefined;
    trigger.current?.dispatchEvent(replay());
  }, [parts]);

  return <MenuContext value={menu}>{parts ? <parts.Root {...props} /> : props.children}</MenuContext>;
}

function useMenu(part: string): Menu {
  const menu = useContext(MenuContext);
  if (!menu) throw new Error(`DropdownMenu.${part} must be inside DropdownMenu.Root`);
  return menu;
}

/** Radix's trigger once loaded; before, a button of the same markup that loads the menu. */
export function Trigger({ ref, ...props }: ComponentProps<Parts['Trigger']>) {
  const { parts, trigger, standIn } = useMenu('Trigger');
  const refs = useMemo(() => mergeRefs(ref, trigger), [ref, trigger]);
  if (!parts) return <StandInTrigger standIn={standIn} {...props} ref={refs} />;
  return <parts.Trigger {...props} ref={refs} />;
}

type ContentPart = Exclude<keyof Parts, 'Root' | 'Trigger'>;

/** A part of the open menu, which only shows once the code has loaded. */
function part<Name extends ContentPart>(name: Name) {
  function Part(props: ComponentProps<Parts[Name]>) {
    const { parts } = useMenu(name);
    if (!parts) return null;
    // TypeScript cannot narrow the props of a union of components by `name`; they match by construction.
    const Component = parts[name] as ComponentType<object>;
    return <Component {...props} />;
  }
  Part.displayName = `DropdownMenu.${name}`;
  return Part;
}

export const Portal = part('Portal');
export const Content = part('Content');
export const Label = part('Label');
export const Separator = part('Separator');
export const RadioGroup = part('RadioGroup');
export const RadioItem = part('RadioItem');
export const ItemIndicator = part('ItemIndicator');
export const Item = part('Item');
