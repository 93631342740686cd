import { describe, expect, it } from 'vitest';
import { applyRule, truthy, withToday, KNOWN_OPERATORS } from './operators';
import { addDays, parseIsoDate, todayInDominicanRepublic } from './dates';
import { ruleUse } from './ruleVars';

describe('custom operators', () => {
  it('today is injectable and date_add counts calendar days', () => {
    expect(withToday('2026-11-23', () => applyRule({ today: [] }, {}))).toBe('2026-11-23');
    expect(withToday('2026-11-23', () => applyRule({ date_add: [{ today: [] }, 60] }, {}))).toBe('2027-01-22');
    expect(applyRule({ date_add: ['2028-02-28', 1] }, {})).toBe('2028-02-29');
    expect(applyRule({ date_add: ['2026-02-30', 1] }, {})).toBeNull();
    expect(applyRule({ date_add: ['2026-03-01', -1] }, {})).toBe('2026-02-28');
  });
  it('today in the Dominican Republic is UTC-4 whatever the machine', () => {
    expect(todayInDominicanRepublic(Date.UTC(2026, 10, 23, 3, 59))).toBe('2026-11-22');
    expect(todayInDominicanRepublic(Date.UTC(2026, 10, 23, 4, 0))).toBe('2026-11-23');
  });
  it('empty, count, sum, num, round', () => {
    expect([null, '', [], undefined].map((v) => applyRule({ empty: [{ var: 'x' }] }, { x: v }))).toEqual([true, true, true, true]);
    expect(applyRule({ empty: [{ var: 'x' }] }, { x: 0 })).toBe(false);
    expect(applyRule({ count: [{ var: 'l' }] }, { l: [1, 2, 3] })).toBe(3);
    expect(applyRule({ count: [{ var: 'l' }] }, { l: 'no' })).toBe(0);
    expect(applyRule({ sum: [{ var: 'l' }, 'c'] }, { l: [{ c: 2 }, { c: '3' }, { c: 'x' }, {}, null] })).toBe(5);
    expect(applyRule({ num: [{ var: 'x' }, 0] }, { x: 'abc' })).toBe(0);
    expect(applyRule({ round: [{ '/': [100000, 3] }, 2] }, {})).toBe(33333.33);
    expect(applyRule({ round: [1.005, 2] }, {})).toBe(1.01);
    expect(applyRule({ round: ['x', 2] }, {})).toBeNull();
  });
  it('dates compare as text', () => {
    expect(applyRule({ '<=': ['2026-01-31', '2026-02-01'] }, {})).toBe(true);
    expect(parseIsoDate('2026-13-01')).toBeNull();
    expect(addDays('x', 1)).toBeNull();
  });
  it('a hostile value makes the rule read null instead of throwing', () => {
    expect(applyRule({ '==': [{ var: 'x' }, true] }, { x: { toString: false } })).toBeNull();
  });
  it('json-logic truthiness', () => {
    expect([truthy(''), truthy([]), truthy('0'), truthy(0), truthy([0])]).toEqual([false, false, true, false, true]);
  });
  it('method and log are not allowed to analysts', () => {
    expect(KNOWN_OPERATORS.has('method')).toBe(false);
    expect(KNOWN_OPERATORS.has('log')).toBe(false);
    expect(KNOWN_OPERATORS.has('date_add')).toBe(true);
  });
});

describe('ruleUse', () => {
  it('finds variables and operators, skipping the item scope of map/filter', () => {
    const use = ruleUse({ and: [{ '==': [{ var: 'a.b' }, 1] }, { some: [{ var: 'lista' }, { '==': [{ var: 'x' }, 1] }] }, { missing: ['c', 'd'] }] });
    expect(use.vars).toEqual(['a.b', 'lista', 'c', 'd']);
    expect(use.operators).toEqual(expect.arrayContaining(['and', '==', 'var', 'some', 'missing']));
  });
});
