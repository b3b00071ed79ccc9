import { expect } from '@open-wc/testing';
describe('smoke', () => {
  it('runs', () => {
    expect(1 + 1).to.equal(2);
  });
});
