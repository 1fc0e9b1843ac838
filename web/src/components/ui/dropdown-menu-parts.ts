// Radix's dropdown menu (with its menu, popper and floating-ui), a chunk of its own that
// `dropdown-menu.tsx` loads the first time a menu is reached for.
export {
  Content,
  Item,
  ItemIndicator,
  Label,
  Portal,
  RadioGroup,
  RadioItem,
  Root,
  Separator,
  Trigger,
} from '@radix-ui/react-dropdown-menu';
