import { BadRequestException } from '@nestjs/common';
import { fileTooLargeMessage } from '@family/contract';
import { planFromMetadata, TAGGED_USERS_MESSAGE, titleFromFileName } from './upload-metadata';

describe(planFromMetadata.name, () => {
  it('titles an item by its file name without the extension, unless a title is given', async () => {
    expect(titleFromFileName('IMG_0001.JPG')).toBe('IMG_0001');
    expect(titleFromFileName('.hidden')).toBe('.hidden');
    expect(titleFromFileName('x'.repeat(300) + '.jpg')).toHaveLength(200);
    const plan = await planFromMetadata({ filename: 'Beach.heic', filetype: 'image/heic' });
    expect(plan).toEqual({
      fields: { title: 'Beach' },
      taggedUserIds: [],
      declared: { fileName: 'Beach.heic', mimeType: 'image/heic' },
    });
    const titled = await planFromMetadata({
      filename: 'a.jpg',
      title: ' Garden ',
      albumId: '7',
      taggedUsers: '[3,3,9]',
    });
    expect(titled.fields).toEqual({ title: 'Garden', albumId: '7' });
    expect(titled.taggedUserIds).toEqual([3, 9]);
  });

  it('refuses what POST /api/media refuses, with its sentences', async () => {
    const refusal = (metadata: Record<string, string>) =>
      planFromMetadata(metadata).then(
        () => null,
        (error: BadRequestException) => error.message,
      );
    expect(await refusal({})).toBe('Name the file in the upload\'s metadata ("filename").');
    expect(await refusal({ filename: 'a.jpg', description: 'x'.repeat(5001) })).toBe(
      'Description must be at most 5000 characters',
    );
    expect(await refusal({ filename: 'a.jpg', taggedUsers: '[0]' })).toBe(TAGGED_USERS_MESSAGE);
    expect(await refusal({ filename: 'a.jpg', taggedUsers: '{"a":1}' })).toBe(TAGGED_USERS_MESSAGE);
  });
});

describe(fileTooLargeMessage.name, () => {
  it('names the limit in GB when it is whole gigabytes, else in MB', () => {
    expect(fileTooLargeMessage(10240 * 1024 * 1024)).toBe('File size must be less than 10 GB');
    expect(fileTooLargeMessage(50 * 1024 * 1024)).toBe('File size must be less than 50 MB');
    expect(fileTooLargeMessage(1536 * 1024 * 1024)).toBe('File size must be less than 1536 MB');
  });
});
