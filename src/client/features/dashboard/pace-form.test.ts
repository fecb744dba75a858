// The Orders settings form: what is sent, and the server's refusals under the fields they name.
import { expect, test } from 'vitest';
import { paceBody, paceErrors, paceFormFrom } from './pace-form';

test('a shop without a slot limit shows none, with a suggested number ready for when one is switched on', () => {
  const form = paceFormFrom({ prepMinutes: 10, maxOrdersPerSlot: null, autoCancelMinutes: 10 });
  expect(form).toEqual({
    prepMinutes: '10',
    hasSlotLimit: false,
    maxOrdersPerSlot: '5',
    autoCancelMinutes: '10',
  });
  expect(paceBody(form)).toEqual({ prepMinutes: 10, maxOrdersPerSlot: null, autoCancelMinutes: 10 });
});

test('a limit is sent as a number; what is not a number goes as typed, for the server to name, never as no limit', () => {
  const form = { prepMinutes: ' 12 ', hasSlotLimit: true, maxOrdersPerSlot: '', autoCancelMinutes: '7' };
  expect(paceBody(form)).toEqual({ prepMinutes: 12, maxOrdersPerSlot: '', autoCancelMinutes: 7 });
});

test("each refusal lands under its field in the field's words; the rest stays general", () => {
  const { fields, general } = paceErrors(
    'prepMinutes must be a whole number from 5 to 60; autoCancelMinutes: must be a whole number from 5 to 30; ' +
      'Coffee shop not found',
  );
  expect(fields).toEqual({
    prepMinutes: 'Prep time must be a whole number from 5 to 60',
    autoCancelMinutes: 'Auto-cancel time must be a whole number from 5 to 30',
  });
  expect(general).toBe('Coffee shop not found');
});

test('a message naming no field is general only', () => {
  expect(paceErrors('Internal server error')).toEqual({ fields: {}, general: 'Internal server error' });
});
