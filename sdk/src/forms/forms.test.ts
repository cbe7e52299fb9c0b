import { describe, expect, it } from 'vitest';
import type { ActionField } from '../schemas/hypermedia';
import { bodyOf, createActionForm, fieldValue, initialValues, isRequired, validate } from './index';

const reject = {
  name: 'reject',
  type: 'application/json',
  fields: [
    { name: 'status', type: 'select', required: true, value: 'rejected' },
    { name: 'adminNotes', type: 'text', required: true, title: 'Reason', maxLength: 10 },
  ] satisfies ActionField[],
};
const refund = {
  name: 'refund',
  type: 'application/json',
  fields: [
    { name: 'amount', type: 'number', required: false, min: 0.5, max: 40, title: 'Amount' },
    { name: 'reason', type: 'text', required: false },
  ] satisfies ActionField[],
};

describe('actions to forms', () => {
  it('reads what an action fixes and requires', () => {
    expect(fieldValue(reject, 'status')).toBe('rejected');
    expect(isRequired(reject, 'adminNotes')).toBe(true);
    expect(isRequired(refund, 'reason')).toBe(false);
    expect(initialValues(reject)).toEqual({ status: 'rejected', adminNotes: '' });
  });

  it('checks values as the server will, with a caller’s text for a missing field', () => {
    expect(validate(reject, { status: 'rejected', adminNotes: '  ' })).toEqual({ adminNotes: 'Reason is required.' });
    expect(validate(reject, { status: 'rejected', adminNotes: '' }, { required: { adminNotes: 'Say why.' } })).toEqual({
      adminNotes: 'Say why.',
    });
    expect(validate(reject, { status: 'rejected', adminNotes: 'far too long a reason' })).toEqual({
      adminNotes: 'Reason must be at most 10 characters.',
    });
    expect(validate(refund, { amount: '0.1', reason: '' })).toEqual({ amount: 'Amount must be at least 0.5.' });
    expect(validate(refund, { amount: 'ten', reason: '' })).toEqual({ amount: 'Amount must be a number.' });
    expect(validate(refund, { amount: '', reason: '' })).toEqual({});
  });

  it('builds the body in the server’s types, leaving out blank optional fields and keeping fixed ones', () => {
    expect(bodyOf(reject, { adminNotes: ' Missing ID ' })).toEqual({ status: 'rejected', adminNotes: 'Missing ID' });
    expect(bodyOf(refund, { amount: '12.50', reason: '' })).toEqual({ amount: 12.5 });
    const upload = bodyOf(
      { type: 'multipart/form-data', fields: [{ name: 'documentType', type: 'select', required: true }] },
      { documentType: 'id' },
    );
    expect(upload).toBeInstanceOf(FormData);
    expect((upload as FormData).get('documentType')).toBe('id');
  });

  it('submits only a valid form, and keeps the server’s field errors when it refuses', async () => {
    const sent: unknown[] = [];
    const form = createActionForm(reject, async (_action, body) => {
      sent.push(body);
      if (sent.length === 2) throw Object.assign(new Error('no'), { fields: { adminNotes: 'Not this one.' } });
      return 'ok';
    });
    const seen: number[] = [];
    form.subscribe(() => seen.push(Object.keys(form.state.errors).length));
    expect(await form.submit()).toBeUndefined();
    expect(form.state.errors.adminNotes).toBe('Reason is required.');
    form.set('adminNotes', 'No ID');
    expect(form.state.errors).toEqual({});
    expect(await form.submit()).toBe('ok');
    expect(sent).toEqual([{ status: 'rejected', adminNotes: 'No ID' }]);
    await expect(form.submit()).rejects.toThrow('no');
    expect(form.state.errors).toEqual({ adminNotes: 'Not this one.' });
    expect(form.state.pending).toBe(false);
    expect(seen.length).toBeGreaterThan(3);
  });
});
