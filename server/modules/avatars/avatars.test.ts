import { buffer } from 'node:stream/consumers';
import { crc32 } from 'node:zlib';

import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';

import {
  AVATAR_MARKUP_MESSAGE,
  AVATAR_TYPE_MESSAGE,
  AvatarUploadedSchema,
  MAX_AVATAR_BYTES,
} from '#contract/avatars.ts';
import { ErrorBodySchema } from '#contract/errors.ts';
import { BuyerProfileSchema } from '#contract/profile.ts';
import { files, users } from '#server/db/schema/index.ts';
import { FIXTURE, UNKNOWN_ID } from '#tests/helpers/fixture.ts';
import { multipart, useBuyerApp } from '#tests/helpers/orders.ts';
import { bearer } from '#tests/helpers/test-app.ts';

import { createAvatarsService } from './avatars.service.ts';

const AVATARS = '/api/v1/common/profiles/avatars';

function photo(format: 'png' | 'jpeg' | 'webp', width = 120, height = 80) {
  const image = sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 60, b: 40 } },
  });
  return image[format]().toBuffer();
}

/** A PNG chunk with its length and CRC. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** The PNG with a chunk inserted right after its header chunk (IHDR). */
function withChunk(png: Buffer, type: string, data: Buffer): Buffer {
  const afterHeader = 8 + 25;
  return Buffer.concat([
    png.subarray(0, afterHeader),
    pngChunk(type, data),
    png.subarray(afterHeader),
  ]);
}

/** The PNG with its header declaring other dimensions (the pixel data stays tiny). */
function declaring(png: Buffer, width: number, height: number): Buffer {
  const copy = Buffer.from(png);
  copy.writeUInt32BE(width, 16);
  copy.writeUInt32BE(height, 20);
  copy.writeUInt32BE(crc32(copy.subarray(12, 29)), 29);
  return copy;
}

