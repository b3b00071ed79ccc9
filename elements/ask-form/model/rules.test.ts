import { describe, expect, it } from 'vitest';
import {
  ASK_EMPTY_ERROR,
  ASK_LINK_ERROR,
  ASK_MAX_LENGTH,
  askAccess,
  canSubmitQuestion,
  containsLink,
  normalizeQuestion,
  parseAskResponse,
  questionCounter,
  sendAnonymously,
  stripNewlines,
  validateQuestion,
} from './rules';
import { MalformedResponse } from '../../../src/errors';

describe('containsLink', () => {
  it.each([
    'see http://example.com',
    'HTTPS://EXAMPLE.COM/x',
    'https://a',
    'www.example',
    'go to WWW.something',
    'google.com',
    'Visit GOOGLE.COM!',
    'bit.ly/abc',
    'my site is bob.tumblr.com/ask',
    'sub.domain.co.uk',
    'x.io is cool',
    'mail me: me@example.org',
    'foo-bar.net',
    'end of sentence at example.com.',
  ])('finds a link in %j', (text) => {
    expect(containsLink(text)).toBe(true);
  });

  it.each([
    'What is your favourite synth?',
    'e.g. this one, i.e. that one',
    'Ph.D. or M.Sc.?',
    'version 2.0.1 and 3.14',
    'Done.It was fun',
    'wait...com on',
    'Meet at 5.30 p.m.',
    'node.js or deno?',
    'file.txt',
    'U.S.A. road trip',
    'a common question',
    '3.common',
    'the word com and org alone',
    'wwwhat is this',
  ])('finds no link in %j (false positive guard)', (text) => {
    expect(containsLink(text)).toBe(false);
  });
});

describe('question text', () => {
  it('strips newlines (a break between words becomes one space)', () => {
    expect(stripNewlines('one\ntwo\r\nthree\rfour')).toBe('one two three four');
    expect(stripNewlines('a  \n\n  b')).toBe('a b');
    expect(stripNewlines('no breaks')).toBe('no breaks');
  });

  it('keeps at most 500 characters', () => {
    expect(normalizeQuestion('x'.repeat(600))).toHaveLength(ASK_MAX_LENGTH);
    expect(normalizeQuestion('a\nb')).toBe('a b');
  });

  it('validates: trimmed non-empty, no links, at most 500', () => {
    expect(validateQuestion('')).toBe(ASK_EMPTY_ERROR);
    expect(validateQuestion('   \n  ')).toBe(ASK_EMPTY_ERROR);
    expect(validateQuestion('look at example.com')).toBe(ASK_LINK_ERROR);
    expect(validateQuestion('x'.repeat(501))).toMatch(/500/);
    expect(validateQuestion(' What now? ')).toBeNull();
    expect(ASK_EMPTY_ERROR).toBe('You need to enter a question!');
    expect(ASK_LINK_ERROR).toBe("Sorry, but please don't include links in questions.");
  });

  it('enables submit only for trimmed length 1 to 500', () => {
    expect(canSubmitQuestion('')).toBe(false);
    expect(canSubmitQuestion('   ')).toBe(false);
    expect(canSubmitQuestion(' a ')).toBe(true);
    expect(canSubmitQuestion('x'.repeat(500))).toBe(true);
    expect(canSubmitQuestion(' ' + 'x'.repeat(500) + ' ')).toBe(true);
    expect(canSubmitQuestion('x'.repeat(501))).toBe(false);
  });
});

describe('questionCounter', () => {
  const withRemaining = (n: number) => 'x'.repeat(ASK_MAX_LENGTH - n);
  it('is hidden while more than 100 remain', () => {
    expect(questionCounter('')).toBeNull();
    expect(questionCounter(withRemaining(101))).toBeNull();
  });
  it('shows from 100 left: ok above 40, warning 21–40, danger 20 or less', () => {
    expect(questionCounter(withRemaining(100))).toEqual({ remaining: 100, level: 'ok' });
    expect(questionCounter(withRemaining(41))).toEqual({ remaining: 41, level: 'ok' });
    expect(questionCounter(withRemaining(40))).toEqual({ remaining: 40, level: 'warning' });
    expect(questionCounter(withRemaining(21))).toEqual({ remaining: 21, level: 'warning' });
    expect(questionCounter(withRemaining(20))).toEqual({ remaining: 20, level: 'danger' });
    expect(questionCounter(withRemaining(0))).toEqual({ remaining: 0, level: 'danger' });
  });
});

describe('anonymous rules', () => {
  it('anonymous only when the recipient allows it; logged-out visitors only anonymously', () => {
    expect(askAccess({ asks: false, anonymous_asks: true }, true)).toBe('closed');
    expect(askAccess({ asks: false, anonymous_asks: true }, false)).toBe('closed');
    expect(askAccess({ asks: true, anonymous_asks: true }, true)).toBe('choice');
    expect(askAccess({ asks: true, anonymous_asks: false }, true)).toBe('named');
    expect(askAccess({ asks: true, anonymous_asks: true }, false)).toBe('anonymous-only');
    expect(askAccess({ asks: true, anonymous_asks: false }, false)).toBe('login');
  });
  it('sends anonymous only where allowed', () => {
    expect(sendAnonymously('choice', true)).toBe(true);
    expect(sendAnonymously('choice', false)).toBe(false);
    expect(sendAnonymously('named', true)).toBe(false);
    expect(sendAnonymously('anonymous-only', false)).toBe(true);
  });
});

describe('parseAskResponse', () => {
  it('success has no errors', () => {
    expect(parseAskResponse({ question: { id: 1 } })).toEqual({ errors: [] });
  });
  it('reads an errors list of strings or objects, in order', () => {
    expect(parseAskResponse({ errors: ['First', 'Second'] }).errors).toEqual(['First', 'Second']);
    expect(
      parseAskResponse({ errors: [{ code: 1004, title: 'Asks off', detail: 'bob is not taking questions.' }, { title: 'x' }] }).errors,
    ).toEqual(['bob is not taking questions.', 'x']);
  });
  it('rejects what is not a response', () => {
    expect(() => parseAskResponse(null)).toThrow(MalformedResponse);
    expect(() => parseAskResponse('ok')).toThrow(MalformedResponse);
    expect(() => parseAskResponse({ errors: 'nope' })).toThrow(MalformedResponse);
  });
});
