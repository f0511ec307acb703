import { describe, expect, it } from 'vitest';
import { difficultyBadgeVariant, formatEstimate, importanceForDifficulty } from './breakdown';

describe('importanceForDifficulty', () => {
  it('gives Hard → High, Medium → Medium, everything else → Low', () => {
    expect(importanceForDifficulty('Hard')).toBe('High');
    expect(importanceForDifficulty('Medium')).toBe('Medium');
    expect(importanceForDifficulty('Easy')).toBe('Low');
    expect(importanceForDifficulty('Very Hard')).toBe('Low');
    expect(importanceForDifficulty(undefined)).toBe('Low');
    expect(importanceForDifficulty('')).toBe('Low');
  });
});

describe('difficultyBadgeVariant', () => {
  it('gives each difficulty its own look', () => {
    expect(new Set(['Easy', 'Medium', 'Hard'].map(difficultyBadgeVariant)).size).toBe(3);
  });
});

describe('formatEstimate', () => {
  it('turns minutes into words and keeps words as they are', () => {
    expect(formatEstimate(25)).toBe('25 min');
    expect(formatEstimate('90')).toBe('1 h 30 min');
    expect(formatEstimate(120)).toBe('2 h');
    expect(formatEstimate('1-2 hours')).toBe('1-2 hours');
    expect(formatEstimate(null)).toBeNull();
    expect(formatEstimate('  ')).toBeNull();
  });
});
