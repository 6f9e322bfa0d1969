import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { CONTACT_MASK, type ContactKind, maskContacts } from '#contract/contact-masking.ts';

const M = CONTACT_MASK;

const masksAs = (input: string, text: string, hidden: ContactKind[]) => {
  expect(maskContacts(input)).toEqual({ text, hidden });
};

describe('maskContacts: e-mail addresses', () => {
  it.each([
    ['Write to jane.doe@example.com today', `Write to ${M} today`],
    ['jane(at)example(dot)com', M],
    ['jane [at] example [dot] com', M],
    ['jane{at}example{dot}com', M],
    ['Send it to jane at example dot com please', `Send it to ${M} please`],
    ['jane AT example DOT co DOT uk', M],
    ['jane dot doe at example dot com', M],
    ['jane @ example . com', M],
    ['jane＠example．com', M],
    ['JANE.DOE@EXAMPLE.COM', M],
    ['Mail me: <jane+orders@mail.example.co.uk>.', `Mail me: <${M}>.`],
    ['(jane@example.com)', `(${M})`],
    ["Use 'jane@example.com'.", `Use '${M}'.`],
    ['jöhn@müller.de', M],
    ['mailto:jane@example.com', M],
    ['Click mailto:jane@example.com?subject=Order.', `Click ${M}.`],
  ])('masks %j', (input, text) => {
    masksAs(input, text, ['email']);
  });
});

describe('maskContacts: phone numbers', () => {
  it.each([
    ['Call me on +44 20 7946 0958.', `Call me on ${M}.`],
    ['+1 (415) 555-0132', M],
    ['0049 30 1234567', M],
    ['020 7946 0958', M],
    ['mobile 07700 900123 after 5', `mobile ${M} after 5`],
    ['0 7 7 0 0 9 0 0 1 2 3', M],
    ['415.555.0132', M],
    ['+44-20-7946-0958', M],
    ['030/1234567', M],
    ['(+44 20 7946 0958)', `(${M})`],
    ['＋４４ ２０ ７９４６ ０９５８', M],
    ['Tel.: 02079460958', `Tel.: ${M}`],
  ])('masks %j', (input, text) => {
    masksAs(input, text, ['phone']);
  });
});

describe('maskContacts: messenger handles and chat links', () => {
  it.each([
    ['wa.me/447700900123', M],
    ['https://wa.me/447700900123?text=hi', M],
    ['t.me/janedoe', M],
    ['Join https://t.me/janedoe.', `Join ${M}.`],
    ['telegram: @janedoe', `telegram: ${M}`],
    ['my telegram is @janedoe', `my telegram is ${M}`],
    ['tg @janedoe', `tg ${M}`],
    ['skype: jane.doe', `skype: ${M}`],
    ['Skype ID: live:jane.doe', `Skype ID: ${M}`],
    ['skype:live:jane', M],
    ['whatsapp +44 7700 900123', `whatsapp ${M}`],
    ['WhatsApp: 07700900123', `WhatsApp: ${M}`],
    ['whats app 07700 900123', `whats app ${M}`],
    ['signal @jane.01', `signal ${M}`],
    ['viber: +44 7700 900123', `viber: ${M}`],
    ['discord: jane#1234', `discord: ${M}`],
    ['discord.gg/abc', M],
    ['wechat: jane_doe88', `wechat: ${M}`],
    ['line @janedoe', `line ${M}`],
    ['icq: 123456789', `icq: ${M}`],
    ['kik: janedoe', `kik: ${M}`],
    ['snapchat: jane.doe', `snapchat: ${M}`],
    ['instagram @jane.doe.', `instagram ${M}.`],
    ['insta: @jane_doe', `insta: ${M}`],
    ['ig @jane', `ig ${M}`],
    ['wa @jane', `wa ${M}`],
  ])('masks %j', (input, text) => {
    masksAs(input, text, ['handle']);
  });

  it('leaves a mention without a messenger word alone', () => {
    masksAs('@Emma can you check the draft?', '@Emma can you check the draft?', []);
    masksAs('Thanks @emma.smith, done.', 'Thanks @emma.smith, done.', []);
  });

  it('masks the contact after a messenger word that is also an ordinary word only with an @', () => {
    masksAs('line: 3 paragraphs, the signal is weak', 'line: 3 paragraphs, the signal is weak', []);
  });
});