describe('avatars', () => {
  const app = useBuyerApp();

  const upload = (
    token: string,
    file: { name: string; bytes: Buffer; type?: string } | undefined,
    fields: Record<string, string> = {},
  ) => {
    const form = multipart(fields, file);
    return app.ctx.app.inject({
      method: 'PUT',
      url: AVATARS,
      headers: { ...bearer(token), ...form.headers },
      payload: form.payload,
    });
  };
  const read = (token: string, id: string, size = 'large') =>
    app.ctx.app.inject({ method: 'GET', url: `${AVATARS}/${id}/${size}`, headers: bearer(token) });
  const profile = async (token: string) => {
    const response = await app.ctx.app.inject({
      method: 'GET',
      url: '/api/v1/buyer/profiles',
      headers: bearer(token),
    });
    return BuyerProfileSchema.parse(response.json());
  };
  const expectRefused = (
    response: Awaited<ReturnType<typeof upload>>,
    status: number,
    message: string,
  ) => {
    expect(response.statusCode, response.body).toBe(status);
    const body = ErrorBodySchema.parse(response.json());
    expect(body.violations).toEqual([expect.objectContaining({ path: 'file', message })]);
  };
  /** The names of the user's avatar objects, once the queued removals have run. */
  const storedAvatarFiles = async (userId: string) => {
    while (await app.ctx.app.jobs.runNext());
    const names: string[] = [];
    for await (const object of app.ctx.files.list(`avatars/${userId}/`)) {
      names.push(object.key.slice(`avatars/${userId}/`.length));
    }
    return names.sort();
  };

  it.each(['png', 'jpeg', 'webp'] as const)(
    'accepts a %s image and stores it as square WebP in two sizes',
    async (format) => {
      const response = await upload(app.tokens.buyer, {
        name: `me.${format}`,
        bytes: await photo(format),
        type: `image/${format}`,
      });
      expect(response.statusCode, response.body).toBe(200);
      const { avatar_file } = AvatarUploadedSchema.parse(response.json());
      expect((await profile(app.tokens.buyer)).avatar_file).toEqual(avatar_file);

      for (const [size, side] of [
        ['small', 96],
        ['large', 384],
      ] as const) {
        const image = await read(app.tokens.buyer, avatar_file.id, size);
        expect(image.statusCode).toBe(200);
        expect(image.headers['content-type']).toBe('image/webp');
        expect(image.headers['x-content-type-options']).toBe('nosniff');
        expect(image.headers['cache-control']).toBe('private, max-age=31536000, immutable');
        const metadata = await sharp(image.rawPayload).metadata();
        expect(metadata).toMatchObject({ format: 'webp', width: side, height: side });
      }
    },
  );

  it('judges the content, not the name or the declared type', async () => {
    const response = await upload(app.tokens.buyer, {
      name: 'holiday.exe',
      bytes: await photo('jpeg'),
      type: 'application/x-msdownload',
    });
    expect(response.statusCode, response.body).toBe(200);
  });

  it('strips EXIF and GPS metadata from what it stores', async () => {
    const bytes = await sharp({
      create: { width: 200, height: 150, channels: 3, background: '#3366cc' },
    })
      .jpeg()
      .withExif({
        IFD0: { Copyright: 'Secret Owner', Artist: 'Someone Private' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' },
      })
      .toBuffer();
    const uploaded = await sharp(bytes).metadata();
    expect(uploaded.exif?.toString('latin1')).toContain('Secret Owner');

    const response = await upload(app.tokens.buyer, { name: 'gps.jpg', bytes });
    expect(response.statusCode, response.body).toBe(200);
    const { id } = AvatarUploadedSchema.parse(response.json()).avatar_file;
    const [row] = await app.ctx.handle.db.select().from(files).where(eq(files.id, id));
    for (const size of ['small', 'large']) {
      const stored = await buffer(
        (await app.ctx.files.get(row!.storagePath.replace('-large', `-${size}`)))!,
      );
      const metadata = await sharp(stored).metadata();
      expect(metadata.format).toBe('webp');
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(metadata.icc).toBeUndefined();
      expect(stored.toString('latin1')).not.toContain('Secret Owner');
    }
  });

  it('refuses an SVG image, even named and declared as PNG', async () => {
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    expectRefused(
      await upload(app.tokens.buyer, { name: 'me.png', bytes: svg, type: 'image/png' }),
      400,
      AVATAR_TYPE_MESSAGE,
    );
  });

  it('refuses a renamed executable', async () => {
    const exe = Buffer.concat([
      Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'),
      Buffer.alloc(512),
    ]);
    expectRefused(
      await upload(app.tokens.buyer, { name: 'me.jpg', bytes: exe, type: 'image/jpeg' }),
      400,
      AVATAR_TYPE_MESSAGE,
    );
  });

  it('refuses a PNG that is also an HTML page (polyglot)', async () => {
    const png = await photo('png');
    const inChunk = withChunk(
      png,
      'tEXt',
      Buffer.from('Comment\0<html><body><script>alert(document.cookie)</script></body></html>'),
    );
    expect((await sharp(inChunk).metadata()).format).toBe('png');
    expectRefused(
      await upload(app.tokens.buyer, { name: 'me.png', bytes: inChunk }),
      400,
      AVATAR_MARKUP_MESSAGE,
    );
    const appended = Buffer.concat([png, Buffer.from('<script>alert(1)</script>')]);
    expectRefused(
      await upload(app.tokens.buyer, { name: 'me.png', bytes: appended }),
      400,
      AVATAR_MARKUP_MESSAGE,
    );
  });

  it('stores none of the uploaded bytes besides the pixels: re-encoding drops hidden payloads', async () => {
    const payload = 'HIDDEN-PAYLOAD-7f3a9c';
    const bytes = Buffer.concat([
      withChunk(await photo('png'), 'tEXt', Buffer.from(`Comment\0${payload}`)),
      Buffer.from(payload),
    ]);
    const response = await upload(app.tokens.buyer, { name: 'me.png', bytes });
    expect(response.statusCode, response.body).toBe(200);
    const { id } = AvatarUploadedSchema.parse(response.json()).avatar_file;
    for (const size of ['small', 'large']) {
      const image = await read(app.tokens.buyer, id, size);
      expect(image.rawPayload.toString('latin1')).not.toContain(payload);
    }
  });

  it('refuses a small file declaring 50,000 × 50,000 pixels before decoding it', async () => {
    const flood = declaring(await photo('png', 1, 1), 50_000, 50_000);
    expect(flood.length).toBeLessThan(1024);
    const started = performance.now();
    const response = await upload(app.tokens.buyer, { name: 'flood.png', bytes: flood });
    expect(response.statusCode).toBe(400);
    const body = ErrorBodySchema.parse(response.json());
    expect(body.violations?.[0]).toMatchObject({
      path: 'file',
      parameters: { width: 50_000, height: 50_000 },
    });
    expect(body.violations?.[0]?.message).toContain('50000 × 50000 pixels');
    // Decoding 2.5 gigapixels would take far longer (and gigabytes of memory).
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('refuses an image that is not readable behind a valid signature', async () => {
    const broken = Buffer.concat([(await photo('png')).subarray(0, 40), Buffer.alloc(64)]);
    const response = await upload(app.tokens.buyer, { name: 'broken.png', bytes: broken });
    expect(response.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(response.json()).violations?.[0]?.path).toBe('file');
  });

  it('answers 413 with the sizes for a file over the limit, 400 without a file, 415 without a form', async () => {
    const tooLarge = Buffer.concat([await photo('png'), Buffer.alloc(MAX_AVATAR_BYTES)]);
    const large = await upload(app.tokens.buyer, { name: 'big.png', bytes: tooLarge });
    expect(large.statusCode).toBe(413);
    expect(ErrorBodySchema.parse(large.json()).violations?.[0]).toMatchObject({
      path: 'file',
      parameters: { limit: MAX_AVATAR_BYTES },
    });
    const none = await upload(app.tokens.buyer, undefined, { file: 'not a file' });
    expect(none.statusCode).toBe(400);
    expect(ErrorBodySchema.parse(none.json()).violations?.[0]?.path).toBe('file');
    const json = await app.ctx.app.inject({
      method: 'PUT',
      url: AVATARS,
      headers: bearer(app.tokens.buyer),
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
  });

  it('describes the avatar and preference routes in the API documentation', async () => {
    const document = (await app.ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const paths = document.paths as Record<string, Record<string, { responses: object }>>;
    expect(Object.keys(paths[AVATARS] ?? {}).sort()).toEqual(['delete', 'put']);
    expect(Object.keys(paths[`${AVATARS}/{id}/{size}`]?.get?.responses ?? {})).toContain('404');
    expect(paths['/api/v1/buyer/profiles/notifications/preferences']?.put).toBeDefined();
  });

  it('needs a signed-in buyer for every avatar call', async () => {
    for (const [method, url] of [
      ['PUT', AVATARS],
      ['DELETE', AVATARS],
      ['GET', `${AVATARS}/${UNKNOWN_ID}/small`],
    ] as const) {
      const response = await app.ctx.app.inject({ method, url });
      expect(response.statusCode).toBe(401);
    }
  });

  it('replacing an avatar removes the old one; deleting removes it for good', async () => {
    const first = AvatarUploadedSchema.parse(
      (await upload(app.tokens.secondBuyer, { name: 'a.png', bytes: await photo('png') })).json(),
    ).avatar_file.id;
    const second = AvatarUploadedSchema.parse(
      (await upload(app.tokens.secondBuyer, { name: 'b.webp', bytes: await photo('webp') })).json(),
    ).avatar_file.id;
    expect(second).not.toBe(first);
    expect((await read(app.tokens.secondBuyer, first)).statusCode).toBe(404);
    expect((await read(app.tokens.secondBuyer, second)).statusCode).toBe(200);
    expect(await storedAvatarFiles(app.facts.userIds.secondBuyer)).toEqual(
      [`${second}-large.webp`, `${second}-small.webp`].sort(),
    );

    const removed = await app.ctx.app.inject({
      method: 'DELETE',
      url: AVATARS,
      headers: bearer(app.tokens.secondBuyer),
    });
    expect(removed.statusCode).toBe(204);
    expect((await profile(app.tokens.secondBuyer)).avatar_file).toBeNull();
    expect((await read(app.tokens.secondBuyer, second)).statusCode).toBe(404);
    expect(await storedAvatarFiles(app.facts.userIds.secondBuyer)).toEqual([]);
    expect(await app.ctx.handle.db.select().from(files).where(eq(files.id, second))).toHaveLength(
      0,
    );
    const again = await app.ctx.app.inject({
      method: 'DELETE',
      url: AVATARS,
      headers: bearer(app.tokens.secondBuyer),
    });
    expect(again.statusCode).toBe(204);
  });

  it("answers another buyer's avatar id like a missing one, and validates the address", async () => {
    const mine = AvatarUploadedSchema.parse(
      (await upload(app.tokens.buyer, { name: 'a.png', bytes: await photo('png') })).json(),
    ).avatar_file.id;
    const theirs = await read(app.tokens.secondBuyer, mine);
    const missing = await read(app.tokens.secondBuyer, UNKNOWN_ID);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(missing.json());
    expect((await read(app.tokens.buyer, 'not-an-id')).statusCode).toBe(400);
    expect((await read(app.tokens.buyer, mine, 'huge')).statusCode).toBe(400);
  });

  it("shows the buyer their managers' avatars, and no other staff member's", async () => {
    const db = app.ctx.handle.db;
    const idOf = async (email: string) =>
      (await db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
    const avatars = createAvatarsService({ db, files: app.ctx.files, jobs: app.ctx.app.jobs });
    const sales = await avatars.replace(await idOf(FIXTURE.salesManager), await photo('png'));
    const account = await avatars.replace(await idOf(FIXTURE.accountManager), await photo('jpeg'));
    const stranger = await avatars.replace(await idOf(FIXTURE.manager), await photo('webp'));

    const seen = await profile(app.tokens.secondBuyer);
    expect(seen.sales_manager?.avatar_file).toEqual(sales);
    expect(seen.account_manager?.avatar_file).toEqual(account);
    for (const token of [app.tokens.buyer, app.tokens.secondBuyer]) {
      expect((await read(token, sales.id, 'small')).statusCode).toBe(200);
      expect((await read(token, account.id, 'small')).statusCode).toBe(200);
      expect((await read(token, stranger.id, 'small')).statusCode).toBe(404);
    }
  });
});
