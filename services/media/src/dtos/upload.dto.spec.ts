import { BadRequestException } from '@nestjs/common';
import { validateInput } from '@family/shared/nest';
import { UploadMediaFields } from './upload.dto';

const check = (fields: Record<string, string>) => validateInput(UploadMediaFields, fields);

describe(UploadMediaFields.name, () => {
  it('trims the text, clears empty fields and drops fields it does not know', async () => {
    const fields = await check({
      type: ' photo ',
      title: '  Summer  ',
      description: '   ',
      mediaDate: ' 1987-12-24 ',
      albumId: ' 12 ',
      uploadedBy: 'someone else',
    });
    expect(fields).toEqual({
      type: 'photo',
      title: 'Summer',
      description: null,
      mediaDate: '1987-12-24',
      albumId: 12,
    });
  });

  it.each(['', '  ', 'none', 'null'])('reads the album %p as no album', async (albumId) => {
    expect((await check({ type: 'photo', title: 'x', albumId })).albumId).toBeUndefined();
  });

  it("gives a post's website a scheme, under either field name", async () => {
    expect((await check({ type: 'post', title: 'x', websiteUrl: ' example.org/reunion ' })).websiteUrl).toBe(
      'https://example.org/reunion',
    );
    expect((await check({ type: 'post', title: 'x', website_url: 'http://Example.org' })).websiteUrl).toBe(
      'http://example.org/',
    );
    expect((await check({ type: 'post', title: 'x', websiteUrl: ' ' })).websiteUrl).toBeNull();
  });

  it('checks content and website only for posts', async () => {
    const photo = await check({ type: 'photo', title: 'x', content: 'c'.repeat(20001), websiteUrl: 'ftp://x' });
    expect(photo.type).toBe('photo');
  });

  const TYPE = 'Please choose a type: photo, video, audio, document or post.';
  const TITLE = 'Please enter a title';
  const TITLE_LONG = 'Title must be at most 200 characters';
  const WEBSITE = 'Please enter a valid website address, like https://example.org';
  const DATE = 'Please enter the date as YYYY-MM-DD';
  const ALBUM = 'Please choose an album from the list, or No Album.';
  it.each([
    ['no type', { title: 'No type' }, TYPE],
    ['an unknown type', { type: 'movie', title: 'Odd type' }, TYPE],
    ['no title', { type: 'photo' }, TITLE],
    ['a blank title', { type: 'photo', title: ' \t ' }, TITLE],
    ['a long title', { type: 'photo', title: 't'.repeat(201) }, TITLE_LONG],
    // 150 characters to class-validator's MaxLength, 300 to Postgres's varchar(200).
    ['a title too long for its column', { type: 'photo', title: 'a\ufe0f'.repeat(150) }, TITLE_LONG],
    [
      'a long description',
      { type: 'photo', title: 'x', description: 'd'.repeat(5001) },
      'Description must be at most 5000 characters',
    ],
    [
      "a post's long content",
      { type: 'post', title: 'x', content: 'c'.repeat(20001) },
      'Content must be at most 20000 characters',
    ],
    ['a script as website', { type: 'post', title: 'x', websiteUrl: 'javascript:alert(1)' }, WEBSITE],
    ['a website that is no address', { type: 'post', title: 'x', websiteUrl: 'exa mple.org' }, WEBSITE],
    ['a long website', { type: 'post', title: 'x', websiteUrl: `example.org/${'p'.repeat(2000)}` }, WEBSITE],
    ['a day that does not exist', { type: 'photo', title: 'x', mediaDate: '2020-02-30' }, DATE],
    ['a date before the year 1000', { type: 'photo', title: 'x', mediaDate: '0999-12-31' }, DATE],
    ['an album that is no id', { type: 'photo', title: 'x', albumId: 'holidays' }, ALBUM],
    ['album 0', { type: 'photo', title: 'x', albumId: '0' }, ALBUM],
    ['an album id beyond any', { type: 'photo', title: 'x', albumId: '2147483648' }, ALBUM],
    // Several broken rules: the first field in the form's order is answered.
    ['several broken fields', { type: 'photo', title: '', mediaDate: 'soon', albumId: 'x' }, TITLE],
  ] as Array<[string, Record<string, string>, string]>)('refuses %s with 400', async (_case, fields, message) => {
    const refusal = check(fields);
    await expect(refusal).rejects.toThrow(BadRequestException);
    await expect(refusal).rejects.toThrow(message);
  });
});
