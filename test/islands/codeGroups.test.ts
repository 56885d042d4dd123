/** The groups a transfer's codes are shown in on the pay page (islands/ProfilePay/codeGroups.ts, issue 32). */
import { describe, expect, test } from 'vitest';
import { codeGroups } from '../../islands/ProfilePay/codeGroups';

describe('codeGroups', () => {
  test('a code written in groups keeps them', () => {
    expect(codeGroups('GB82 WEST 1234 5698 7654 32')).toEqual(['GB82', 'WEST', '1234', '5698', '7654', '32']);
    expect(codeGroups(' 6222  0000 1111 2222 ')).toEqual(['6222', '0000', '1111', '2222']);
  });
  test('a long run of digits in fours, as bank cards show it', () => {
    expect(codeGroups('6222000011112222333')).toEqual(['6222', '0000', '1111', '2222', '333']);
  });
  test('a short or lettered code in one piece', () => {
    expect(codeGroups('BKCHCNBJ110')).toEqual(['BKCHCNBJ110']);
    expect(codeGroups('100080')).toEqual(['100080']);
    expect(codeGroups('CP9BSQJSFF')).toEqual(['CP9BSQJSFF']);
    expect(codeGroups('110-123456-789')).toEqual(['110-123456-789']);
  });
  test('several references, one group each', () => {
    expect(codeGroups('CP9BSQJSFF CPG510S5SR')).toEqual(['CP9BSQJSFF', 'CPG510S5SR']);
  });
});
