import { describe, expect, it } from 'vitest';
import {
  macGeneral,
  requestMacData,
  responseMacData,
  sign,
  verify,
} from '../../../sync-server/payments/borica/mac-general.ts';
import { rsaPair } from './keys.ts';

const manualVector = {
  TERMINAL: 'V1800001',
  TRTYPE: '1',
  AMOUNT: '1.00',
  CURRENCY: 'BGN',
  ORDER: '145659',
  TIMESTAMP: '20201013115715',
  NONCE: 'FC8AC36A9FDADCB6127D273CD15DAEC3',
};

const response = {
  ACTION: '0',
  RC: '00',
  APPROVAL: 'S95352',
  TERMINAL: 'V1800001',
  TRTYPE: '1',
  AMOUNT: '9.00',
  CURRENCY: 'EUR',
  ORDER: '145659',
  RRN: '028701253307',
  INT_REF: 'A2B93E9D5F9E5C5D',
  PARES_STATUS: 'Y',
  ECI: '05',
  TIMESTAMP: '20201013115830',
  NONCE: 'FC8AC36A9FDADCB6127D273CD15DAEC3',
};

describe('MAC_GENERAL', () => {
  it("gives the manual's string to sign for its sale example", () => {
    expect(requestMacData(manualVector)).toBe(
      '8V18000011141.003BGN6145659142020101311571532FC8AC36A9FDADCB6127D273CD15DAEC3-',
    );
  });

  it('signs the same string for every request type but the status check', () => {
    for (const TRTYPE of ['12', '21', '22', '24']) {
      expect(requestMacData({ ...manualVector, TRTYPE })).toBe(
        `8V18000012${TRTYPE}41.003BGN6145659142020101311571532FC8AC36A9FDADCB6127D273CD15DAEC3-`,
      );
    }
  });

  it('signs TERMINAL, TRTYPE, ORDER and NONCE for TRTYPE 90, without the reserved field', () => {
    expect(requestMacData({ ...manualVector, TRTYPE: '90' })).toBe(
      '8V18000012906145659' + '32FC8AC36A9FDADCB6127D273CD15DAEC3',
    );
  });

  it('gives the manual’s strings for its status check and its sale answer', () => {
    expect(
      requestMacData({
        TERMINAL: 'V1800001',
        TRTYPE: '90',
        ORDER: '114233',
        TRAN_TRTYPE: '1',
        NONCE: '622CAAA8BF20C5A21A917DCB8401C336',
      }),
    ).toBe('8V1800001290611423332622CAAA8BF20C5A21A917DCB8401C336');
    expect(
      responseMacData({
        ACTION: '0',
        RC: '00',
        APPROVAL: 'S19527',
        TERMINAL: 'V1800001',
        TRTYPE: '1',
        AMOUNT: '1.00',
        CURRENCY: 'BGN',
        ORDER: '170403',
        RRN: '028701253242',
        INT_REF: 'B7A68A9F37E8586E',
        PARES_STATUS: '',
        ECI: '',
        TIMESTAMP: '20201013140707',
        NONCE: '22EA51788AFE61A9D814B771A8FA6379',
        STATUSMSG: 'Approved. No errors',
        CARD: '5100XXXXXXXX0022',
      }),
    ).toBe(
      '102006S195278V18000011141.003BGN61704031202870125324216B7A68A9F37E8586E--14202010131407073222EA51788AFE61A9D814B771A8FA6379-',
    );
  });

  it('counts UTF-8 bytes, not characters, and writes a lone dash for an empty field', () => {
    // "Поръчка" is 7 Cyrillic letters: 14 bytes.
    expect(macGeneral(['DESC', 'EMPTY', 'MISSING'], { DESC: 'Поръчка', EMPTY: '' }, false)).toBe('14Поръчка--');
    expect(macGeneral(['A'], { A: 'е€' }, true)).toBe('5е€-');
  });

  it('signs the response fields in their order with the empty ones as dashes', () => {
    expect(responseMacData({ ...response, APPROVAL: '', PARES_STATUS: '' })).toBe(
      '10' +
        '200' +
        '-' +
        '8V1800001' +
        '11' +
        '49.00' +
        '3EUR' +
        '6145659' +
        '12028701253307' +
        '16A2B93E9D5F9E5C5D' +
        '-' +
        '205' +
        '1420201013115830' +
        '32FC8AC36A9FDADCB6127D273CD15DAEC3-',
    );
  });
});

describe('P_SIGN', () => {
  const gateway = rsaPair();
  const other = rsaPair();

  it('is 512 upper-case hex characters that verify with the public key', () => {
    const pSign = sign(requestMacData(manualVector), gateway.privateKeyPem);
    expect(pSign).toMatch(/^[0-9A-F]{512}$/);
    expect(verify(requestMacData(manualVector), pSign, gateway.publicKeyPem)).toBe(true);
  });

  it('does not verify with another key, or when malformed', () => {
    const pSign = sign(responseMacData(response), gateway.privateKeyPem);
    expect(verify(responseMacData(response), pSign, other.publicKeyPem)).toBe(false);
    expect(verify(responseMacData(response), 'not hex', gateway.publicKeyPem)).toBe(false);
    expect(verify(responseMacData(response), '', gateway.publicKeyPem)).toBe(false);
  });

  it.each([
    ['AMOUNT', '90.00'],
    ['RC', '05'],
    ['ACTION', '2'],
    ['ORDER', '145660'],
    ['RRN', '028701253308'],
    ['NONCE', 'FC8AC36A9FDADCB6127D273CD15DAEC4'],
  ])('fails when the answer’s %s is changed after signing', (field, value) => {
    const pSign = sign(responseMacData(response), gateway.privateKeyPem);
    expect(verify(responseMacData(response), pSign, gateway.publicKeyPem)).toBe(true);
    expect(verify(responseMacData({ ...response, [field]: value }), pSign, gateway.publicKeyPem)).toBe(false);
  });
});
