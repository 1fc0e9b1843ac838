// @vitest-environment happy-dom
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Counts loads of Radix's menu, which waits for `arrive()` after `holdBack()`, so a test can act
// before the code is there.
const code = {
  loads: 0,
  /** The next load fails, as on a dropped connection. */
  failNext: false,
  arrive: () => {},
  arrived: Promise.resolve(),
  holdBack() {
    this.arrived = new Promise((resolve) => {
      this.arrive = resolve;
    });
  },
};

type Menu = typeof import('./dropdown-menu');

/** A fresh copy of the module (nothing loaded yet) and a menu built with it: a label and two items. */
async function renderMenu({ asChild = false } = {}) {
  const DropdownMenu: Menu = await import('./dropdown-menu');
  const onSelect = vi.fn();
  render(
    <>
      <button type="button">Before</button>
      <DropdownMenu.Root modal={false}>
        {asChild ? (
          <DropdownMenu.Trigger asChild>
            <button type="button" className="child">
              Share
            </button>
          </DropdownMenu.Trigger>
        ) : (
          <DropdownMenu.Trigger aria-label="Account menu" className="trigger">
            A
          </DropdownMenu.Trigger>
        )}
        <DropdownMenu.Portal>
          <DropdownMenu.Content>
            <DropdownMenu.Label>Signed in as ada@example.com</DropdownMenu.Label>
            <DropdownMenu.Item onSelect={onSelect}>First</DropdownMenu.Item>
            <DropdownMenu.Item>Second</DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </>,
  );
  return {
    onSelect,
    trigger: () => screen.getByRole('button', { name: asChild ? 'Share' : 'Account menu' }),
  };
}

beforeEach(() => {
  // Every test starts with nothing loaded: a fresh module, and a fresh load of Radix's menu.
  vi.resetModules();
  code.loads = 0;
  code.failNext = false;
  code.arrived = Promise.resolve();
  vi.doMock('./dropdown-menu-parts', async (importOriginal) => {
    code.loads += 1;
    if (code.failNext) {
      code.failNext = false;
      throw new Error('Failed to fetch dynamically imported module');
    }
    await code.arrived;
    return importOriginal();
  });
});
afterEach(cleanup);

describe('DropdownMenu loaded on demand', () => {
  it("shows a trigger of Radix's markup and loads no menu code until the pointer reaches it", async () => {
    const user = userEvent.setup();
    const { trigger } = await renderMenu();
    expect(trigger().getAttribute('aria-haspopup')).toBe('menu');
    expect(trigger().getAttribute('aria-expanded')).toBe('false');
    expect(trigger().getAttribute('data-state')).toBe('closed');
    expect(trigger().className).toBe('trigger');
    expect(code.loads).toBe(0);

    await user.hover(trigger());

    await waitFor(() => expect(code.loads).toBe(1));
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it.each([
    ['Enter', '{Enter}'],
    ['Space', ' '],
    ['ArrowDown', '{ArrowDown}'],
  ])('opens on %s pressed before the code arrives, with focus on the first item', async (_key, keys) => {
    const user = userEvent.setup();
    code.holdBack();
    const { trigger } = await renderMenu();
    await user.tab();
    await user.tab();
    expect(document.activeElement).toBe(trigger());

    await user.keyboard(keys);
    expect(screen.queryByRole('menu')).toBeNull();
    await act(async () => code.arrive());

    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'First' })));
    expect(trigger().getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Second' }));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(document.activeElement).toBe(trigger());
  });

  it('opens on a click that came before the code, and its items work', async () => {
    const user = userEvent.setup();
    code.holdBack();
    const { onSelect, trigger } = await renderMenu();
    await user.pointer({ keys: '[MouseLeft>]', target: trigger() });
    expect(screen.queryByRole('menu')).toBeNull();
    await act(async () => code.arrive());
    await user.pointer({ keys: '[/MouseLeft]', target: trigger() });

    const menu = await screen.findByRole('menu');
    expect(menu.contains(document.activeElement)).toBe(true);
    await user.click(screen.getByRole('menuitem', { name: 'First' }));
    expect(onSelect).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });

  it('keeps focus on the trigger when the code arrives while it is focused', async () => {
    const user = userEvent.setup();
    code.holdBack();
    const { trigger } = await renderMenu();
    await user.tab();
    await user.tab();
    await act(async () => code.arrive());

    // The real trigger has replaced the stand-in, and has its focus; the menu stays closed.
    await waitFor(() => expect(trigger().getAttribute('id')).toBeTruthy());
    expect(document.activeElement).toBe(trigger());
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it("gives an asChild trigger's child the trigger's props, as Radix's Slot does", async () => {
    const user = userEvent.setup();
    const { trigger } = await renderMenu({ asChild: true });
    expect(trigger().className).toBe('child');
    expect(trigger().getAttribute('aria-haspopup')).toBe('menu');

    await user.hover(trigger());
    // The real trigger replaces the stand-in once the code is there.
    await waitFor(() => expect(trigger().getAttribute('id')).toBeTruthy());
    expect(trigger().className).toBe('child');
    await user.click(trigger());

    expect(await screen.findByRole('menu')).toBeTruthy();
    expect(trigger().getAttribute('aria-expanded')).toBe('true');
  });

  it('tries again on the next approach after a failed load', async () => {
    const user = userEvent.setup();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    code.failNext = true;
    const { trigger } = await renderMenu();

    await user.hover(trigger());
    await waitFor(() => expect(logged).toHaveBeenCalledOnce());
    expect(screen.queryByRole('menu')).toBeNull();

    await user.click(trigger());
    expect(await screen.findByRole('menu')).toBeTruthy();
    expect(code.loads).toBe(2);
    logged.mockRestore();
  });
});
