import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';

import { MAX_UPLOAD_BYTES } from '#contract/constants.ts';
import {
  BOTH_AVOIDED_AND_PREFERRED_MESSAGE,
  type ContentGuidelinesInput,
  ContentGuidelinesSchema,
  CONTROL_CHARACTERS_MESSAGE,
  DEFAULT_CONTENT_GUIDELINES,
  MAX_COMMENT_LENGTH,
  MAX_DOMAINS,
  MAX_TOPICS,
  NEWLINES_MESSAGE,
  UNIQUE_ITEMS_MESSAGE,
} from '#contract/content-guidelines.ts';
import { HOSTNAME_MESSAGES } from '#contract/hostname.ts';
import { FORBIDDEN_CHARACTER_MESSAGE } from '#contract/input-rules.ts';
import { OrderItemListSchema } from '#contract/order-items.ts';
import { contentGuidelines, files } from '#server/db/schema/index.ts';
import { UNKNOWN_FIELD_MESSAGE } from '#server/http/validation.ts';
import { FILE_NAME_TYPE_MESSAGE, FILE_TYPE_MESSAGE } from '#server/modules/files/files.service.ts';
import { documentSamples } from '#tests/helpers/document-samples.ts';
import { lineOfKind, multipart, placeOrder, useBuyerApp, type Who } from '#tests/helpers/orders.ts';

import { GUIDELINES_FILE_MISSING_MESSAGE } from './content-guidelines.service.ts';

const filled: ContentGuidelinesInput = {
  preferred_topics: ['  Hiking gear ', 'Travel in Norway'],
  topics_to_avoid: ['Gambling'],
  topic_comment: ' Keep it practical. ',
  target_url_implementation: 'aggressive',
  target_url_1_placement: 'introduction',
  target_url_2_placement: 'conclusion',
  target_url_comment: 'Link the product page early.\nNo footers.',
  trustlinks_number: 3,
  avoided_trustlink_domains: ['https://www.Competitor.com/shop', 'rival.de'],
  preferred_trustlink_domains: ['wikipedia.org', 'BBC.co.uk'],
  internal_links_number: 2,
  internal_link_comment: '',
  is_translate_anchor: true,
};

