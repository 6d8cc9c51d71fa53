import { describe, expect, it } from 'vitest';
import { passwordStrength, strengthColour, strengthLabel, strengthScore } from './password-strength';

describe('the strength score (25 for each rule)', () => {
  it.each([
    ['', 0],
    ['abcdefg', 0],
    ['abcdefgh', 25], // length 8
    ['A', 25], // uppercase
    ['1', 25], // digit
    ['!', 25], // special
    [' ', 25], // a space is special too
    ['Abcdefgh', 50],
    ['abcdefg1', 50],
    ['Ab1', 50],
    ['A1!', 75],
    ['Abcdefg1', 75],
    ['abcdef1!', 75],
    ['Abcdef1!', 100],
    ['ÉCOLE-2026 ok', 100],
  ])('%j scores %i', (password, score) => {
    expect(strengthScore(password)).toBe(score);
  });
});

describe('the label', () => {
  it.each([
    [0, 'Weak'],
    [25, 'Weak'],
    [49, 'Weak'],
    [50, 'Fair'],
    [74, 'Fair'],
    [75, 'Good'],
    [99, 'Good'],
    [100, 'Strong'],
  ])('%i is %s', (score, label) => {
    expect(strengthLabel(score)).toBe(label);
  });
});

describe('the bar colour', () => {
  it.each([
    [0, 'red'],
    [25, 'red'],
    [26, 'orange'],
    [50, 'orange'],
    [51, 'yellow'],
    [75, 'yellow'],
    [76, 'green'],
    [100, 'green'],
  ])('%i is %s', (score, colour) => {
    expect(strengthColour(score)).toBe(colour);
  });

  it('follows from the password', () => {
    expect(passwordStrength('abc')).toEqual({ score: 0, label: 'Weak', colour: 'red' });
    expect(passwordStrength('abcdefgh')).toEqual({ score: 25, label: 'Weak', colour: 'red' });
    expect(passwordStrength('Abcdefgh')).toEqual({ score: 50, label: 'Fair', colour: 'orange' });
    expect(passwordStrength('Abcdefg1')).toEqual({ score: 75, label: 'Good', colour: 'yellow' });
    expect(passwordStrength('Abcdef1!')).toEqual({ score: 100, label: 'Strong', colour: 'green' });
  });
});
