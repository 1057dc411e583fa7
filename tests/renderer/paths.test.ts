import { describe, expect, it } from 'vitest';
import { loginPathFor, safeRedirect } from '../../renderer/app/paths.js';
import { bindDevicePath, pointIdOf } from '../../renderer/point/paths.js';

describe('sign-in redirect', () => {
  it('keeps the wanted local path', () => {
    expect(loginPathFor('/pointMent/bindDevice?id=3')).toBe('/login?redirect=%2FpointMent%2FbindDevice%3Fid%3D3');
    expect(loginPathFor('/')).toBe('/login');
    expect(loginPathFor('/login?redirect=/x')).toBe('/login');
  });

  it('never leaves the console', () => {
    expect(safeRedirect('/pointMent/pointList')).toBe('/pointMent/pointList');
    expect(safeRedirect(null)).toBe('/');
    expect(safeRedirect('https://evil.example')).toBe('/');
    expect(safeRedirect('//evil.example')).toBe('/');
    expect(safeRedirect('/\\evil.example')).toBe('/');
    expect(safeRedirect('/login')).toBe('/');
    expect(safeRedirect('/loginx')).toBe('/loginx');
  });
});

describe('bind screen address', () => {
  it('round-trips the point id', () => {
    expect(bindDevicePath(12)).toBe('/pointMent/bindDevice?id=12');
    expect(pointIdOf('12')).toBe(12);
    for (const bad of [null, '', '0', '-1', '1.5', 'x', '99999999999999999999']) expect(pointIdOf(bad)).toBeUndefined();
  });
});