describe('content guidelines', () => {
  const app = useBuyerApp();

  const get = (who: Who = 'buyer') => app.call('GET', '/content-guidelines', app.tokens[who]);
  const put = (body: object, who: Who = 'buyer', headers: Record<string, string> = {}) =>
    app.call('PUT', '/content-guidelines', app.tokens[who], body, headers);
  const upload = (form: ReturnType<typeof multipart>, who: Who = 'buyer') =>
    app.ctx.app.inject({
      method: 'PUT',
      url: '/api/v1/buyer/content-guidelines/files',
      headers: { authorization: `Bearer ${app.tokens[who]}`, ...form.headers },
      payload: form.payload,
    });
  const violationsOf = async (body: object) => {
    const response = await put(body);
    expect(response.statusCode).toBe(400);
    return response.json().violations as { path: string; message: string }[];
  };

  describe('reading and saving', () => {
    it('answers the defaults, revision 0, to a buyer who never saved guidelines', async () => {
      const response = await get('secondBuyer');
      expect(response.statusCode).toBe(200);
      expect(ContentGuidelinesSchema.parse(response.json())).toEqual({
        ...DEFAULT_CONTENT_GUIDELINES,
        custom_guidelines_file: null,
        revision: 0,
        updated_at: null,
      });
    });

    it('saves every field, trimmed and with the domains normalised, and reads them back', async () => {
      const saved = await put(filled);
      expect(saved.statusCode).toBe(200);
      const expected = {
        preferred_topics: ['Hiking gear', 'Travel in Norway'],
        topics_to_avoid: ['Gambling'],
        topic_comment: 'Keep it practical.',
        target_url_implementation: 'aggressive',
        target_url_1_placement: 'introduction',
        target_url_2_placement: 'conclusion',
        target_url_comment: 'Link the product page early.\nNo footers.',
        trustlinks_number: 3,
        avoided_trustlink_domains: ['competitor.com', 'rival.de'],
        preferred_trustlink_domains: ['wikipedia.org', 'bbc.co.uk'],
        internal_links_number: 2,
        internal_link_comment: null,
        is_translate_anchor: true,
        custom_guidelines_file: null,
        revision: 1,
        updated_at: expect.any(String),
      };
      expect(saved.json()).toEqual(expected);
      expect((await get()).json()).toEqual(expected);
      // The other buyer's guidelines are untouched.
      expect((await get('secondBuyer')).json().revision).toBe(0);
    });

    it('counts each save as a new revision', async () => {
      const before = ContentGuidelinesSchema.parse((await get()).json()).revision;
      const saved = await put({ ...filled, trustlinks_number: 4 });
      expect(saved.json()).toMatchObject({ trustlinks_number: 4, revision: before + 1 });
    });

    it('answers a repeat with the same Idempotency-Key from the first answer', async () => {
      const key = { 'idempotency-key': 'guidelines-repeat-0001' };
      const first = await put({ ...filled, trustlinks_number: 2 }, 'buyer', key);
      const again = await put({ ...filled, trustlinks_number: 2 }, 'buyer', key);
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual(first.json());
      expect(again.headers['idempotent-replayed']).toBe('true');
    });

    it('is described in the API documentation with its body and answers', async () => {
      const response = await app.ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
      const paths = response.json().paths;
      const put = paths['/api/v1/buyer/content-guidelines'].put;
      expect(Object.keys(put.requestBody.content['application/json'].schema.properties)).toEqual(
        expect.arrayContaining(['preferred_topics', 'trustlinks_number', 'is_translate_anchor']),
      );
      expect(Object.keys(put.responses)).toEqual(expect.arrayContaining(['200', '400']));
      expect(paths['/api/v1/buyer/content-guidelines'].get).toBeDefined();
      expect(paths['/api/v1/buyer/content-guidelines/files'].put.responses['413']).toBeDefined();
      expect(paths['/api/v1/buyer/content-guidelines/files'].delete).toBeDefined();
    });

    it('answers 401 without a token', async () => {
      const response = await app.ctx.app.inject({
        method: 'GET',
        url: '/api/v1/buyer/content-guidelines',
      });
      expect(response.statusCode).toBe(401);
    });
  });

  describe('validation', () => {
    it('refuses unknown and read-only fields and applies nothing', async () => {
      const before = (await get()).json();
      const violations = await violationsOf({
        ...filled,
        revision: 99,
        updated_at: '2020-01-01T00:00:00Z',
        custom_guidelines_file: { id: 'x', file_name: 'y' },
        user_id: app.facts.userIds.secondBuyer,
      });
      expect(violations).toEqual(
        expect.arrayContaining(
          ['revision', 'updated_at', 'custom_guidelines_file', 'user_id'].map((path) => ({
            path,
            message: UNKNOWN_FIELD_MESSAGE,
          })),
        ),
      );
      expect((await get()).json()).toEqual(before);
    });

    it('requires every field', async () => {
      const violations = await violationsOf({});
      expect(violations.map((violation) => violation.path).sort()).toEqual(
        Object.keys(filled).sort(),
      );
      // A missing option is named with the options it could take.
      expect(
        violations.filter(
          (violation) =>
            violation.message !== 'Required' && !violation.message.startsWith('Invalid option'),
        ),
      ).toEqual([]);
    });

    it('refuses values outside the options and the numbers outside 1-4 and 1-2', async () => {
      const violations = await violationsOf({
        ...filled,
        target_url_implementation: 'subtle',
        target_url_1_placement: 'footer',
        target_url_2_placement: null,
        trustlinks_number: 5,
        internal_links_number: 0,
        is_translate_anchor: 'yes',
      });
      expect(violations.map((violation) => violation.path)).toEqual([
        'target_url_implementation',
        'target_url_1_placement',
        'target_url_2_placement',
        'trustlinks_number',
        'internal_links_number',
        'is_translate_anchor',
      ]);
      expect((await violationsOf({ ...filled, trustlinks_number: 0 }))[0]?.path).toBe(
        'trustlinks_number',
      );
      expect((await violationsOf({ ...filled, internal_links_number: 3 }))[0]?.path).toBe(
        'internal_links_number',
      );
      expect((await violationsOf({ ...filled, trustlinks_number: 2.5 }))[0]?.path).toBe(
        'trustlinks_number',
      );
    });

    it('refuses blank, too long, multi-line and repeated topics on their entry', async () => {
      const violations = await violationsOf({
        ...filled,
        preferred_topics: ['Ok', '   ', 'x'.repeat(101), 'two\nlines'],
        topics_to_avoid: ['Casinos', 'casinos '],
      });
      expect(violations).toEqual([
        {
          path: 'preferred_topics[1]',
          message: 'Write a topic first.',
        },
        {
          path: 'preferred_topics[2]',
          message: 'A topic can be at most 100 characters.',
        },
        { path: 'preferred_topics[3]', message: NEWLINES_MESSAGE },
        { path: 'topics_to_avoid[1]', message: UNIQUE_ITEMS_MESSAGE },
      ]);
    });

    it('refuses more than the allowed topics, domains and comment length', async () => {
      const topics = Array.from({ length: MAX_TOPICS + 1 }, (_, index) => `Topic ${index}`);
      const domains = Array.from({ length: MAX_DOMAINS + 1 }, (_, index) => `d${index}.com`);
      const violations = await violationsOf({
        ...filled,
        preferred_topics: topics,
        preferred_trustlink_domains: domains,
        topic_comment: 'x'.repeat(MAX_COMMENT_LENGTH + 1),
      });
      expect(violations.map((violation) => violation.path)).toEqual([
        'preferred_topics',
        'topic_comment',
        'preferred_trustlink_domains',
      ]);
    });

    it('refuses invalid, repeated and both avoided and preferred domains on their entry', async () => {
      const violations = await violationsOf({
        ...filled,
        avoided_trustlink_domains: ['not a domain', '127.0.0.1', 'shop.example.com'],
        preferred_trustlink_domains: [
          'https://www.wikipedia.org/',
          'wikipedia.org',
          'Shop.Example.com',
        ],
      });
      expect(violations).toEqual([
        { path: 'avoided_trustlink_domains[0]', message: HOSTNAME_MESSAGES.invalid },
        { path: 'avoided_trustlink_domains[1]', message: HOSTNAME_MESSAGES.ip_address },
        { path: 'preferred_trustlink_domains[1]', message: UNIQUE_ITEMS_MESSAGE },
      ]);
      const both = await violationsOf({
        ...filled,
        avoided_trustlink_domains: ['shop.example.com'],
        preferred_trustlink_domains: ['wikipedia.org', 'https://shop.example.com/x'],
      });
      expect(both).toEqual([
        { path: 'preferred_trustlink_domains[1]', message: BOTH_AVOIDED_AND_PREFERRED_MESSAGE },
      ]);
    });

    it('refuses NUL and other control characters with a 400, never a 500', async () => {
      // A NUL breaks the rule every text of the API obeys, checked before the fields' own rules.
      expect(await violationsOf({ ...filled, topic_comment: 'bad\u0000comment' })).toEqual([
        { path: 'topic_comment', message: FORBIDDEN_CHARACTER_MESSAGE },
      ]);
      const violations = await violationsOf({
        ...filled,
        topic_comment: 'bad\u001bcomment',
        preferred_topics: ['bad\u0007topic'],
      });
      expect(violations).toEqual([
        { path: 'preferred_topics[0]', message: CONTROL_CHARACTERS_MESSAGE },
        { path: 'topic_comment', message: CONTROL_CHARACTERS_MESSAGE },
      ]);
    });

    it('refuses wrong types and a body that is not an object', async () => {
      const violations = await violationsOf({
        ...filled,
        preferred_topics: 'Hiking',
        avoided_trustlink_domains: [42],
        topic_comment: 7,
      });
      expect(violations.map((violation) => violation.path)).toEqual([
        'preferred_topics',
        'topic_comment',
        'avoided_trustlink_domains[0]',
      ]);
      const list = await app.ctx.app.inject({
        method: 'PUT',
        url: '/api/v1/buyer/content-guidelines',
        headers: {
          authorization: `Bearer ${app.tokens.buyer}`,
          'content-type': 'application/json',
        },
        payload: '[1,2]',
      });
      expect(list.statusCode).toBe(400);
    });
  });

  describe('the custom guidelines file', () => {
    it.each([
      ['a PDF', 'brief.pdf', documentSamples.pdf],
      ['a DOCX', 'brief.docx', documentSamples.docx],
      ['a DOC', 'brief.doc', documentSamples.doc],
      ['a text file', 'brief.txt', documentSamples.txt],
    ])('accepts %s, judged by its content, and keeps its bytes', async (_kind, name, bytes) => {
      const response = await upload(multipart({}, { name, bytes }));
      expect(response.statusCode).toBe(200);
      const body = ContentGuidelinesSchema.parse(response.json());
      expect(body.custom_guidelines_file).toEqual({ id: expect.any(String), file_name: name });
      const [row] = await app.ctx.handle.db
        .select()
        .from(files)
        .where(eq(files.id, body.custom_guidelines_file!.id));
      expect(row?.ownerUserId).toBe(app.facts.userIds.buyer);
      const download = await app.ctx.app.inject({
        method: 'GET',
        url: `/api/v1/files/${body.custom_guidelines_file!.id}`,
        headers: { authorization: `Bearer ${app.tokens.buyer}` },
      });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(bytes)).toBe(true);
    });

    it.each([
      ['a renamed executable', 'guidelines.pdf', documentSamples.exe],
      ['an ELF binary named .txt', 'guidelines.txt', documentSamples.elf],
      ['a ZIP named .docx', 'guidelines.docx', documentSamples.zip],
    ])('refuses %s with a violation on the file', async (_kind, name, bytes) => {
      const before = (await get()).json();
      const response = await upload(multipart({}, { name, bytes, type: 'application/pdf' }));
      expect(response.statusCode).toBe(400);
      expect(response.json().violations).toEqual([{ path: 'file', message: FILE_TYPE_MESSAGE }]);
      expect((await get()).json()).toEqual(before);
    });

    it('keeps the double quotes a browser writes as %22 in a file name', async () => {
      const response = await upload(
        multipart({}, { name: 'guide %22v2%22 ü.txt', bytes: documentSamples.txt }),
      );
      expect(response.statusCode).toBe(200);
      expect(response.json().custom_guidelines_file.file_name).toBe('guide "v2" ü.txt');
    });

    it('refuses an empty file as empty, whatever its name', async () => {
      const before = (await get()).json();
      const response = await upload(
        multipart({}, { name: 'guidelines.txt', bytes: Buffer.alloc(0), type: 'text/plain' }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().violations).toEqual([{ path: 'file', message: 'The file is empty.' }]);
      expect((await get()).json()).toEqual(before);
    });

    it.each([
      ['HTML named invoice.pdf', 'invoice.pdf', Buffer.from('<html><script>alert(1)</script>')],
      ['a PDF named x.pdf.html', 'x.pdf.html', documentSamples.pdf],
      ['HTML named x.pdf.html', 'x.pdf.html', Buffer.from('<html><body>hi</body></html>')],
      ['a text file named .exe', 'setup.exe', documentSamples.txt],
      ['a text file named only .exe', '.exe', documentSamples.txt],
      ['a PDF named .docx', 'brief.docx', documentSamples.pdf],
    ])(
      'refuses %s: the name must end in the extension of what the file is',
      async (_kind, name, bytes) => {
        const before = (await get()).json();
        const response = await upload(multipart({}, { name, bytes }));
        expect(response.statusCode).toBe(400);
        expect(response.json().violations).toEqual([
          { path: 'file', message: FILE_NAME_TYPE_MESSAGE },
        ]);
        expect((await get()).json()).toEqual(before);
      },
    );

    it('names a file without an extension after what it is', async () => {
      const response = await upload(multipart({}, { name: 'brief', bytes: documentSamples.pdf }));
      expect(response.statusCode).toBe(200);
      expect(ContentGuidelinesSchema.parse(response.json()).custom_guidelines_file).toEqual({
        id: expect.any(String),
        file_name: 'brief.pdf',
      });
    });

    it('refuses a file over 20 MB with the spec message, and accepts exactly 20 MB', async () => {
      const tooLarge = await upload(
        multipart({}, { name: 'big.txt', bytes: Buffer.alloc(MAX_UPLOAD_BYTES + 1, 'a') }),
      );
      expect(tooLarge.statusCode).toBe(413);
      expect(tooLarge.json().violations[0]).toMatchObject({
        path: 'file',
        message: 'The file is too large (20971521 bytes). Allowed maximum size is 20971520 bytes.',
      });
      const exact = await upload(
        multipart({}, { name: 'exact.txt', bytes: Buffer.alloc(MAX_UPLOAD_BYTES, 'a') }),
      );
      expect(exact.statusCode).toBe(200);
    });

    it('asks for a file when none is sent, and for multipart otherwise', async () => {
      const none = await upload(multipart({ note: 'x' }));
      expect(none.statusCode).toBe(400);
      expect(none.json().violations).toEqual([
        { path: 'file', message: GUIDELINES_FILE_MISSING_MESSAGE },
      ]);
      const json = await app.call('PUT', '/content-guidelines/files', app.tokens.buyer, {
        file: 'x',
      });
      expect(json.statusCode).toBe(415);
    });

    it('keeps the settings when the file changes, and removes the file on DELETE', async () => {
      await put(filled);
      const uploaded = await upload(
        multipart({}, { name: 'brief.pdf', bytes: documentSamples.pdf }),
      );
      expect(uploaded.json()).toMatchObject({ trustlinks_number: 3, is_translate_anchor: true });
      const removed = await app.call('DELETE', '/content-guidelines/files', app.tokens.buyer);
      expect(removed.statusCode).toBe(200);
      expect(removed.json()).toMatchObject({ custom_guidelines_file: null, trustlinks_number: 3 });
    });

    it('gives a first file to a buyer without guidelines the defaults', async () => {
      const [before] = await app.ctx.handle.db
        .select()
        .from(contentGuidelines)
        .where(eq(contentGuidelines.userId, app.facts.userIds.secondBuyer));
      expect(before).toBeUndefined();
      const response = await upload(
        multipart({}, { name: 'notes.txt', bytes: documentSamples.txt }),
        'secondBuyer',
      );
      expect(response.json()).toMatchObject({
        ...DEFAULT_CONTENT_GUIDELINES,
        custom_guidelines_file: { file_name: 'notes.txt' },
        revision: 1,
      });
      // The other buyer can neither read the file nor see it in their guidelines.
      const id = response.json().custom_guidelines_file.id as string;
      const download = await app.ctx.app.inject({
        method: 'GET',
        url: `/api/v1/files/${id}`,
        headers: { authorization: `Bearer ${app.tokens.buyer}` },
      });
      expect(download.statusCode).toBe(404);
      expect((await get()).json().custom_guidelines_file?.id).not.toBe(id);
      await app.call('DELETE', '/content-guidelines/files', app.tokens.secondBuyer);
    });
  });

  describe('frozen into order items at checkout', () => {
    let frozenFileId: string;
    let orderId: string;
    let theirOrderId: string;

    beforeAll(async () => {
      await put(filled);
      const uploaded = await upload(
        multipart({}, { name: 'house-style.docx', bytes: documentSamples.docx }),
      );
      frozenFileId = uploaded.json().custom_guidelines_file.id;
      const { order } = await placeOrder(
        app.ctx,
        app.tokens.buyer,
        app.facts,
        [
          lineOfKind(app.facts, 'publisherTopic'),
          lineOfKind(app.facts, 'buyerArticle', 'buyer', 2),
        ],
        'bank_transfer',
      );
      orderId = order.id;
      await app.ctx.handle.db
        .delete(contentGuidelines)
        .where(eq(contentGuidelines.userId, app.facts.userIds.secondBuyer));
      theirOrderId = (
        await placeOrder(
          app.ctx,
          app.tokens.secondBuyer,
          app.facts,
          [lineOfKind(app.facts, 'publisherTopic', 'secondBuyer')],
          'bank_transfer',
          'secondBuyer',
        )
      ).order.id;
    });

    const itemsOf = async (id: string, who: Who = 'buyer') => {
      const response = await app.call('GET', `/orders/${id}/items`, app.tokens[who]);
      expect(response.statusCode).toBe(200);
      return OrderItemListSchema.parse(response.json()).data;
    };

    it('gives each new item a copy of the guidelines as they were', async () => {
      const current = ContentGuidelinesSchema.parse((await get()).json());
      const items = await itemsOf(orderId);
      expect(items).toHaveLength(2);
      for (const item of items) {
        expect(item.content_guidelines).toEqual(current);
        expect(item.content_guidelines?.custom_guidelines_file).toEqual({
          id: frozenFileId,
          file_name: 'house-style.docx',
        });
      }
    });

    it('keeps the copy when the guidelines and the file change later', async () => {
      const frozen = (await itemsOf(orderId))[0]!.content_guidelines;
      await put({ ...filled, preferred_topics: ['Something else'], trustlinks_number: 1 });
      await upload(multipart({}, { name: 'new.pdf', bytes: documentSamples.pdf }));
      await app.call('DELETE', '/content-guidelines/files', app.tokens.buyer);
      const after = await itemsOf(orderId);
      for (const item of after) expect(item.content_guidelines).toEqual(frozen);
      // The file the item names is still there for its owner.
      const download = await app.ctx.app.inject({
        method: 'GET',
        url: `/api/v1/files/${frozenFileId}`,
        headers: { authorization: `Bearer ${app.tokens.buyer}` },
      });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(documentSamples.docx)).toBe(true);
    });

    it("gives an order of a buyer without guidelines none, never another buyer's", async () => {
      const items = await itemsOf(theirOrderId, 'secondBuyer');
      expect(items.map((item) => item.content_guidelines)).toEqual([null]);
      // The other buyer's order, and so its guidelines, answer like a missing one.
      const foreign = await app.call('GET', `/orders/${orderId}/items`, app.tokens.secondBuyer);
      expect(foreign.statusCode).toBe(404);
    });

    it('stores the copy with the item, independent of the current guidelines row', async () => {
      const frozen = (await itemsOf(orderId))[0]!.content_guidelines;
      await app.ctx.handle.db
        .delete(contentGuidelines)
        .where(eq(contentGuidelines.userId, app.facts.userIds.buyer));
      expect((await itemsOf(orderId))[0]!.content_guidelines).toEqual(frozen);
      expect((await get()).json().revision).toBe(0);
    });
  });
});
