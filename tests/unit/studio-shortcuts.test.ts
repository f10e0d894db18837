import { describe, expect, it } from 'vitest';
import { isHelpKey, isTyping, matchShortcut } from '../../src/features/studio/studio-shortcuts';

const keys = (code: string, modifiers: Partial<Record<'altKey' | 'shiftKey' | 'ctrlKey' | 'metaKey', boolean>> = {}) => ({
  code,
  altKey: false,
  shiftKey: false,
  ctrlKey: false,
  metaKey: false,
  ...modifiers,
});

describe('studio shortcuts', () => {
  it('match Alt+Shift+R and Alt+Shift+P only', () => {
    expect(matchShortcut(keys('KeyR', { altKey: true, shiftKey: true }))).toBe('startStop');
    expect(matchShortcut(keys('KeyP', { altKey: true, shiftKey: true }))).toBe('pause');
    expect(matchShortcut(keys('KeyR', { altKey: true }))).toBeNull();
    expect(matchShortcut(keys('KeyR', { altKey: true, shiftKey: true, ctrlKey: true }))).toBeNull();
  });

  it('know when keys are being typed into something', () => {
    expect(isTyping({ tagName: 'INPUT', type: 'text' })).toBe(true);
    expect(isTyping({ tagName: 'INPUT', type: 'number' })).toBe(true);
    expect(isTyping({ tagName: 'TEXTAREA' })).toBe(true);
    expect(isTyping({ tagName: 'DIV', isContentEditable: true })).toBe(true);
    expect(isTyping({ tagName: 'INPUT', type: 'radio' })).toBe(false);
    expect(isTyping({ tagName: 'BUTTON' })).toBe(false);
    expect(isTyping(null)).toBe(false);
  });

  it('open the list with "?" however it is typed, but not with a modifier held', () => {
    expect(isHelpKey({ key: '?', altKey: false, ctrlKey: false, metaKey: false })).toBe(true);
    expect(isHelpKey({ key: '?', altKey: false, ctrlKey: true, metaKey: false })).toBe(false);
    expect(isHelpKey({ key: '/', altKey: false, ctrlKey: false, metaKey: false })).toBe(false);
  });
});