describe('maskContacts: what is left alone', () => {
  it.each([
    ['Could you send the draft by Friday? The anchor text is fine.'],
    ['The price is €1,250.00, or 1250 EUR for 2,500 words.'],
    ['Budget: 12,500.00 USD, 45% off, 3.5 hours.'],
    ['An article of 1500-2000 words, or 2000 – 3000 words; 10000-20000 visits a month.'],
    ['Due 2026-12-03, or 03.12.2026 at 14:30, 12/03/2026 at the latest.'],
    ['From 2026-12-03 - 2026-12-10, season 2025/2026.'],
    ['Order 100007, item 100007-2; also 100007-2 / 100007-3 and 100008 100009.'],
    ['Invoice INV-2026-000123 and credit note CN-2026-000007.'],
    ['Published at https://example.com/blog/post-12345678 and www.example.com/p?id=123456789.'],
    ['See example.com/articles/2026/12345678-review for the post.'],
    ['Please look at the draft at 3 pm. Then look at example.com.'],
    ['Meet at the office. Thanks!'],
    ['DA 45, DR 60, traffic 12k, 45% organic.'],
    ['We are at it; look at the draft dot points.'],
    [''],
  ])('leaves %j unchanged', (input) => {
    masksAs(input, input, []);
  });
});

describe('maskContacts: several contacts', () => {
  it('masks each contact once and lists the kinds in order of first appearance', () => {
    masksAs(
      'Call +44 20 7946 0958 or telegram @janedoe, mail jane@example.com, or 020 7946 0958.',
      `Call ${M} or telegram ${M}, mail ${M}, or ${M}.`,
      ['phone', 'handle', 'email'],
    );
  });

  it('keeps the text around each contact as it was, full-width characters included', () => {
    masksAs('「jane＠example．com」まで', `「${M}」まで`, ['email']);
    masksAs('a\njane@example.com\n\nb', `a\n${M}\n\nb`, ['email']);
  });
});

describe('maskContacts: properties', () => {
  const fragments = fc.constantFrom(
    'jane.doe@example.com',
    'jane at example dot com',
    '(at)',
    '{at}',
    '[dot]',
    ' at ',
    ' dot ',
    '@',
    '.',
    '+44 20 7946 0958',
    '0 7 7 0',
    '100007-2',
    '2026-12-03',
    'telegram:',
    'skype: ',
    '@jane',
    't.me/x',
    'https://example.com/1234567890',
    'mailto:',
    CONTACT_MASK,
    ' ',
    '\n',
  );
  const message = fc
    .array(fc.oneof(fragments, fc.string({ maxLength: 6 })), { maxLength: 20 })
    .map((parts) => parts.join(''));

  it('is idempotent', () => {
    fc.assert(
      fc.property(message, (text) => {
        const once = maskContacts(text).text;
        expect(maskContacts(once).text).toBe(once);
      }),
      { numRuns: 500 },
    );
  });

  it('changes nothing in a text without digits, "@", at/dot words or messenger words', () => {
    const safeWord = fc
      .stringMatching(/^[a-z]{1,10}$/)
      .filter(
        (word) =>
          !/^(?:at|dot|telegram|tg|skype|whatsapp|wa|signal|viber|discord|wechat|weixin|line|icq|kik|snapchat|snap|instagram|insta|ig)$/.test(
            word,
          ),
      );
    const text = fc
      .array(fc.tuple(safeWord, fc.constantFrom(' ', ', ', '. ', '\n', '! ', ': ')), {
        maxLength: 30,
      })
      .map((words) => words.map(([word, gap]) => word + gap).join(''));
    fc.assert(
      fc.property(text, (input) => {
        expect(maskContacts(input)).toEqual({ text: input, hidden: [] });
      }),
    );
  });

  it('leaves no e-mail address in the output', () => {
    const around = fc.constantFrom('', ' ', 'Mail ', '(', ': ', '\n', '1', 'telegram ', '.');
    fc.assert(
      fc.property(around, fc.emailAddress(), around, (before, address, after) => {
        const { text, hidden } = maskContacts(before + address + after);
        expect(text).not.toMatch(/\S+@\S+\.\S+/);
        expect(hidden).toContain('email');
      }),
      { numRuns: 500 },
    );
  });
});

describe('maskContacts: time', () => {
  it.each([
    ['a long local part without a domain', `${'a'.repeat(5000)}@`],
    ['a long run of spaced digits', '1 '.repeat(2500)],
    ['a long run of dots', `x@${'a.'.repeat(2500)}`],
    ['spelled-out dots', `a ${'dot a '.repeat(830)}`],
    ['repeated "at"', 'a at '.repeat(1000)],
    ['messenger names in one contact', 'skype:'.repeat(833)],
    ['messenger names with spaces', 'telegram: '.repeat(500)],
    ['brackets', '(at)'.repeat(1250)],
    ['a long link', `https://example.com/${'1-'.repeat(2490)}`],
    ['digits and letters', 'a1'.repeat(2500)],
  ])('reads %s of 5,000 characters in linear time', (_, text) => {
    expect(text.length).toBeGreaterThanOrEqual(4980);
    maskContacts(text);
    const started = performance.now();
    maskContacts(text);
    expect(performance.now() - started).toBeLessThan(200);
  });
});
