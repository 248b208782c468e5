import { describe, expect, it } from 'vitest';
import { classifyGesture, dragOffset, gestureForKey, swipeThreshold } from './gestures';

const height = 800;

describe('classifyGesture', () => {
  it('reads a short still press as a tap, and a long one as nothing', () => {
    expect(classifyGesture({ dx: 3, dy: -4, dt: 120, height })).toBe('tap');
    expect(classifyGesture({ dx: 0, dy: 0, dt: 900, height })).toBe('none');
  });

  it('goes to the next episode when the finger moves up far enough, to the previous when it moves down', () => {
    expect(classifyGesture({ dx: 5, dy: -200, dt: 600, height })).toBe('next');
    expect(classifyGesture({ dx: -8, dy: 200, dt: 600, height })).toBe('previous');
  });

  it('ignores a slow drag shorter than the threshold', () => {
    const short = swipeThreshold(height) - 1;
    expect(classifyGesture({ dx: 0, dy: -short, dt: 800, height })).toBe('none');
  });

  it('accepts a quick flick shorter than the threshold', () => {
    expect(classifyGesture({ dx: 0, dy: -50, dt: 60, height })).toBe('next');
    expect(classifyGesture({ dx: 0, dy: 50, dt: 60, height })).toBe('previous');
    // Too short even for a flick.
    expect(classifyGesture({ dx: 0, dy: -20, dt: 20, height })).toBe('none');
  });

  it('does not change episode on a sideways or diagonal drag', () => {
    expect(classifyGesture({ dx: 220, dy: -30, dt: 300, height })).toBe('none');
    expect(classifyGesture({ dx: 180, dy: -200, dt: 300, height })).toBe('none');
  });

  it('scales the threshold with the player but keeps a minimum', () => {
    expect(swipeThreshold(800)).toBe(120);
    expect(swipeThreshold(200)).toBe(60);
  });
});

describe('dragOffset', () => {
  it('follows the finger towards an episode that exists', () => {
    expect(dragOffset(-150, height, true, true)).toBe(-150);
    expect(dragOffset(2000, height, true, true)).toBe(height);
  });

  it('resists where there is nothing to go to', () => {
    expect(dragOffset(-90, height, false, true)).toBe(-30);
    expect(dragOffset(600, height, true, false)).toBe(height / 8);
  });
});

describe('gestureForKey', () => {
  it('maps ArrowDown / PageDown to the next episode and ArrowUp / PageUp to the previous', () => {
    expect(gestureForKey('ArrowDown')).toBe('next');
    expect(gestureForKey('PageDown')).toBe('next');
    expect(gestureForKey('ArrowUp')).toBe('previous');
    expect(gestureForKey('PageUp')).toBe('previous');
    expect(gestureForKey('ArrowLeft')).toBe('none');
  });
});
